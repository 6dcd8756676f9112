import { getZodConstraint } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import type { Route } from "./+types/reset-password";
import { NewPasswordFields } from "~/components/forms/form-parts";
import { FormPage, MessagePage, PageForm } from "~/components/forms/form-page";
import { useSubmittingTo } from "~/components/forms/use-submitting";
import { useLightForm } from "~/components/forms/lazy-validation";
import { buttonVariants } from "~/components/ui/button";
import { formAction } from "~/lib/action.server";
import { TOKEN_PAGE_HEADERS } from "~/lib/cache";
import { RATE_LIMITS } from "~/lib/constants";
import { requestInfoContext, userContext } from "~/lib/context";
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from "~/lib/auth-paths";
import { refuseNewPassword } from "~/modules/accounts/passwords.server";
import { resetPassword, resetTokenState } from "~/modules/accounts/password-reset.server";
import { resetPasswordSchema } from "~/modules/accounts/recovery-schemas";
import { RESET_LINK_PROBLEMS, resetLinkProblemOf } from "~/modules/accounts/recovery-texts";
import { noindexMeta } from "~/lib/page-title";

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Nueva contraseña");

export const headers: Route.HeadersFunction = () => TOKEN_PAGE_HEADERS;

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = token ? await resetTokenState(token) : "invalid";
  return data(
    {
      token: state === "valid" ? token : null,
      problem: state === "valid" ? null : state,
      constraint: getZodConstraint(resetPasswordSchema),
    },
    { status: state === "valid" ? 200 : 400, headers: TOKEN_PAGE_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = context.get(requestInfoContext);
  return formAction(request, {
    schema: resetPasswordSchema,
    hideFields: ["password", "confirmPassword", "token"],
    authorize: ({ password }) =>
      refuseNewPassword(password, [
        `password-reset-submit:ip:${ip}`,
        RATE_LIMITS.passwordResetSubmitPerIp,
      ]),
    // A link that cannot be used is refused on the form's token: the page then says why.
    run: (value) => resetPassword(value, request, context.get(userContext)),
    onSuccess: ({ headers }) =>
      headers
        ? {
            redirectTo: "/",
            toast: {
              title: "Contraseña Actualizada",
              description: "Has iniciado sesión con tu nueva contraseña.",
            },
            headers,
          }
        : {
            redirectTo: "/login",
            toast: {
              title: "Contraseña Actualizada",
              description: "Ya puedes iniciar sesión con tu nueva contraseña.",
            },
          },
  });
}

/** zod and the schema load after hydration (ADR 0007). */
const loadSchema = () =>
  import("~/modules/accounts/recovery-schemas").then((m) => m.resetPasswordSchema);

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useSubmittingTo(RESET_PASSWORD_PATH);
  // The action's answer first: the page's loader runs again after it, and may no longer find
  // the expired link the action refused.
  const linkProblem =
    resetLinkProblemOf(actionData?.result.error?.token?.[0]) ?? loaderData.problem;
  const [form, fields] = useLightForm({
    lastResult: busy ? null : actionData?.result,
    constraint: loaderData.constraint,
    loadSchema,
  });

  // The link cannot be used (any more): say why, and offer a new one.
  if (linkProblem) {
    const problem = RESET_LINK_PROBLEMS[linkProblem];
    return (
      <MessagePage title={problem.title} message={problem.message}>
        <Link
          to={FORGOT_PASSWORD_PATH}
          className={buttonVariants({ className: "mt-6 self-start" })}
        >
          Pedir un enlace nuevo
        </Link>
      </MessagePage>
    );
  }

  return (
    <FormPage
      title="Elige una contraseña nueva"
      lead="Al guardarla se cerrarán las sesiones abiertas en otros dispositivos y entrarás con tu cuenta."
    >
      <PageForm form={form} busy={busy} submit="Guardar contraseña" busyLabel="Guardando...">
        <input type="hidden" name="token" value={loaderData.token ?? ""} />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          labels={["Nueva contraseña", "Confirmar contraseña"]}
        />
      </PageForm>
    </FormPage>
  );
}
