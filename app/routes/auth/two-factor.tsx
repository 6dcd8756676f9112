import { getZodConstraint } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/two-factor";
import { TextField } from "~/components/forms/field";
import { FormPage, LinkUnderForm, PageForm } from "~/components/forms/form-page";
import { usePageForm } from "~/components/forms/use-page-form";
import { RATE_LIMITS } from "~/lib/constants";
import { requestInfoContext, userContext } from "~/lib/context";
import { formAction } from "~/lib/action.server";
import { rateLimited } from "~/lib/failure";
import { noindexMeta } from "~/lib/page-title";
import { forgiveAttempts, isRateLimited, TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
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

export const meta: Route.MetaFunction = ({ matches }) =>
  noindexMeta(matches, "Verificación en dos pasos");

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
    authorize: async () =>
      (await isRateLimited([[limitKey, RATE_LIMITS.twoFactorCodesPerIp]]))
        ? rateLimited(TOO_MANY_ATTEMPTS)
        : null,
    run: ({ code }) => verifySecondStep(request, code),
    onSuccess: async ({ headers }, { redirectTo }) => {
      // Only wrong codes use up the limit.
      await forgiveAttempts([limitKey]);
      return {
        redirectTo: safeRedirectPath(redirectTo ?? "/"),
        toast: { title: "Bienvenido de nuevo", description: "Has iniciado sesión correctamente." },
        headers,
      };
    },
    // This sign-in is over (expired, or its attempts used up): back to the password.
    onFailure: (failure, formData) => {
      if (failure.kind !== "forbidden") return undefined;
      const redirectTo = formData.get("redirectTo");
      return {
        redirectTo: loginAgain(safeRedirectPath(typeof redirectTo === "string" ? redirectTo : "/")),
        toast: {
          title: "Verificación en dos pasos",
          description: failure.message,
          variant: "destructive",
        },
      };
    },
  });
}

/** zod and the schema load after hydration (ADR 0007). */
const loadSchema = () =>
  import("~/modules/accounts/two-factor-schemas").then((m) => m.secondStepSchema);

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { busy, form, fields } = usePageForm(TWO_FACTOR_PATH, {
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    loadSchema,
  });

  useSignInFailureToast(
    actionData?.result.error ? Object.values(actionData.result.error).flat()[0] : undefined,
    actionData,
  );

  return (
    <FormPage
      title="Verificación en dos pasos"
      lead="Abre tu aplicación de autenticación y escribe el código de 6 cifras que muestra para esta tienda."
    >
      <PageForm form={form} busy={busy} submit="Verificar" busyLabel="Verificando..." replace>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField
          label="Código de verificación"
          field={fields.code}
          autoComplete="one-time-code"
          hint="¿No tienes el teléfono a mano? Escribe uno de tus códigos de recuperación; cada uno sirve una sola vez."
        />
      </PageForm>
      <LinkUnderForm to={loginAgain(loaderData.redirectTo)}>Volver a iniciar sesión</LinkUnderForm>
    </FormPage>
  );
}
