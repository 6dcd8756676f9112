import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import type { TableSort } from "~/lib/table-params";
import { avatarUrlField, emailField, passwordField } from "./schemas";

/** The forms of /admin/usuarios (spec §2, §5): one schema each, used by the form and the action. */

export const ADMIN_USER_INTENTS = { create: "create", update: "update", delete: "delete" } as const;

export const USER_ROLES = ["customer", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USER_ROLE_LABELS: Record<UserRole, string> = {
  customer: "Cliente",
  admin: "Administrador",
};

/** Spec §4: the active flag shows as Activo or Inactivo (active = not banned). */
export const USER_STATUS_LABELS = { active: "Activo", inactive: "Inactivo" } as const;

/** Spec §5, verbatim. */
export const EMAIL_REQUIRED_MESSAGE = "El email es obligatorio para nuevos usuarios.";
export const PASSWORD_REQUIRED_MESSAGE = "La contraseña es obligatoria para nuevos usuarios.";
/** Shown under the locked e-mail of the edit dialog (spec §5). */
export const EMAIL_LOCKED_HINT = "El email no se puede cambiar.";
export const EMAIL_TAKEN_MESSAGE = "Ya existe un usuario con ese email.";

/** Sortable columns of the users table; the default order is name ascending (spec §9). */
export const USER_SORT_COLUMNS = ["name", "email", "role", "status"] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];
export const DEFAULT_USER_SORT: TableSort<UserSortColumn> = { column: "name", direction: "asc" };

export const ADMIN_USERS_PATH = "/admin/usuarios";

/** URL parameter of the page's search term (the dialogs use the shared `nuevo`/`editar`). */
export const USER_PARAMS = { search: "q" } as const;

/** The toasts of /admin/usuarios (spec §5). */
export const ADMIN_USER_TOASTS = {
  created: { title: "Éxito", description: "Usuario y perfil creados correctamente." },
  profileNotSaved: {
    title: "Error de Perfil",
    description:
      "El usuario se ha creado, pero no se pudieron guardar su rol ni su avatar. Edítalo para completarlos.",
    variant: "destructive",
  },
  updated: { title: "Éxito", description: "Perfil de usuario actualizado." },
  deleted: { title: "Éxito", description: "Usuario eliminado completamente" },
} as const;

const fullNameField = z
  .string()
  .trim()
  .max(LIMITS.maxNameLength, `El nombre no puede superar los ${LIMITS.maxNameLength} caracteres.`)
  .default("");

const roleField = z.enum(USER_ROLES, { error: "Elige un rol: Cliente o Administrador." });

export const createUserSchema = z.object({
  intent: z.literal(ADMIN_USER_INTENTS.create),
  email: z
    .string({ error: EMAIL_REQUIRED_MESSAGE })
    .trim()
    .min(1, EMAIL_REQUIRED_MESSAGE)
    .pipe(emailField),
  password: z
    .string({ error: PASSWORD_REQUIRED_MESSAGE })
    .min(1, PASSWORD_REQUIRED_MESSAGE)
    .pipe(passwordField),
  fullName: fullNameField,
  role: roleField.default("customer"),
  avatarUrl: avatarUrlField,
});
export type CreateUserInput = z.output<typeof createUserSchema>;

const userIdField = z.string({ error: "Falta el usuario." }).trim().min(1, "Falta el usuario.");

export const updateUserSchema = z.object({
  intent: z.literal(ADMIN_USER_INTENTS.update),
  id: userIdField,
  fullName: fullNameField,
  role: roleField,
  avatarUrl: avatarUrlField,
  /** A checkbox: absent when unticked. */
  active: z.boolean().default(false),
});
export type UpdateUserInput = z.output<typeof updateUserSchema>;

export const deleteUserSchema = z.object({
  intent: z.literal(ADMIN_USER_INTENTS.delete),
  id: userIdField,
});

/** One row of the users table (and the user being edited), as the admin page shows it. */
export interface AdminUserView {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: UserRole;
  /** `is_active` of spec §3: not banned. */
  active: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
}
