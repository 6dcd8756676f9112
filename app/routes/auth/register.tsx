import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { readFormData } from "~/lib/forms.server";
import type { Route } from "./+types/register";
import { CheckboxField, FormErrors, primaryButtonClass, TextField } from "~/components/forms/field";
import { useLightForm } from "~/components/forms/lazy-validation";
import { LIMITS, RATE_LIMITS } from "~/lib/constants";
import { requestInfoContext, userContext } from "~/lib/context";
import { isRateLimited, TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { registerUser } from "~/modules/accounts/accounts.server";
import { isWeakPassword } from "~/modules/accounts/passwords.server";
import { COMMON_PASSWORD_MESSAGE, registerSchema } from "~/modules/accounts/schemas";
import { pageTitle, siteNameOf } from "~/lib/page-title";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Crear cuenta") },
  {
    name: "description",
    content: `Crea tu cuenta en ${siteNameOf(matches)}: compra más rápido, sigue tus pedidos y guarda tus favoritos.`,
  },
];

export function loader({ context }: Route.LoaderArgs) {
  if (context.get(userContext)) throw redirect("/perfil");
  return { constraint: getZodConstraint(registerSchema) };
}

const HIDDEN = ["password", "confirmPassword"];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: registerSchema });
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
  if (await isRateLimited([[`register:ip:${ip}`, RATE_LIMITS.registerPerIp]])) {
    return data(submission.reply({ formErrors: [TOO_MANY_ATTEMPTS], hideFields: HIDDEN }), {
      status: 429,
    });
  }
  const result = await registerUser(submission.value);
  if (!result.ok) {
    const errors =
      result.reason === "email_taken"
        ? { fieldErrors: { email: [result.message] } }
        : { formErrors: [result.message] };
    return data(submission.reply({ ...errors, hideFields: HIDDEN }), {
      status: result.reason === "email_taken" ? 409 : 500,
    });
  }
  return redirectWithToast(
    "/login",
    // Spec §8; the confirmation e-mail went out with the sign-up (ADR 0009).
    result.preferencesSaved
      ? { title: "¡Registro Exitoso!", description: "Revisa tu correo para confirmar tu cuenta." }
      : {
          title: "¡Registro Exitoso!",
          description:
            "Revisa tu correo para confirmar tu cuenta. No pudimos guardar tus preferencias de comunicación: puedes ajustarlas en tu perfil.",
        },
  );
}

/** zod and the schema load after hydration (ADR 0007). */
const loadRegisterSchema = () => import("~/modules/accounts/schemas").then((m) => m.registerSchema);

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/registro";
  const [form, fields] = useLightForm({
    lastResult: busy ? null : actionData,
    constraint: loaderData.constraint,
    loadSchema: loadRegisterSchema,
  });
  const linkClass = "font-semibold text-brand-700 underline underline-offset-2";

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Crear cuenta</h1>
      <p className="mt-1 text-slate-600">
        Regístrate para guardar favoritos, opinar y seguir tus pedidos.
      </p>
      <Form method="post" {...form.props} className="mt-6 space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label="Nombre completo" field={fields.fullName} autoComplete="name" />
        <TextField
          label="Correo electrónico"
          field={fields.email}
          type="email"
          autoComplete="email"
        />
        <TextField
          label="Contraseña"
          field={fields.password}
          type="password"
          autoComplete="new-password"
          placeholder={`Mínimo ${LIMITS.minPasswordLength} caracteres`}
          hint={`Al menos ${LIMITS.minPasswordLength} caracteres. Evita contraseñas comunes.`}
        />
        <TextField
          label="Confirmar contraseña"
          field={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
        />
        <CheckboxField field={fields.acceptTerms}>
          He leído y acepto los{" "}
          <Link to="/terminos-y-condiciones" className={linkClass} target="_blank">
            términos y condiciones
          </Link>{" "}
          y la{" "}
          <Link to="/politica-de-privacidad" className={linkClass} target="_blank">
            política de privacidad
          </Link>
          .
        </CheckboxField>
        <CheckboxField field={fields.marketingOptIn}>
          Quiero recibir ofertas y novedades por correo electrónico (opcional; puedes darte de baja
          cuando quieras).
        </CheckboxField>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? "Creando cuenta..." : "Crear cuenta"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        ¿Ya tienes cuenta?{" "}
        <Link
          to="/login"
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Inicia sesión
        </Link>
      </p>
    </div>
  );
}
