import { getSelectProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { AdminFormDialog, DialogFormButtons } from "~/components/admin/form-dialog";
import { CheckboxField, FieldErrors, TextField } from "~/components/forms/field";
import { SchemaForm, type LastResult } from "~/components/forms/schema-form";
import { useIntentForm } from "~/components/forms/use-intent-form";
import { NativeSelect } from "~/components/ui/native-select";
import { LIMITS } from "~/lib/constants";
import {
  ADMIN_USER_INTENTS,
  createUserSchema,
  EMAIL_LOCKED_HINT,
  updateUserSchema,
  USER_ROLE_LABELS,
  USER_ROLES,
  type AdminUserView,
  type UserRole,
} from "../admin-schemas";
import { AVATAR_HINT } from "../schemas";
import { FixedEmailField } from "./fixed-email-field";

function RoleField({ field }: { field: FieldMetadata<UserRole> }) {
  const props = getSelectProps(field);
  return (
    <div>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-slate-800">
        Rol
      </label>
      <NativeSelect {...props} key={props.key}>
        {USER_ROLES.map((role) => (
          <option key={role} value={role}>
            {USER_ROLE_LABELS[role]}
          </option>
        ))}
      </NativeSelect>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** Name, role and avatar: the profile fields both dialogs share. */
function ProfileFields({
  fields,
}: {
  fields: {
    fullName: FieldMetadata<string>;
    role: FieldMetadata<UserRole>;
    avatarUrl: FieldMetadata<string | undefined>;
  };
}) {
  return (
    <>
      <TextField label="Nombre completo" field={fields.fullName} autoComplete="off" />
      <RoleField field={fields.role} />
      <TextField label="URL del avatar" field={fields.avatarUrl} hint={AVATAR_HINT} />
    </>
  );
}

/** The add dialog's form (spec §5: e-mail and password required; role customer by default). */
export function CreateUserForm({
  lastResult,
  cancelTo,
}: {
  lastResult: LastResult;
  cancelTo: string;
}) {
  const { busy, form, fields } = useIntentForm(createUserSchema, {
    intent: ADMIN_USER_INTENTS.create,
    id: "crear-usuario",
    lastResult,
    defaultValue: lastResult ? undefined : { role: "customer" },
  });
  return (
    <SchemaForm form={form} intent={ADMIN_USER_INTENTS.create}>
      <TextField label="Correo electrónico" field={fields.email} type="email" autoComplete="off" />
      <TextField
        label="Contraseña"
        field={fields.password}
        type="password"
        autoComplete="new-password"
        hint={`Al menos ${LIMITS.minPasswordLength} caracteres. Evita contraseñas comunes.`}
      />
      <ProfileFields fields={fields} />
      <DialogFormButtons
        cancelTo={cancelTo}
        busy={busy}
        label="Crear usuario"
        busyLabel="Creando usuario..."
      />
    </SchemaForm>
  );
}

/** The edit dialog's form: the e-mail is locked (spec §5); name, role, avatar and active flag. */
export function EditUserForm({
  user,
  lastResult,
  cancelTo,
  isSelf,
}: {
  user: AdminUserView;
  lastResult: LastResult;
  cancelTo: string;
  isSelf: boolean;
}) {
  const { busy, form, fields } = useIntentForm(updateUserSchema, {
    intent: ADMIN_USER_INTENTS.update,
    id: `editar-usuario-${user.id}`,
    lastResult,
    defaultValue: lastResult
      ? undefined
      : {
          fullName: user.name,
          role: user.role,
          avatarUrl: user.image ?? "",
          active: user.active,
        },
  });
  return (
    <SchemaForm form={form} intent={ADMIN_USER_INTENTS.update}>
      <input type="hidden" name="id" value={user.id} />
      {/* Locked (spec §5): the dialog's first focus goes to the name. */}
      <FixedEmailField
        id={`${form.id}-email`}
        email={user.email}
        hint={EMAIL_LOCKED_HINT}
        disabled
      />
      <ProfileFields fields={fields} />
      <CheckboxField field={fields.active}>
        Cuenta activa
        <span className="block text-slate-600">
          {isSelf
            ? "Si desactivas tu propia cuenta, se cerrará tu sesión."
            : "Si la desactivas, se cerrarán sus sesiones y no podrá iniciar sesión."}
        </span>
      </CheckboxField>
      <DialogFormButtons cancelTo={cancelTo} busy={busy} label="Guardar cambios" />
    </SchemaForm>
  );
}

/** The add and edit dialogs of /admin/usuarios (open state in the URL: `?nuevo`, `?editar=id`). */
export function UserDialogs({
  creating,
  editing,
  currentUserId,
  closeTo,
  resultFor,
}: {
  creating: boolean;
  editing: AdminUserView | null;
  currentUserId: string | null;
  closeTo: string;
  resultFor: (intent: string) => SubmissionResult<string[]> | undefined;
}) {
  return (
    <>
      <AdminFormDialog
        open={creating}
        closeTo={closeTo}
        title="Añadir usuario"
        description="La persona podrá iniciar sesión con este correo electrónico y esta contraseña."
      >
        <CreateUserForm lastResult={resultFor(ADMIN_USER_INTENTS.create)} cancelTo={closeTo} />
      </AdminFormDialog>
      <AdminFormDialog
        open={editing !== null}
        closeTo={closeTo}
        title="Editar usuario"
        description={editing ? `Perfil de ${editing.name || editing.email}.` : undefined}
      >
        {editing ? (
          <EditUserForm
            key={editing.id}
            user={editing}
            lastResult={resultFor(ADMIN_USER_INTENTS.update)}
            cancelTo={closeTo}
            isSelf={editing.id === currentUserId}
          />
        ) : null}
      </AdminFormDialog>
    </>
  );
}
