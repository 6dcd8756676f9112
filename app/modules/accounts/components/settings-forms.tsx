import { Download } from "~/components/icons/download";
import { Trash2 } from "~/components/icons/trash-2";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { CheckboxField, TextField } from "~/components/forms/field";
import { CurrentPasswordField } from "~/components/forms/current-password-field";
import { VerificationNotice } from "~/components/forms/resend-verification-button";
import { NewPasswordFields } from "~/components/forms/form-parts";
import { SchemaForm, SubmitRow, type LastResult } from "~/components/forms/schema-form";
import { useIntentForm } from "~/components/forms/use-intent-form";
import { Button, buttonVariants } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatDate } from "~/lib/dates";
import {
  AVATAR_FIELDS,
  AVATAR_PATH,
  DATA_EXPORT_PATH,
  deleteAccountSchema,
  passwordChangeSchema,
  preferencesSchema,
  profileSchema,
  SETTINGS_INTENTS,
  SETTINGS_MESSAGES,
} from "../settings-schemas";
import { FixedEmailField } from "./fixed-email-field";
import { UserAvatar } from "./user-avatar";

/**
 * A form of this page: busy from its submission until the page has loaded again (the password
 * form empties itself only then).
 */
const useSettingsForm: typeof useIntentForm = (schema, options) =>
  useIntentForm(schema, { ...options, untilLoaded: true });

/**
 * A card of the settings page with its heading (the page has one h1; these are h2). `id` is
 * the heading's: it must differ from every form id (Conform ties inputs to their form by id).
 */
export function SettingsSection({
  id,
  title,
  description,
  children,
  tone = "default",
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: "default" | "danger";
}) {
  return (
    <section
      aria-labelledby={id}
      className={
        tone === "danger"
          ? "rounded-xl border border-red-200 bg-white p-5 shadow-sm"
          : "rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      }
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-700">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export interface ProfileFormData {
  name: string;
  email: string;
  image: string | null;
  createdAt: Date | string;
}

/**
 * The profile picture: an image file sent as a plain multipart form (routes/account/avatar.ts
 * checks it by content and re-encodes it), or back to the initials. A whole-page post, so it
 * works without JavaScript; the answer is a toast on /perfil.
 */
function AvatarForm({ hasPicture }: { hasPicture: boolean }) {
  const inputId = useId();
  const hintId = useId();
  return (
    <form
      method="post"
      action={AVATAR_PATH}
      encType="multipart/form-data"
      className="grid gap-2 sm:col-span-2 sm:max-w-md"
    >
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        Foto de perfil
      </label>
      <input
        id={inputId}
        type="file"
        name={AVATAR_FIELDS.file}
        accept="image/jpeg,image/png,image/webp"
        required
        aria-describedby={hintId}
        className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 hover:file:bg-brand-100"
      />
      <p id={hintId} className="text-sm text-slate-600">
        JPG, PNG o WebP de hasta 5 MB. Se muestra redonda; sin foto, tus iniciales.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" size="sm">
          Subir foto
        </Button>
        {hasPicture ? (
          <Button
            type="submit"
            name={AVATAR_FIELDS.remove}
            value="1"
            variant="ghost"
            size="sm"
            formNoValidate
          >
            Quitar foto
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Personal information: full name; the e-mail is read-only (the picture has its own form). */
export function ProfileForm({
  profile,
  lastResult,
}: {
  profile: ProfileFormData;
  lastResult: LastResult;
}) {
  const { busy, form, fields } = useSettingsForm(profileSchema, {
    intent: SETTINGS_INTENTS.profile,
    id: "perfil",
    lastResult,
    defaultValue: { fullName: profile.name },
  });
  return (
    <div className="grid gap-5 sm:grid-cols-[auto_1fr]">
      <div className="flex items-center gap-3 sm:flex-col sm:items-center">
        <UserAvatar name={profile.name} email={profile.email} image={profile.image} size={72} />
        <p className="text-sm text-slate-700 sm:text-center">
          Cliente desde
          <br />
          <span className="font-medium text-slate-900">{formatDate(profile.createdAt)}</span>
        </p>
      </div>
      <SchemaForm form={form} intent={SETTINGS_INTENTS.profile}>
        <TextField label="Nombre completo" field={fields.fullName} autoComplete="name" />
        <FixedEmailField
          id="perfil-email"
          email={profile.email}
          hint="El correo electrónico no se puede cambiar."
        />
        <SubmitRow busy={busy} label="Guardar cambios" busyLabel="Guardando..." />
      </SchemaForm>
      <AvatarForm hasPicture={Boolean(profile.image)} />
    </div>
  );
}

export interface PreferencesFormData {
  receiveMarketingEmails: boolean;
  receiveNewsletter: boolean;
  emailVerified: boolean;
}

/**
 * Communication preferences (marketing e-mails, newsletter). When they could not be read, the
 * form is not shown: unticked boxes saved by mistake would overwrite the real choice.
 */
export function PreferencesForm({
  preferences,
  lastResult,
}: {
  preferences: PreferencesFormData | null;
  lastResult: LastResult;
}) {
  const location = useLocation();
  const { busy, form, fields } = useSettingsForm(preferencesSchema, {
    intent: SETTINGS_INTENTS.preferences,
    id: "preferencias",
    lastResult,
    defaultValue: preferences
      ? {
          receiveMarketingEmails: preferences.receiveMarketingEmails,
          receiveNewsletter: preferences.receiveNewsletter,
        }
      : undefined,
    validateOnBlur: false,
  });
  if (!preferences) {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
        <p className="font-medium">{SETTINGS_MESSAGES.preferencesLoadFailed}</p>
        <p className="mt-1 text-sm">
          {SETTINGS_MESSAGES.tryAgain}{" "}
          <Link to="." reloadDocument className="font-semibold underline">
            Volver a cargar
          </Link>
        </p>
      </div>
    );
  }
  const preferencesForm = (
    <SchemaForm form={form} intent={SETTINGS_INTENTS.preferences}>
      <CheckboxField field={fields.receiveMarketingEmails}>
        Quiero recibir correos con ofertas y promociones
      </CheckboxField>
      <CheckboxField field={fields.receiveNewsletter}>
        Quiero recibir la newsletter con las novedades de la tienda
      </CheckboxField>
      <SubmitRow busy={busy} label="Guardar preferencias" busyLabel="Guardando..." />
    </SchemaForm>
  );
  if (preferences.emailVerified) return preferencesForm;
  // Outside the form: the button is a form of its own.
  return (
    <div className="grid gap-4">
      {preferencesForm}
      <VerificationNotice
        message={SETTINGS_MESSAGES.marketingAwaitsConfirmation}
        redirectTo={location.pathname}
      />
    </div>
  );
}

/**
 * Password change (spec §5): current password, new one and its confirmation. Once the page is
 * interactive the button stays disabled while a field is empty (before that the server checks
 * the same). The fields are cleared after a successful change.
 */
export function PasswordForm({ email, lastResult }: { email: string; lastResult: LastResult }) {
  const hydrated = useHydrated();
  const { busy, form, fields } = useSettingsForm(passwordChangeSchema, {
    intent: SETTINGS_INTENTS.password,
    id: "contrasena",
    lastResult,
  });

  // The action answers a success with a redirect (no action data): empty the fields then.
  const submitted = useRef(false);
  useEffect(() => {
    if (busy) submitted.current = true;
    else if (submitted.current) {
      submitted.current = false;
      if (!lastResult) form.reset();
    }
  }, [busy, lastResult, form]);

  const empty = [fields.currentPassword, fields.newPassword, fields.confirmPassword].some(
    (field) => !field.value,
  );
  return (
    <SchemaForm form={form} intent={SETTINGS_INTENTS.password} className="grid max-w-md gap-4">
      {/* Lets password managers file the new password under the right account (not submitted). */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <CurrentPasswordField label="Contraseña actual" field={fields.currentPassword} />
      <NewPasswordFields
        password={fields.newPassword}
        confirm={fields.confirmPassword}
        labels={["Nueva contraseña", "Confirmar nueva contraseña"]}
      />
      <SubmitRow
        busy={busy}
        disabled={hydrated && empty}
        label="Cambiar contraseña"
        busyLabel="Cambiando..."
      />
    </SchemaForm>
  );
}

/** 'Descargar mis datos' and the link that opens the delete-account dialog. */
export function PrivacyActions({ deleteTo }: { deleteTo: string }) {
  return (
    <div className="grid gap-5">
      <div>
        <h3 className="font-medium text-slate-900">Descargar mis datos</h3>
        <p className="mt-1 text-sm text-slate-700">
          Un archivo JSON con todo lo que guardamos sobre ti: tu cuenta, tus pedidos y direcciones
          de envío, tus solicitudes de servicio, tus preferencias y el historial de tu
          consentimiento, tu carrito, tus favoritos, tus reseñas y tus sesiones abiertas.
        </p>
        {/* A plain link: the file is a download, not a page of the app. */}
        <a
          href={DATA_EXPORT_PATH}
          download
          className={buttonVariants({ variant: "outline", className: "mt-3" })}
        >
          <Download aria-hidden="true" /> Descargar mis datos
        </a>
      </div>
      <div className="border-t border-slate-200 pt-5">
        <h3 className="font-medium text-slate-900">Eliminar mi cuenta</h3>
        <p className="mt-1 text-sm text-slate-700">
          Borra tu cuenta, tus favoritos, tus preferencias (y tu suscripción a la newsletter) y tus
          sesiones. Tus reseñas se conservan, pero sin tu nombre, y tus pedidos también, porque la
          ley nos obliga a guardarlos. No se puede deshacer.
        </p>
        <Link
          to={deleteTo}
          preventScrollReset
          className={buttonVariants({
            variant: "outline",
            className: "mt-3 border-red-300 text-red-700 hover:bg-red-50 hover:text-red-800",
          })}
        >
          <Trash2 aria-hidden="true" /> Eliminar mi cuenta
        </Link>
      </div>
    </div>
  );
}

/** The delete-account dialog's form: the password confirms it. */
export function DeleteAccountForm({
  lastResult,
  cancelTo,
}: {
  lastResult: LastResult;
  cancelTo: string;
}) {
  const { busy, form, fields } = useSettingsForm(deleteAccountSchema, {
    intent: SETTINGS_INTENTS.deleteAccount,
    id: "eliminar-cuenta",
    lastResult,
  });
  return (
    <SchemaForm form={form} intent={SETTINGS_INTENTS.deleteAccount}>
      <CurrentPasswordField label="Tu contraseña" field={fields.password} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Link to={cancelTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          Cancelar
        </Link>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? "Eliminando..." : "Eliminar definitivamente"}
        </Button>
      </div>
    </SchemaForm>
  );
}
