import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { FormErrors, primaryButtonClass, TextField } from "~/components/forms/field";
import { buttonVariants } from "~/components/ui/button";
import { CACHE } from "~/lib/cache";
import { LIMITS, RATE_LIMITS } from "~/lib/constants";
import { requestInfoContext, userContext } from "~/lib/context";
import { formatLifetime } from "~/lib/dates";
import { readFormData } from "~/lib/forms.server";
import { isRateLimited, TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from "~/lib/auth-paths";
import { isWeakPassword } from "~/modules/accounts/passwords.server";
import { resetPassword, resetTokenState } from "~/modules/accounts/password-reset.server";
import { resetPasswordSchema } from "~/modules/accounts/recovery-schemas";
import { COMMON_PASSWORD_MESSAGE } from "~/modules/accounts/schemas";
import { pageTitle } from "~/lib/page-title";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Nueva contraseña") },
  { name: "robots", content: "noindex" },
];

// The address carries the reset token: never cached, never sent on as a referrer.
const PAGE_HEADERS = { "Cache-Control": CACHE.privateNoStore, "Referrer-Policy": "no-referrer" };
export const headers: Route.HeadersFunction = () => PAGE_HEADERS;

const LINK_PROBLEMS = {
  expired: {
    title: "El enlace ha caducado",
    message: `Los enlaces para restablecer la contraseña caducan en ${formatLifetime(LIMITS.passwordResetTtlSeconds)}. Pide un enlace nuevo.`,
  },
  invalid: {
    title: "Enlace no válido",
    message: "Este enlace no es válido o ya se ha utilizado. Pide un enlace nuevo.",
  },
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = token ? await resetTokenState(token) : "invalid";
  return data(
    { token: state === "valid" ? token : null, problem: state === "valid" ? null : state },
    { status: state === "valid" ? 200 : 400, headers: PAGE_HEADERS },
  );
}

const HIDDEN = ["password", "confirmPassword"];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: HIDDEN }), { status: 400 });
  }
  if (await isWeakPassword(submission.value.password)) {
    return data(
      submission.reply({
        fieldErrors: { password: [COMMON_PASSWORD_MESSAGE] },
        hideFields: HIDDEN,
      }),
      { status: 400 },
    );
  }
  const { ip } = context.get(requestInfoContext);
  if (
    await isRateLimited([[`password-reset-submit:ip:${ip}`, RATE_LIMITS.passwordResetSubmitPerIp]])
  ) {
    return data(submission.reply({ formErrors: [TOO_MANY_ATTEMPTS], hideFields: HIDDEN }), {
      status: 429,
    });
  }
  const result = await resetPassword(submission.value, request, context.get(userContext));
  if (!result.ok) {
    // The page then says why the link cannot be used, instead of the form.
    return data({ linkProblem: result.reason }, { status: 400 });
  }
  if (!result.headers) {
    return redirectWithToast("/login", {
      title: "Contraseña Actualizada",
      description: "Ya puedes iniciar sesión con tu nueva contraseña.",
    });
  }
  return redirectWithToast(
    "/",
    {
      title: "Contraseña Actualizada",
      description: "Has iniciado sesión con tu nueva contraseña.",
    },
    { headers: result.headers },
  );
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formAction?.startsWith(RESET_PASSWORD_PATH) === true;
  const linkProblem =
    actionData && "linkProblem" in actionData ? actionData.linkProblem : loaderData.problem;
  const [form, fields] = useForm({
    lastResult: busy || !actionData || "linkProblem" in actionData ? null : actionData,
    constraint: getZodConstraint(resetPasswordSchema),
    defaultValue: { token: loaderData.token ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });

  // The link cannot be used (any more): say why, and offer a new one.
  if (linkProblem) {
    const problem = LINK_PROBLEMS[linkProblem];
    return (
      <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{problem.title}</h1>
        <p className="mt-3 text-slate-700">{problem.message}</p>
        <Link
          to={FORGOT_PASSWORD_PATH}
          className={buttonVariants({ className: "mt-6 self-start" })}
        >
          Pedir un enlace nuevo
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        Elige una contraseña nueva
      </h1>
      <p className="mt-1 text-slate-600">
        Al guardarla se cerrarán las sesiones abiertas en otros dispositivos y entrarás con tu
        cuenta.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <input {...getInputProps(fields.token, { type: "hidden" })} key={fields.token.key} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          label="Nueva contraseña"
          field={fields.password}
          type="password"
          autoComplete="new-password"
          hint={`Al menos ${LIMITS.minPasswordLength} caracteres. Evita contraseñas comunes.`}
        />
        <TextField
          label="Confirmar contraseña"
          field={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
        />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? "Guardando..." : "Guardar contraseña"}
        </button>
      </Form>
    </div>
  );
}
