import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/verify-email";
import { FormErrors, primaryButtonClass, TextField } from "~/components/forms/field";
import { CACHE } from "~/lib/cache";
import { LIMITS, RATE_LIMITS } from "~/lib/constants";
import { requestInfoContext, userContext } from "~/lib/context";
import { formatLifetime } from "~/lib/dates";
import { readFormData } from "~/lib/forms.server";
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
import { pageTitle } from "~/lib/page-title";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Confirmar correo") },
  { name: "robots", content: "noindex" },
];

const PAGE_HEADERS = { "Cache-Control": CACHE.privateNoStore, "Referrer-Policy": "no-referrer" };
export const headers: Route.HeadersFunction = () => PAGE_HEADERS;

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
  if (!token) return data({ problem: "none" as const, account }, { headers: PAGE_HEADERS });
  const outcome = await verifyEmailToken(token);
  if (outcome === "expired" || outcome === "invalid") {
    return data({ problem: outcome, account }, { status: 400, headers: PAGE_HEADERS });
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
      : {
          title: "Correo ya confirmado",
          description: "Tu correo electrónico ya estaba confirmado.",
        },
  );
}

/** "Enviar un nuevo enlace": to the signed-in user, or to the address a visitor types. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: resendVerificationSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const user = context.get(userContext);
  const back = safeRedirectPath(submission.value.redirectTo, VERIFY_EMAIL_PATH);

  if (user) {
    if (user.emailVerified) {
      return redirectWithToast(back, {
        title: "Correo ya confirmado",
        description: "Tu correo electrónico ya estaba confirmado.",
      });
    }
    if (
      await isRateLimited([
        [`verify-resend:user:${user.id}`, RATE_LIMITS.verificationResendPerUser],
      ])
    ) {
      return redirectWithToast(back, {
        title: "Espera un poco",
        description: `Ya te hemos enviado varios enlaces. ${TOO_MANY_ATTEMPTS}`,
        variant: "destructive",
      });
    }
    const outcome = await resendVerificationTo(user, request);
    return redirectWithToast(
      back,
      outcome === "sent"
        ? {
            title: "Correo enviado",
            description: `Te hemos enviado un nuevo enlace de confirmación a ${user.email}.`,
          }
        : {
            title: "Correo ya confirmado",
            description: "Tu correo electrónico ya estaba confirmado.",
          },
    );
  }

  const { email } = submission.value;
  if (!email) {
    return data(
      submission.reply({ fieldErrors: { email: ["El correo electrónico es obligatorio."] } }),
      { status: 400 },
    );
  }
  const { ip } = context.get(requestInfoContext);
  const limited = await isRateLimited([
    [`verify-resend:ip:${ip}`, RATE_LIMITS.verificationResendPerIp],
    [`verify-resend:email:${email}`, RATE_LIMITS.verificationResendPerEmail],
  ]);
  if (limited) return data(submission.reply({ formErrors: [TOO_MANY_ATTEMPTS] }), { status: 429 });
  await resendVerificationByEmail(email);
  // The same answer whether or not such an account exists (no enumeration).
  return redirectWithToast("/login", {
    title: "Revisa tu correo",
    description:
      "Si hay una cuenta sin confirmar con ese correo electrónico, te hemos enviado un nuevo enlace de confirmación.",
  });
}

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { problem, account } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === VERIFY_EMAIL_PATH;
  const [form, fields] = useForm({
    lastResult: busy ? null : actionData,
    constraint: getZodConstraint(resendVerificationSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resendVerificationSchema }),
  });
  const text = PROBLEMS[problem];

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{text.title}</h1>
      {account?.verified ? (
        <>
          <p className="mt-3 text-slate-700">Tu correo electrónico ya está confirmado.</p>
          <Link
            to="/"
            className="mt-6 font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Volver a la tienda
          </Link>
        </>
      ) : (
        <>
          <p className="mt-3 text-slate-700">{text.message}</p>
          {account ? (
            <div className="mt-6 space-y-3">
              <p className="text-sm text-slate-700">
                Lo enviaremos a <strong>{account.email}</strong>.
              </p>
              <ResendVerificationButton redirectTo={VERIFY_EMAIL_PATH} />
            </div>
          ) : (
            <Form
              method="post"
              action={VERIFY_EMAIL_PATH}
              {...getFormProps(form)}
              className="mt-6 space-y-4"
            >
              <FormErrors id={form.errorId} errors={form.errors} />
              <TextField
                label="Correo electrónico"
                field={fields.email}
                type="email"
                autoComplete="email"
              />
              <button type="submit" className={primaryButtonClass} disabled={busy}>
                {busy ? "Enviando..." : "Enviar un nuevo enlace"}
              </button>
            </Form>
          )}
        </>
      )}
    </div>
  );
}
