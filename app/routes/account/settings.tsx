import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, useLocation } from "react-router";
import type { Route } from "./+types/settings";
import { AdminFormDialog } from "~/components/admin/form-dialog";
import { showToast } from "~/components/ui/toaster";
import { RATE_LIMITS } from "~/lib/constants";
import { userContext, type SessionUser } from "~/lib/context";
import { readFormData } from "~/lib/forms.server";
import { forgiveAttempts, isRateLimited, TOO_MANY_ATTEMPTS } from "~/lib/rate-limit.server";
import type { ToastInput } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { accountMeta } from "~/modules/accounts/account-links";
import { AccountPageError } from "~/modules/accounts/components/account-page-error";
import {
  DeleteAccountForm,
  PasswordForm,
  PreferencesForm,
  PrivacyActions,
  ProfileForm,
  SettingsSection,
} from "~/modules/accounts/components/settings-forms";
import { sendPasswordChangedEmail } from "~/modules/accounts/account-mail.server";
import { voidResetLinks } from "~/modules/accounts/password-reset.server";
import { isWeakPassword } from "~/modules/accounts/passwords.server";
import { deleteOwnAccount } from "~/modules/accounts/privacy.server";
import {
  changePassword,
  getPreferences,
  getProfile,
  savePreferences,
  updateProfile,
} from "~/modules/accounts/profile.server";
import { COMMON_PASSWORD_MESSAGE } from "~/modules/accounts/schemas";
import {
  DELETE_ACCOUNT_PARAM,
  deleteAccountSchema,
  passwordChangeSchema,
  preferencesSchema,
  profileSchema,
  SETTINGS_INTENTS,
  SETTINGS_MESSAGES,
} from "~/modules/accounts/settings-schemas";
import { siteNameOf } from "~/lib/page-title";

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

type Intent = (typeof SETTINGS_INTENTS)[keyof typeof SETTINGS_INTENTS];

const destructive = (title: string, description?: string): ToastInput => ({
  title,
  description,
  variant: "destructive",
});

/** A refused form: its errors (the form keeps what was typed) and the spec's failure toast. */
function refused<R>(intent: Intent | null, result: R, toast: ToastInput, status: number) {
  return data({ intent, result, toast }, { status });
}

/** The first message of a refused submission, for the toast's description. */
function firstError(error: Record<string, string[] | null> | null | undefined) {
  return Object.values(error ?? {}).flat()[0] ?? undefined;
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

/** One counter of wrong passwords per user (password change and account deletion share it). */
const passwordCheckKey = (user: SessionUser) => `password-check:user:${user.id}`;

async function saveProfile(formData: FormData, user: SessionUser, backTo: string) {
  const intent = SETTINGS_INTENTS.profile;
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") {
    const toast = destructive(SETTINGS_MESSAGES.profileSaveFailed, firstError(submission.error));
    return refused(intent, submission.reply(), toast, 400);
  }
  if (!(await updateProfile(user.id, submission.value))) {
    const toast = destructive(SETTINGS_MESSAGES.profileSaveFailed, SETTINGS_MESSAGES.tryAgain);
    return refused(
      intent,
      submission.reply({ formErrors: [SETTINGS_MESSAGES.tryAgain] }),
      toast,
      500,
    );
  }
  return redirectWithToast(backTo, {
    title: SETTINGS_MESSAGES.profileSaved,
    description: "Tus datos personales se han guardado.",
  });
}

async function savePreferencesAction(formData: FormData, user: SessionUser, backTo: string) {
  const intent = SETTINGS_INTENTS.preferences;
  const submission = parseWithZod(formData, { schema: preferencesSchema });
  if (submission.status !== "success") {
    const toast = destructive(
      SETTINGS_MESSAGES.preferencesSaveFailed,
      SETTINGS_MESSAGES.invalidRequest,
    );
    return refused(intent, submission.reply(), toast, 400);
  }
  if (!(await savePreferences(user.id, submission.value))) {
    const toast = destructive(SETTINGS_MESSAGES.preferencesSaveFailed, SETTINGS_MESSAGES.tryAgain);
    return refused(
      intent,
      submission.reply({ formErrors: [SETTINGS_MESSAGES.tryAgain] }),
      toast,
      500,
    );
  }
  return redirectWithToast(backTo, {
    title: SETTINGS_MESSAGES.preferencesSaved,
    description: "Tus preferencias de comunicación se han guardado.",
  });
}

async function changePasswordAction(
  formData: FormData,
  user: SessionUser,
  request: Request,
  backTo: string,
) {
  const intent = SETTINGS_INTENTS.password;
  const title = SETTINGS_MESSAGES.passwordChangeFailed;
  const submission = parseWithZod(formData, { schema: passwordChangeSchema });
  if (submission.status !== "success") {
    const toast = destructive(title, firstError(submission.error));
    return refused(intent, submission.reply({ hideFields: PASSWORD_FIELDS }), toast, 400);
  }
  if (await isWeakPassword(submission.value.newPassword)) {
    return refused(
      intent,
      submission.reply({
        fieldErrors: { newPassword: [COMMON_PASSWORD_MESSAGE] },
        hideFields: PASSWORD_FIELDS,
      }),
      destructive(title, COMMON_PASSWORD_MESSAGE),
      400,
    );
  }
  const limitKey = passwordCheckKey(user);
  if (await isRateLimited([[limitKey, RATE_LIMITS.passwordChecksPerUser]])) {
    return refused(
      intent,
      submission.reply({ formErrors: [TOO_MANY_ATTEMPTS], hideFields: PASSWORD_FIELDS }),
      destructive(title, TOO_MANY_ATTEMPTS),
      429,
    );
  }
  const changed = await changePassword(submission.value, request);
  if (!changed.ok) {
    const wrong = changed.reason === "wrong_password";
    const message = wrong ? SETTINGS_MESSAGES.wrongCurrentPassword : SETTINGS_MESSAGES.tryAgain;
    return refused(
      intent,
      submission.reply({
        ...(wrong ? { fieldErrors: { currentPassword: [message] } } : { formErrors: [message] }),
        hideFields: PASSWORD_FIELDS,
      }),
      destructive(title, message),
      wrong ? 400 : 500,
    );
  }
  // Only wrong passwords use up the limit.
  await forgiveAttempts([limitKey]);
  await voidResetLinks(user.id);
  // As after a reset: the owner hears of it by e-mail, in case it was not them.
  await sendPasswordChangedEmail(user);
  return redirectWithToast(
    backTo,
    {
      title: SETTINGS_MESSAGES.passwordChanged,
      description: "Hemos cerrado la sesión en tus otros dispositivos.",
    },
    { headers: changed.headers },
  );
}

async function deleteAccountAction(formData: FormData, user: SessionUser, request: Request) {
  const intent = SETTINGS_INTENTS.deleteAccount;
  const title = SETTINGS_MESSAGES.accountDeleteFailed;
  const hideFields = ["password"];
  const submission = parseWithZod(formData, { schema: deleteAccountSchema });
  if (submission.status !== "success") {
    const toast = destructive(title, firstError(submission.error));
    return refused(intent, submission.reply({ hideFields }), toast, 400);
  }
  const limitKey = passwordCheckKey(user);
  if (await isRateLimited([[limitKey, RATE_LIMITS.passwordChecksPerUser]])) {
    return refused(
      intent,
      submission.reply({ formErrors: [TOO_MANY_ATTEMPTS], hideFields }),
      destructive(title, TOO_MANY_ATTEMPTS),
      429,
    );
  }
  const deleted = await deleteOwnAccount(user, submission.value.password, request);
  if (!deleted.ok) {
    if (deleted.reason === "wrong_password") {
      const message = SETTINGS_MESSAGES.wrongPassword;
      return refused(
        intent,
        submission.reply({ fieldErrors: { password: [message] }, hideFields }),
        destructive(title, message),
        400,
      );
    }
    const message = deleted.message ?? SETTINGS_MESSAGES.tryAgain;
    return refused(
      intent,
      submission.reply({ formErrors: [message], hideFields }),
      destructive(title, message),
      deleted.reason === "last_admin" ? 409 : 500,
    );
  }
  return redirectWithToast(
    "/",
    {
      title: SETTINGS_MESSAGES.accountDeleted,
      description:
        "Hemos eliminado tu cuenta y tus datos. Tus reseñas se conservan de forma anónima.",
    },
    { headers: deleted.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext)!; // the layout's middleware guarantees a user
  const formData = await readFormData(request);
  // Back to this page (/perfil or /perfil/configuracion), with any dialog closed.
  const backTo = new URL(request.url).pathname;
  switch (formData.get("intent")) {
    case SETTINGS_INTENTS.profile:
      return saveProfile(formData, user, backTo);
    case SETTINGS_INTENTS.preferences:
      return savePreferencesAction(formData, user, backTo);
    case SETTINGS_INTENTS.password:
      return changePasswordAction(formData, user, request, backTo);
    case SETTINGS_INTENTS.deleteAccount:
      return deleteAccountAction(formData, user, request);
    default:
      return refused(
        null,
        null,
        destructive(SETTINGS_MESSAGES.generalError, SETTINGS_MESSAGES.invalidRequest),
        400,
      );
  }
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, preferences, title, deleting } = loaderData;
  const location = useLocation();
  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData]);
  const resultFor = (intent: Intent) =>
    actionData && actionData.intent === intent ? actionData.result : null;

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
