import { data, useLocation } from "react-router";
import type { Route } from "./+types/settings";
import { AdminFormDialog } from "~/components/admin/form-dialog";
import { useIntentResults } from "~/components/forms/use-intent-results";
import { dispatchIntent, failureReply, firstErrorToast, formAction } from "~/lib/action.server";
import { userContext } from "~/lib/context";
import { invalid } from "~/lib/failure";
import { siteNameOf } from "~/lib/page-title";
import { accountMeta } from "~/components/layout/account-links";
import { AccountPageError } from "~/modules/accounts/components/account-page-error";
import {
  DeleteAccountForm,
  PasswordForm,
  PreferencesForm,
  PrivacyActions,
  ProfileForm,
  SettingsSection,
} from "~/modules/accounts/components/settings-forms";
import { deleteOwnAccount } from "~/modules/accounts/privacy.server";
import {
  changePassword,
  getPreferences,
  getProfile,
  savePreferences,
  updateProfile,
} from "~/modules/accounts/profile.server";
import {
  DELETE_ACCOUNT_PARAM,
  deleteAccountSchema,
  passwordChangeSchema,
  preferencesSchema,
  profileSchema,
  SETTINGS_INTENTS,
  SETTINGS_MESSAGES,
} from "~/modules/accounts/settings-schemas";

/*
 * Account settings (spec §2: /perfil and /perfil/configuracion show the same page): personal
 * information, communication preferences, password change, and the RGPD actions. One action;
 * each form posts its own `intent` and is parsed with its own schema.
 */

function titleFor(pathname: string) {
  return pathname.replace(/\/+$/, "").endsWith("/configuracion") ? "Configuración" : "Mi Perfil";
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = context.get(userContext)!; // the layout's middleware guarantees a user
  const url = new URL(request.url);
  const [profile, preferences] = await Promise.all([getProfile(user.id), getPreferences(user.id)]);
  if (!profile) throw data({ message: SETTINGS_MESSAGES.tryAgain }, { status: 404 });
  return {
    profile,
    preferences,
    title: titleFor(url.pathname),
    deleting: url.searchParams.has(DELETE_ACCOUNT_PARAM),
  };
}

export const meta: Route.MetaFunction = ({ data: loaderData, location, matches }) =>
  accountMeta(loaderData?.title ?? titleFor(location.pathname), siteNameOf(matches));

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext)!; // the layout's middleware guarantees a user
  // Back to this page (/perfil or /perfil/configuracion), with any dialog closed.
  const backTo = new URL(request.url).pathname;
  /** Back to this page with a toast (and the new session cookie, when there is one). */
  const savedToast =
    (title: string, description: string) =>
    ({ headers }: { ok: true; headers?: HeadersInit }) => ({
      redirectTo: backTo,
      toast: { title, description },
      headers,
    });
  const { profile, preferences, password, deleteAccount } = SETTINGS_INTENTS;
  return dispatchIntent(
    request,
    {
      [profile]: (formData) =>
        formAction(formData, {
          schema: profileSchema,
          intent: profile,
          failureTitle: SETTINGS_MESSAGES.profileSaveFailed,
          invalidToast: firstErrorToast(SETTINGS_MESSAGES.profileSaveFailed),
          run: (value) => updateProfile(user.id, value),
          onSuccess: savedToast(
            SETTINGS_MESSAGES.profileSaved,
            "Tus datos personales se han guardado.",
          ),
        }),
      [preferences]: (formData) =>
        formAction(formData, {
          schema: preferencesSchema,
          intent: preferences,
          failureTitle: SETTINGS_MESSAGES.preferencesSaveFailed,
          invalidToast: () => ({
            title: SETTINGS_MESSAGES.preferencesSaveFailed,
            description: SETTINGS_MESSAGES.invalidRequest,
            variant: "destructive",
          }),
          run: (value) => savePreferences(user.id, value),
          onSuccess: savedToast(
            SETTINGS_MESSAGES.preferencesSaved,
            "Tus preferencias de comunicación se han guardado.",
          ),
        }),
      [password]: (formData) =>
        formAction(formData, {
          schema: passwordChangeSchema,
          intent: password,
          hideFields: ["currentPassword", "newPassword", "confirmPassword"],
          failureTitle: SETTINGS_MESSAGES.passwordChangeFailed,
          invalidToast: firstErrorToast(SETTINGS_MESSAGES.passwordChangeFailed),
          run: (value) => changePassword(user, value, request),
          onSuccess: savedToast(
            SETTINGS_MESSAGES.passwordChanged,
            "Hemos cerrado la sesión en tus otros dispositivos.",
          ),
        }),
      [deleteAccount]: (formData) =>
        formAction(formData, {
          schema: deleteAccountSchema,
          intent: deleteAccount,
          hideFields: ["password"],
          failureTitle: SETTINGS_MESSAGES.accountDeleteFailed,
          invalidToast: firstErrorToast(SETTINGS_MESSAGES.accountDeleteFailed),
          run: (value) => deleteOwnAccount(user, value.password, request),
          onSuccess: ({ headers }) => ({
            redirectTo: "/",
            toast: {
              title: SETTINGS_MESSAGES.accountDeleted,
              description:
                "Hemos eliminado tu cuenta y tus datos. Tus reseñas se conservan de forma anónima.",
            },
            headers,
          }),
        }),
    },
    () =>
      failureReply(invalid(SETTINGS_MESSAGES.invalidRequest), {
        failureTitle: SETTINGS_MESSAGES.generalError,
      }),
  );
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, preferences, title, deleting } = loaderData;
  const location = useLocation();
  const resultFor = useIntentResults(actionData);

  return (
    <>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
      <div className="grid gap-6">
        <SettingsSection id="datos-personales-titulo" title="Información personal">
          <ProfileForm profile={profile} lastResult={resultFor(SETTINGS_INTENTS.profile)} />
        </SettingsSection>
        <SettingsSection
          id="preferencias-titulo"
          title="Preferencias de comunicación"
          description="Elige qué correos quieres recibir de nosotros. Puedes cambiarlo cuando quieras."
        >
          <PreferencesForm
            preferences={preferences}
            lastResult={resultFor(SETTINGS_INTENTS.preferences)}
          />
        </SettingsSection>
        <SettingsSection
          id="cambiar-contrasena-titulo"
          title="Cambiar contraseña"
          description="Al cambiarla se cerrará la sesión en tus otros dispositivos."
        >
          <PasswordForm email={profile.email} lastResult={resultFor(SETTINGS_INTENTS.password)} />
        </SettingsSection>
        <SettingsSection id="privacidad-titulo" title="Privacidad y datos" tone="danger">
          <PrivacyActions deleteTo={`${location.pathname}?${DELETE_ACCOUNT_PARAM}`} />
        </SettingsSection>
      </div>
      <AdminFormDialog
        open={deleting}
        closeTo={location.pathname}
        title="¿Eliminar tu cuenta?"
        description="Se borrarán tu cuenta, tus favoritos, tus preferencias, tu suscripción a la newsletter y tus sesiones, y no volverás a recibir correos promocionales. Tus reseñas se conservarán como «Usuario Anónimo» y tus pedidos, el tiempo que exige la ley. Esta acción es irreversible."
      >
        <DeleteAccountForm
          lastResult={resultFor(SETTINGS_INTENTS.deleteAccount)}
          cancelTo={location.pathname}
        />
      </AdminFormDialog>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccountPageError title={SETTINGS_MESSAGES.profileLoadFailed} error={error} />;
}
