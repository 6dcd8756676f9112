import { getZodConstraint } from "@conform-to/zod/v4";
import { Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { CurrentPasswordField } from "~/components/forms/current-password-field";
import { FormPage, LinkUnderForm, PageForm } from "~/components/forms/form-page";
import { EmailField } from "~/components/forms/form-parts";
import { usePageForm } from "~/components/forms/use-page-form";
import { formAction } from "~/lib/action.server";
import { requestInfoContext, userContext } from "~/lib/context";
import { safeRedirectPath } from "~/lib/utils";
import { signIn } from "~/modules/accounts/accounts.server";
import { gateSignIn, type SignInGate } from "~/modules/accounts/sign-in-throttle.server";
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH } from "~/lib/auth-paths";
import { useSignInFailureToast } from "~/modules/accounts/components/use-sign-in-failure-toast";
import { loginSchema } from "~/modules/accounts/schemas";
import { TWO_FACTOR_PATH } from "~/modules/accounts/two-factor-paths";
import { pageTitle, siteNameOf } from "~/lib/page-title";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Iniciar sesión") },
  {
    name: "description",
    content: `Entra en tu cuenta de ${siteNameOf(matches)} para ver tus pedidos, tus favoritos y tus datos.`,
  },
  { name: "robots", content: "noindex" },
];

/** Pages not worth going back to after signing in (the account pages themselves). */
const NOT_BACK_TO = [
  "/login",
  "/registro",
  "/logout",
  FORGOT_PASSWORD_PATH,
  RESET_PASSWORD_PATH,
  VERIFY_EMAIL_PATH,
  TWO_FACTOR_PATH,
];

/** Where to go after signing in: ?redirectTo=…, else the same-site page the user came from. */
function destinationFor(request: Request): string {
  const url = new URL(request.url);
  const fromQuery = url.searchParams.get("redirectTo");
  if (fromQuery) return safeRedirectPath(fromQuery);
  const referer = request.headers.get("Referer");
  if (referer) {
    const from = new URL(referer, url);
    if (from.origin === url.origin && !NOT_BACK_TO.includes(from.pathname)) {
      return safeRedirectPath(from.pathname + from.search);
    }
  }
  return "/";
}

export function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = destinationFor(request);
  if (context.get(userContext)) throw redirect(redirectTo);
  return { redirectTo, constraint: getZodConstraint(loginSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ip, requestId } = context.get(requestInfoContext);
  let gate: SignInGate | undefined;
  return formAction(request, {
    schema: loginSchema,
    hideFields: ["password"],
    // Throttling (ADR 0023): refused only for this client's own failures; per account it slows
    // down or asks for the e-mailed link instead, never locking the owner out.
    authorize: async ({ email }) => {
      const opened = await gateSignIn({
        email,
        ip,
        requestId,
        cookieHeader: request.headers.get("Cookie"),
      });
      if (!opened.ok) return opened;
      gate = opened;
      return null;
    },
    run: async (value) => {
      const result = await signIn(value, request, context.get(userContext));
      return gate ? gate.settle(result) : result;
    },
    onSuccess: ({ headers, secondStep }, value) => {
      const redirectTo = safeRedirectPath(value.redirectTo);
      // A correct password of an account with a second factor: the code comes next (ADR 0023).
      if (secondStep) {
        return {
          redirectTo: `${TWO_FACTOR_PATH}?redirectTo=${encodeURIComponent(redirectTo)}`,
          headers,
        };
      }
      return {
        redirectTo,
        toast: { title: "Bienvenido de nuevo", description: "Has iniciado sesión correctamente." },
        headers,
      };
    },
  });
}

/** zod and the schema load after hydration (ADR 0007). */
const loadLoginSchema = () => import("~/modules/accounts/schemas").then((m) => m.loginSchema);

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const { busy, form, fields } = usePageForm("/login", {
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    loadSchema: loadLoginSchema,
  });

  useSignInFailureToast(actionData?.result.error?.[""]?.join(" "), actionData);

  return (
    <FormPage title="Iniciar sesión" lead="Accede a tu cuenta para ver tus pedidos y favoritos.">
      <PageForm form={form} busy={busy} submit="Acceder" busyLabel="Iniciando..." replace>
        <input
          type="hidden"
          name="redirectTo"
          value={searchParams.get("redirectTo") ?? loaderData.redirectTo}
        />
        <EmailField field={fields.email} />
        <CurrentPasswordField label="Contraseña" field={fields.password} />
        <p className="-mt-2 text-right text-sm">
          <Link
            to={FORGOT_PASSWORD_PATH}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            ¿Has olvidado tu contraseña?
          </Link>
        </p>
      </PageForm>
      <LinkUnderForm prompt="¿No tienes cuenta?" to="/registro">
        Regístrate
      </LinkUnderForm>
    </FormPage>
  );
}
