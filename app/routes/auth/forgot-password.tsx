import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { FormErrors, primaryButtonClass, TextField } from "~/components/forms/field";
import { CACHE } from "~/lib/cache";
import { LIMITS, RATE_LIMITS } from "~/lib/constants";
import { formatLifetime } from "~/lib/dates";
import { requestInfoContext } from "~/lib/context";
import { readFormData } from "~/lib/forms.server";
import { TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import { throttle } from "~/db/throttle.server";
import { FORGOT_PASSWORD_PATH } from "~/lib/auth-paths";
import { requestPasswordReset } from "~/modules/accounts/password-reset.server";
import { forgotPasswordSchema } from "~/modules/accounts/recovery-schemas";
import { pageTitle } from "~/lib/page-title";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Recuperar contraseña") },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CACHE.privateNoStore });

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.has("enviado") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { email } = submission.value;
  // Refused only per address and per (e-mail, address); per e-mail only the mails sent are
  // limited, with the same answer (ADR 0023).
  const { ip, requestId } = context.get(requestInfoContext);
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
  if (gate.decision.kind !== "allow") {
    return data(submission.reply({ formErrors: [TOO_MANY_ATTEMPTS] }), { status: 429 });
  }
  await requestPasswordReset(email, { ip, requestId });
  // The same answer whether or not the address has an account (no enumeration).
  return redirect(`${FORGOT_PASSWORD_PATH}?enviado`);
}

const linkClass = "font-semibold text-brand-700 underline-offset-2 hover:underline";

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === FORGOT_PASSWORD_PATH;
  const [form, fields] = useForm({
    lastResult: busy ? null : actionData,
    constraint: getZodConstraint(forgotPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        ¿Has olvidado tu contraseña?
      </h1>
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
            <Link to={FORGOT_PASSWORD_PATH} className={linkClass}>
              pide otro enlace
            </Link>
            .
          </p>
        </div>
      ) : (
        <>
          <p className="mt-1 text-slate-600">
            Escribe el correo electrónico de tu cuenta y te enviaremos un enlace para elegir una
            contraseña nueva.
          </p>
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextField
              label="Correo electrónico"
              field={fields.email}
              type="email"
              autoComplete="email"
            />
            <button type="submit" className={primaryButtonClass} disabled={busy}>
              {busy ? "Enviando..." : "Enviar enlace"}
            </button>
          </Form>
        </>
      )}
      <p className="mt-6 text-center text-sm text-slate-700">
        ¿Te has acordado?{" "}
        <Link to="/login" className={linkClass}>
          Inicia sesión
        </Link>
      </p>
    </div>
  );
}
