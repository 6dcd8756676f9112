import { getZodConstraint } from "@conform-to/zod/v4";
import { Link } from "react-router";
import type { Route } from "./+types/forgot-password";
import { FormPage, LinkUnderForm, PageForm, textLinkClass } from "~/components/forms/form-page";
import { EmailField } from "~/components/forms/form-parts";
import { usePageForm } from "~/components/forms/use-page-form";
import { formAction } from "~/lib/action.server";
import { CACHE } from "~/lib/cache";
import { LIMITS, RATE_LIMITS } from "~/lib/constants";
import { formatLifetime } from "~/lib/dates";
import { requestInfoContext } from "~/lib/context";
import { rateLimited } from "~/lib/failure";
import { TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import { throttle } from "~/db/throttle.server";
import { FORGOT_PASSWORD_PATH } from "~/lib/auth-paths";
import { requestPasswordReset } from "~/modules/accounts/password-reset.server";
import { forgotPasswordSchema } from "~/modules/accounts/recovery-schemas";
import { noindexMeta } from "~/lib/page-title";

export const meta: Route.MetaFunction = ({ matches }) =>
  noindexMeta(matches, "Recuperar contraseña");

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CACHE.privateNoStore });

export function loader({ request }: Route.LoaderArgs) {
  return {
    sent: new URL(request.url).searchParams.has("enviado"),
    constraint: getZodConstraint(forgotPasswordSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ip, requestId } = context.get(requestInfoContext);
  return formAction(request, {
    schema: forgotPasswordSchema,
    // Refused only per address and per (e-mail, address); per e-mail only the mails sent are
    // limited, with the same answer (ADR 0023).
    authorize: async ({ email }) => {
      const gate = await throttle({
        action: "password_reset",
        blocks: [
          { kind: "ip", key: `password-reset:ip:${ip}`, rule: RATE_LIMITS.passwordResetPerIp },
          {
            kind: "email_ip",
            key: `password-reset:email-ip:${email}|${ip}`,
            rule: RATE_LIMITS.passwordResetPerEmailIp,
          },
        ],
        logFields: { email, ip, requestId },
      });
      return gate.decision.kind === "allow" ? null : rateLimited(TOO_MANY_ATTEMPTS);
    },
    run: ({ email }) => requestPasswordReset(email, { ip, requestId }),
    // The same answer whether or not the address has an account (no enumeration).
    onSuccess: () => ({ redirectTo: `${FORGOT_PASSWORD_PATH}?enviado` }),
  });
}

/** zod and the schema load after hydration (ADR 0007). */
const loadSchema = () =>
  import("~/modules/accounts/recovery-schemas").then((m) => m.forgotPasswordSchema);

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { busy, form, fields } = usePageForm(FORGOT_PASSWORD_PATH, {
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    loadSchema,
  });

  return (
    <FormPage
      title="¿Has olvidado tu contraseña?"
      lead={
        loaderData.sent
          ? undefined
          : "Escribe el correo electrónico de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva."
      }
    >
      {loaderData.sent ? (
        <div
          role="status"
          className="mt-6 space-y-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-slate-800"
        >
          <p className="font-semibold text-emerald-900">Revisa tu correo</p>
          <p>
            Si existe una cuenta con ese correo electrónico, te hemos enviado un enlace para elegir
            una contraseña nueva. Caduca en {formatLifetime(LIMITS.passwordResetTtlSeconds)} y solo
            puede usarse una vez.
          </p>
          <p className="text-sm text-slate-700">
            ¿No lo encuentras? Mira en la carpeta de correo no deseado o{" "}
            <Link to={FORGOT_PASSWORD_PATH} className={textLinkClass}>
              pide otro enlace
            </Link>
            .
          </p>
        </div>
      ) : (
        <PageForm form={form} busy={busy} submit="Enviar enlace" busyLabel="Enviando...">
          <EmailField field={fields.email} />
        </PageForm>
      )}
      <LinkUnderForm prompt="¿Te has acordado?" to="/login">
        Inicia sesión
      </LinkUnderForm>
    </FormPage>
  );
}
