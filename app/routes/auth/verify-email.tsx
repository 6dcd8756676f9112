import { getZodConstraint } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/verify-email";
import { BackToShopLink, MessagePage, PageForm } from "~/components/forms/form-page";
import { EmailField } from "~/components/forms/form-parts";
import { useSubmittingTo } from "~/components/forms/use-submitting";
import { useLightForm } from "~/components/forms/lazy-validation";
import { formAction } from "~/lib/action.server";
import { invalid, ok, rateLimited, type Result } from "~/lib/failure";
import { TOKEN_PAGE_HEADERS } from "~/lib/cache";
import { LIMITS, RATE_LIMITS } from "~/lib/constants";
import { requestInfoContext, userContext } from "~/lib/context";
import { formatLifetime } from "~/lib/dates";
import { isRateLimited, TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { safeRedirectPath } from "~/lib/utils";
import { VERIFY_EMAIL_PATH } from "~/lib/auth-paths";
import { ResendVerificationButton } from "~/components/forms/resend-verification-button";
import {
  resendVerificationByEmail,
  resendVerificationTo,
  verifyEmailToken,
} from "~/modules/accounts/email-verification.server";
import { resendVerificationSchema } from "~/modules/accounts/recovery-schemas";
import { noindexMeta } from "~/lib/page-title";

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Confirmar correo");

export const headers: Route.HeadersFunction = () => TOKEN_PAGE_HEADERS;

const PROBLEMS = {
  expired: {
    title: "El enlace ha caducado",
    message: `Los enlaces de confirmación caducan en ${formatLifetime(LIMITS.emailVerificationTtlSeconds)}. Pide uno nuevo y úsalo antes de que caduque.`,
  },
  invalid: {
    title: "Enlace no válido",
    message:
      "El enlace de confirmación no es válido. Comprueba que lo has copiado entero o pide uno nuevo.",
  },
  none: {
    title: "Confirma tu correo electrónico",
    message:
      "Al registrarte te enviamos un enlace para confirmar tu correo. Si no lo encuentras (mira también en la carpeta de correo no deseado), pide uno nuevo.",
  },
} as const;

const ALREADY_CONFIRMED = {
  title: "Correo ya confirmado",
  description: "Tu correo electrónico ya estaba confirmado.",
};

/**
 * The confirmation link lands here. Following it confirms the address (a GET that changes
 * something: the signed token is the authorisation, and using it twice changes nothing — ADR
 * 0009), then goes on with a toast. A link that cannot be used shows why, and a way to get
 * a new one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const token = new URL(request.url).searchParams.get("token");
  const account = user ? { email: user.email, verified: user.emailVerified } : null;
  const constraint = getZodConstraint(resendVerificationSchema);
  if (!token) {
    return data({ problem: "none" as const, account, constraint }, { headers: TOKEN_PAGE_HEADERS });
  }
  const outcome = await verifyEmailToken(token);
  if (outcome === "expired" || outcome === "invalid") {
    return data(
      { problem: outcome, account, constraint },
      { status: 400, headers: TOKEN_PAGE_HEADERS },
    );
  }
  const next = user ? "/" : "/login";
  return redirectWithToast(
    next,
    outcome === "verified"
      ? {
          title: "Correo confirmado",
          description: user
            ? "Tu correo electrónico ha quedado confirmado."
            : "Tu correo electrónico ha quedado confirmado. Ya puedes iniciar sesión.",
        }
      : ALREADY_CONFIRMED,
  );
}

/** "Enviar un nuevo enlace": to the signed-in user, or to the address a visitor types. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const { ip } = context.get(requestInfoContext);
  const backOf = (redirectTo: string | undefined) =>
    safeRedirectPath(redirectTo, VERIFY_EMAIL_PATH);
  return formAction(request, {
    schema: resendVerificationSchema,
    authorize: async ({ email }) => {
      if (user) {
        if (user.emailVerified) return null;
        const key = `verify-resend:user:${user.id}`;
        return (await isRateLimited([[key, RATE_LIMITS.verificationResendPerUser]]))
          ? rateLimited(`Ya te hemos enviado varios enlaces. ${TOO_MANY_ATTEMPTS}`)
          : null;
      }
      if (!email) return invalid("El correo electrónico es obligatorio.", "email");
      const limited = await isRateLimited([
        [`verify-resend:ip:${ip}`, RATE_LIMITS.verificationResendPerIp],
        [`verify-resend:email:${email}`, RATE_LIMITS.verificationResendPerEmail],
      ]);
      return limited ? rateLimited(TOO_MANY_ATTEMPTS) : null;
    },
    run: async ({ email }): Promise<Result<{ outcome: "sent" | "already_verified" | "asked" }>> => {
      if (user) {
        const outcome = user.emailVerified
          ? "already_verified"
          : await resendVerificationTo(user, request);
        return ok({ outcome });
      }
      await resendVerificationByEmail(email ?? "");
      return ok({ outcome: "asked" });
    },
    onSuccess: ({ outcome }, { redirectTo }) => {
      if (!user) {
        // The same answer whether or not such an account exists (no enumeration).
        return {
          redirectTo: "/login",
          toast: {
            title: "Revisa tu correo",
            description:
              "Si hay una cuenta sin confirmar con ese correo electrónico, te hemos enviado un nuevo enlace de confirmación.",
          },
        };
      }
      return {
        redirectTo: backOf(redirectTo),
        toast:
          outcome === "sent"
            ? {
                title: "Correo enviado",
                description: `Te hemos enviado un nuevo enlace de confirmación a ${user.email}.`,
              }
            : ALREADY_CONFIRMED,
      };
    },
    // A signed-in user's button is on other pages too: too many links is said there, as a toast.
    onFailure: (failure, formData) => {
      if (!user || failure.kind !== "rate_limited") return undefined;
      const redirectTo = formData.get("redirectTo");
      return {
        redirectTo: backOf(typeof redirectTo === "string" ? redirectTo : undefined),
        toast: { title: "Espera un poco", description: failure.message, variant: "destructive" },
      };
    },
  });
}

/** zod and the schema load after hydration (ADR 0007). */
const loadSchema = () =>
  import("~/modules/accounts/recovery-schemas").then((m) => m.resendVerificationSchema);

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { problem, account } = loaderData;
  const busy = useSubmittingTo(VERIFY_EMAIL_PATH);
  const [form, fields] = useLightForm({
    lastResult: busy ? null : actionData?.result,
    constraint: loaderData.constraint,
    loadSchema,
  });
  const text = PROBLEMS[problem];

  if (account?.verified) {
    return (
      <MessagePage title={text.title} message="Tu correo electrónico ya está confirmado.">
        <BackToShopLink />
      </MessagePage>
    );
  }
  return (
    <MessagePage title={text.title} message={text.message}>
      {account ? (
        <div className="mt-6 space-y-3">
          <p className="text-sm text-slate-700">
            Lo enviaremos a <strong>{account.email}</strong>.
          </p>
          <ResendVerificationButton redirectTo={VERIFY_EMAIL_PATH} />
        </div>
      ) : (
        <PageForm
          form={form}
          action={VERIFY_EMAIL_PATH}
          busy={busy}
          submit="Enviar un nuevo enlace"
          busyLabel="Enviando..."
        >
          <EmailField field={fields.email} />
        </PageForm>
      )}
    </MessagePage>
  );
}
