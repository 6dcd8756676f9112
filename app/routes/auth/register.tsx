import { getZodConstraint } from "@conform-to/zod/v4";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/register";
import { CheckboxField, TextField } from "~/components/forms/field";
import { FormPage, LinkUnderForm, PageForm } from "~/components/forms/form-page";
import { EmailField, NewPasswordFields } from "~/components/forms/form-parts";
import { useSubmittingTo } from "~/components/forms/use-submitting";
import { useLightForm } from "~/components/forms/lazy-validation";
import { formAction } from "~/lib/action.server";
import { LIMITS, RATE_LIMITS } from "~/lib/constants";
import { requestInfoContext, userContext } from "~/lib/context";
import { registerUser } from "~/modules/accounts/accounts.server";
import { refuseNewPassword } from "~/modules/accounts/passwords.server";
import { registerSchema } from "~/modules/accounts/schemas";
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

export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = context.get(requestInfoContext);
  return formAction(request, {
    schema: registerSchema,
    hideFields: ["password", "confirmPassword"],
    authorize: ({ password }) =>
      refuseNewPassword(password, [`register:ip:${ip}`, RATE_LIMITS.registerPerIp]),
    run: registerUser,
    onSuccess: ({ preferencesSaved }) => ({
      redirectTo: "/login",
      // Spec §8; the confirmation e-mail went out with the sign-up (ADR 0009).
      toast: preferencesSaved
        ? { title: "¡Registro Exitoso!", description: "Revisa tu correo para confirmar tu cuenta." }
        : {
            title: "¡Registro Exitoso!",
            description:
              "Revisa tu correo para confirmar tu cuenta. No pudimos guardar tus preferencias de comunicación: puedes ajustarlas en tu perfil.",
          },
    }),
  });
}

/** zod and the schema load after hydration (ADR 0007). */
const loadRegisterSchema = () => import("~/modules/accounts/schemas").then((m) => m.registerSchema);

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useSubmittingTo("/registro");
  const [form, fields] = useLightForm({
    lastResult: busy ? null : actionData?.result,
    constraint: loaderData.constraint,
    loadSchema: loadRegisterSchema,
  });
  const linkClass = "font-semibold text-brand-700 underline underline-offset-2";

  return (
    <FormPage
      title="Crear cuenta"
      lead="Regístrate para guardar favoritos, opinar y seguir tus pedidos."
    >
      <PageForm form={form} busy={busy} submit="Crear cuenta" busyLabel="Creando cuenta...">
        <TextField label="Nombre completo" field={fields.fullName} autoComplete="name" />
        <EmailField field={fields.email} />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          labels={["Contraseña", "Confirmar contraseña"]}
          placeholder={`Mínimo ${LIMITS.minPasswordLength} caracteres`}
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
      </PageForm>
      <LinkUnderForm prompt="¿Ya tienes cuenta?" to="/login">
        Inicia sesión
      </LinkUnderForm>
    </FormPage>
  );
}
