import { MailCheck } from "~/components/icons/mail-check";
import { useSubmittingTo } from "./use-submitting";
import { Form } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { VERIFY_EMAIL_PATH } from "~/lib/auth-paths";

/**
 * "Enviar un nuevo enlace" for the signed-in user whose e-mail is not confirmed yet. Posts to
 * the confirmation page's action, which sends the link and comes back to `redirectTo` with a
 * toast. Works without JavaScript.
 */
export function ResendVerificationButton({
  redirectTo,
  label = "Enviar un nuevo enlace",
}: {
  redirectTo: string;
  label?: string;
}) {
  const busy = useSubmittingTo(VERIFY_EMAIL_PATH);
  return (
    <Form method="post" action={VERIFY_EMAIL_PATH}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className={buttonVariants({ variant: "outline" })} disabled={busy}>
        <MailCheck aria-hidden="true" />
        {busy ? "Enviando..." : label}
      </button>
    </Form>
  );
}

/**
 * Why something waits for the signed-in user's e-mail confirmation, with the button that sends
 * a new link (the reviews page, /perfil's preferences).
 */
export function VerificationNotice({
  message,
  redirectTo,
  className = "",
}: {
  message: string;
  redirectTo: string;
  className?: string;
}) {
  return (
    <div
      className={`flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between ${className}`}
    >
      <p className="text-slate-800">{message}</p>
      <ResendVerificationButton
        redirectTo={redirectTo}
        label="Reenviar el enlace de confirmación"
      />
    </div>
  );
}
