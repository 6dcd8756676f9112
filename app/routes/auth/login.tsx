import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { readFormData } from "~/lib/forms.server";
import type { Route } from "./+types/login";
import { FormErrors, primaryButtonClass, TextField } from "~/components/forms/field";
import { useLightForm } from "~/components/forms/lazy-validation";
import { requestInfoContext, userContext } from "~/lib/context";
import { redirectWithToast } from "~/lib/toast.server";
import { safeRedirectPath } from "~/lib/utils";
import { signIn } from "~/modules/accounts/accounts.server";
import { gateSignIn } from "~/modules/accounts/sign-in-throttle.server";
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
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  // Throttling (ADR 0023): refused only for this client's own failures; per account it slows
  // down or asks for the e-mailed link instead, never locking the owner out.
  const { ip, requestId } = context.get(requestInfoContext);
  const gate = await gateSignIn({
    email: submission.value.email,
    ip,
    requestId,
    cookieHeader: request.headers.get("Cookie"),
  });
  if (!gate.ok) {
    return data(submission.reply({ formErrors: [gate.message], hideFields: ["password"] }), {
      status: 429,
    });
  }
  const result = await signIn(submission.value, request, context.get(userContext));
  if (!result.ok) {
    await gate.failed(result.reason);
    return data(submission.reply({ formErrors: [result.message], hideFields: ["password"] }), {
      status: result.reason === "banned" ? 403 : 400,
    });
  }
  await gate.succeeded(result.headers);
  const redirectTo = safeRedirectPath(submission.value.redirectTo);
  if (result.secondStep) {
    // A correct password of an account with a second factor: the code comes next (ADR 0023).
    const next = `${TWO_FACTOR_PATH}?redirectTo=${encodeURIComponent(redirectTo)}`;
    return redirect(next, { headers: result.headers });
  }
  return redirectWithToast(
    redirectTo,
    { title: "Bienvenido de nuevo", description: "Has iniciado sesión correctamente." },
    { headers: result.headers },
  );
}

/** zod and the schema load after hydration (ADR 0007). */
const loadLoginSchema = () => import("~/modules/accounts/schemas").then((m) => m.loginSchema);

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busy = navigation.state !== "idle" && navigation.formAction === "/login";
  const [form, fields] = useLightForm({
    lastResult: busy ? null : actionData,
    constraint: loaderData.constraint,
    loadSchema: loadLoginSchema,
  });

  useSignInFailureToast(actionData?.error?.[""]?.join(" "), actionData);

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Iniciar sesión</h1>
      <p className="mt-1 text-slate-600">Accede a tu cuenta para ver tus pedidos y favoritos.</p>
      <Form method="post" {...form.props} className="mt-6 space-y-4" replace>
        <input
          type="hidden"
          name="redirectTo"
          value={searchParams.get("redirectTo") ?? loaderData.redirectTo}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
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
          autoComplete="current-password"
        />
        <p className="-mt-2 text-right text-sm">
          <Link
            to={FORGOT_PASSWORD_PATH}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            ¿Has olvidado tu contraseña?
          </Link>
        </p>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? "Iniciando..." : "Acceder"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        ¿No tienes cuenta?{" "}
        <Link
          to="/registro"
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Regístrate
        </Link>
      </p>
    </div>
  );
}
