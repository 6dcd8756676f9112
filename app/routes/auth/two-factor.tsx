import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/two-factor";
import { FormErrors, primaryButtonClass, TextField } from "~/components/forms/field";
import { useLightForm } from "~/components/forms/lazy-validation";
import { RATE_LIMITS } from "~/lib/constants";
import { requestInfoContext, userContext } from "~/lib/context";
import { formAction } from "~/lib/action.server";
import { rateLimited } from "~/lib/failure";
import { pageTitle } from "~/lib/page-title";
import { forgiveAttempts, isRateLimited, TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { safeRedirectPath } from "~/lib/utils";
import { TWO_FACTOR_PATH } from "~/modules/accounts/two-factor-paths";
import { useSignInFailureToast } from "~/modules/accounts/components/use-sign-in-failure-toast";
import { secondStepSchema } from "~/modules/accounts/two-factor-schemas";
import { hasSecondStepChallenge, verifySecondStep } from "~/modules/accounts/two-factor.server";

/*
 * Sign-in's second step (ADR 0023): after a correct password, an account with a second factor
 * types the code of its authenticator app, or one of its recovery codes. Until then there is
 * no session, only better-auth's short-lived challenge cookie.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Verificación en dos pasos") },
  { name: "robots", content: "noindex" },
];

const loginAgain = (redirectTo: string) => `/login?redirectTo=${encodeURIComponent(redirectTo)}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo") ?? "/");
  if (context.get(userContext)) throw redirect(redirectTo);
  if (!(await hasSecondStepChallenge(request))) throw redirect(loginAgain(redirectTo));
  return { redirectTo, constraint: getZodConstraint(secondStepSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = context.get(requestInfoContext);
  const limitKey = `two-factor:ip:${ip}`;
  return formAction(request, {
    schema: secondStepSchema,
    hideFields: ["code"],
    run: async ({ code, redirectTo }) => {
      if (await isRateLimited([[limitKey, RATE_LIMITS.twoFactorCodesPerIp]])) {
        return rateLimited(TOO_MANY_ATTEMPTS);
      }
      const result = await verifySecondStep(request, code);
      // This sign-in is over (expired, or its attempts used up): back to the password.
      if (!result.ok && result.kind === "forbidden") {
        throw await redirectWithToast(loginAgain(safeRedirectPath(redirectTo ?? "/")), {
          title: "Verificación en dos pasos",
          description: result.message,
          variant: "destructive",
        });
      }
      return result;
    },
    onSuccess: async ({ headers }, { redirectTo }) => {
      // Only wrong codes use up the limit.
      await forgiveAttempts([limitKey]);
      return {
        redirectTo: safeRedirectPath(redirectTo ?? "/"),
        toast: { title: "Bienvenido de nuevo", description: "Has iniciado sesión correctamente." },
        headers,
      };
    },
  });
}

/** zod and the schema load after hydration (ADR 0007). */
const loadSchema = () =>
  import("~/modules/accounts/two-factor-schemas").then((m) => m.secondStepSchema);

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith(TWO_FACTOR_PATH);
  const [form, fields] = useLightForm({
    lastResult: busy ? null : actionData?.result,
    constraint: loaderData.constraint,
    loadSchema,
  });

  useSignInFailureToast(
    actionData?.result.error ? Object.values(actionData.result.error).flat()[0] : undefined,
    actionData,
  );

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        Verificación en dos pasos
      </h1>
      <p className="mt-1 text-slate-600">
        Abre tu aplicación de autenticación y escribe el código de 6 cifras que muestra para esta
        tienda.
      </p>
      <Form method="post" {...form.props} className="mt-6 space-y-4" replace>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          label="Código de verificación"
          field={fields.code}
          autoComplete="one-time-code"
          hint="¿No tienes el teléfono a mano? Escribe uno de tus códigos de recuperación; cada uno sirve una sola vez."
        />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? "Verificando..." : "Verificar"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        <Link
          to={loginAgain(loaderData.redirectTo)}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Volver a iniciar sesión
        </Link>
      </p>
    </div>
  );
}
