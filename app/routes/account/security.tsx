import { data, redirect } from "react-router";
import type { Route } from "./+types/security";
import { useIntentResults } from "~/components/forms/use-intent-results";
import { dispatchIntent, failureReply, firstErrorToast, formAction } from "~/lib/action.server";
import { userContext, type SessionUser } from "~/lib/context";
import { getEnv } from "~/lib/env.server";
import { invalid, type Result } from "~/lib/failure";
import { siteNameOf } from "~/lib/page-title";
import type { ToastInput } from "~/lib/toast";
import { accountMeta } from "~/components/layout/account-links";
import { AccountPageError } from "~/modules/accounts/components/account-page-error";
import {
  EnabledState,
  PendingState,
  RecoveryCodesSection,
} from "~/modules/accounts/components/security-parts";
import { SettingsSection } from "~/modules/accounts/components/settings-forms";
import { EnableTwoFactorForm } from "~/modules/accounts/components/two-factor-forms";
import { checkingPassword } from "~/modules/accounts/passwords.server";
import { SECURITY_PATH } from "~/modules/accounts/two-factor-paths";
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  regenerateRecoveryCodesSchema,
  TWO_FACTOR_INTENTS,
  TWO_FACTOR_MESSAGES,
} from "~/modules/accounts/two-factor-schemas";
import {
  cancelEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startEnrolment,
  type TwoFactorStatus,
} from "~/modules/accounts/two-factor.server";

/*
 * /perfil/seguridad: an admin's second factor (ADR 0023). It sits with the admin's own account
 * (beside the password, at /perfil) rather than under /admin: it is the person's credential,
 * not the shop's settings, and it must stay reachable while ADMIN_REQUIRE_2FA keeps /admin
 * closed to them. Customers have no such page (404), unless they still hold a second factor
 * from when they were admins, which they may then turn off.
 */

const TITLE = "Seguridad";

async function statusFor(user: SessionUser): Promise<TwoFactorStatus> {
  const status = await getTwoFactorStatus(user);
  if (user.role !== "admin" && !status.enabled && !status.pending) {
    throw data({ message: "Esta página es solo para administradores." }, { status: 404 });
  }
  return status;
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext)!; // the layout's middleware guarantees a user
  const status = await statusFor(user);
  return {
    status,
    email: user.email,
    isAdmin: user.role === "admin",
    required: user.role === "admin" && getEnv().ADMIN_REQUIRE_2FA,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(TITLE, siteNameOf(matches));

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext)!; // the layout's middleware guarantees a user
  await statusFor(user);
  const { enable, confirm, cancel, regenerate, disable } = TWO_FACTOR_INTENTS;
  /**
   * A change the account's password confirms: the password is checked first (its attempts
   * limited), never sent back, and a refusal's toast says `failureTitle`.
   */
  const confirmedByPassword = <T extends Result>(
    intent: string,
    failureTitle: string,
    change: (password: string) => Promise<T>,
  ) => ({
    intent,
    hideFields: ["password"],
    failureTitle,
    invalidToast: firstErrorToast(failureTitle),
    run: ({ password }: { password: string }) => checkingPassword(user.id, () => change(password)),
  });
  return dispatchIntent(
    request,
    {
      [enable]: (formData) =>
        formAction(formData, {
          schema: enableTwoFactorSchema,
          ...confirmedByPassword(enable, "No se pudo empezar la activación", (password) =>
            startEnrolment(request, password),
          ),
          // The page now shows the secret for the app and asks for its first code.
          onSuccess: () => ({ redirectTo: SECURITY_PATH }),
        }),
      [confirm]: (formData) =>
        formAction(formData, {
          schema: confirmTwoFactorSchema,
          intent: confirm,
          hideFields: ["code"],
          failureTitle: "No se pudo activar la verificación en dos pasos",
          invalidToast: firstErrorToast("No se pudo activar la verificación en dos pasos"),
          run: (value) => confirmEnrolment(request, user, value.code),
          // Shown this once, in the answer to this form: never by the loader.
          onSuccess: ({ headers, recoveryCodes }) =>
            data(
              {
                intent: confirm,
                result: null,
                toast: { title: "Verificación en dos pasos activada" } as ToastInput,
                recoveryCodes,
              },
              { headers },
            ),
        }),
      [cancel]: async () => {
        await cancelEnrolment(user);
        return redirect(SECURITY_PATH);
      },
      [regenerate]: (formData) =>
        formAction(formData, {
          schema: regenerateRecoveryCodesSchema,
          ...confirmedByPassword(regenerate, "No se pudieron generar códigos nuevos", (password) =>
            regenerateRecoveryCodes(request, password),
          ),
          onSuccess: ({ recoveryCodes }) =>
            data({
              intent: regenerate,
              result: null,
              toast: {
                title: "Códigos de recuperación nuevos",
                description: "Los anteriores ya no sirven.",
              } as ToastInput,
              recoveryCodes,
            }),
        }),
      [disable]: (formData) =>
        formAction(formData, {
          schema: disableTwoFactorSchema,
          ...confirmedByPassword(
            disable,
            "No se pudo desactivar la verificación en dos pasos",
            (password) => disableTwoFactor(request, password),
          ),
          onSuccess: ({ headers }) => ({
            redirectTo: SECURITY_PATH,
            toast: { title: "Verificación en dos pasos desactivada" },
            headers,
          }),
        }),
    },
    () =>
      failureReply(invalid(TWO_FACTOR_MESSAGES.invalidRequest), { failureTitle: "Error General" }),
  );
}

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { status, email, isAdmin, required } = loaderData;
  const resultFor = useIntentResults(actionData);
  const recoveryCodes =
    actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : null;

  return (
    <>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{TITLE}</h1>
      <div className="grid gap-6">
        {recoveryCodes ? <RecoveryCodesSection codes={recoveryCodes} isAdmin={isAdmin} /> : null}
        {required && !status.enabled ? (
          <p
            role="alert"
            className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900"
          >
            {TWO_FACTOR_MESSAGES.required} Hasta entonces el panel no se abrirá.
          </p>
        ) : null}
        <SettingsSection
          id="verificacion-dos-pasos-titulo"
          title="Verificación en dos pasos"
          description="Además de tu contraseña, al iniciar sesión te pediremos un código de 6 cifras de una aplicación de autenticación de tu teléfono (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…)."
        >
          {status.enabled ? (
            <EnabledState status={status} lastResult={resultFor} required={required} />
          ) : status.pending ? (
            <PendingState
              setup={status.pending}
              email={email}
              lastResult={resultFor(TWO_FACTOR_INTENTS.confirm)}
            />
          ) : (
            <div className="grid gap-4">
              <p className="text-sm text-slate-700">
                <span className="font-semibold text-slate-900">Estado: desactivada.</span> Escribe
                tu contraseña para empezar; después añadirás la cuenta a la aplicación y confirmarás
                con su primer código.
              </p>
              <EnableTwoFactorForm lastResult={resultFor(TWO_FACTOR_INTENTS.enable)} />
            </div>
          )}
        </SettingsSection>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccountPageError title="No se pudo cargar la página de seguridad" error={error} />;
}
