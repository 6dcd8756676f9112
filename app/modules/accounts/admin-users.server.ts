import { isAPIError } from "better-auth/api";
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { sessions, userPreferences, users } from "~/db/schema";
import { pick } from "~/db/pick";
import { getAuth } from "~/modules/accounts/auth.server";
import { LIMITS } from "~/lib/constants";
import { getDb } from "~/db/client.server";
import { conflict, notFound, ok, unavailable, type Result } from "~/lib/failure";
import { log } from "~/lib/log.server";
import { DIALOG_PARAMS, readDialogTextId } from "~/lib/admin-dialog";
import { pageOf, parsePage } from "~/lib/pagination";
import type { SortedPageRequest } from "~/lib/pagination.server";
import { parseTableSort, type TableSort } from "~/lib/table-params";
import { recordActivity, type ActivityEntry, type Actor } from "~/modules/activity/index.server";
import { endMarketingForDeletedAccount } from "~/modules/promotions/index.server";
import { anonymizeReviewsOf } from "~/modules/reviews/index.server";
import {
  DEFAULT_USER_SORT,
  EMAIL_TAKEN_MESSAGE,
  USER_PARAMS,
  USER_SORT_COLUMNS,
  USER_ROLE_LABELS,
  USER_ROLES,
  type AdminUserView,
  type CreateUserInput,
  type UpdateUserInput,
  type UserSortColumn,
} from "./admin-schemas";
import { likeContaining } from "~/lib/like-pattern";
import { accountByEmail } from "./account-by-email.server";

export const USER_NOT_FOUND_MESSAGE =
  "El usuario ya no existe. Puede que otra persona lo haya eliminado.";
const CREATE_FAILED_MESSAGE = "No se pudo crear el usuario. Inténtalo de nuevo.";
const LAST_ADMIN_MESSAGES = {
  demote:
    "No se puede quitar el rol de administrador a la única cuenta de administrador activa: la tienda se quedaría sin nadie que la gestione. Nombra antes a otro administrador.",
  deactivate:
    "No se puede desactivar la única cuenta de administrador activa: la tienda se quedaría sin nadie que la gestione. Nombra antes a otro administrador.",
  delete:
    "No se puede eliminar la única cuenta de administrador activa: la tienda se quedaría sin nadie que la gestione. Nombra antes a otro administrador.",
} as const;
const DEACTIVATED_REASON = "Cuenta desactivada por el administrador.";

const viewColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  image: users.image,
  role: users.role,
  banned: users.banned,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
};

function toView({
  banned,
  ...row
}: Omit<AdminUserView, "active"> & { banned: boolean }): AdminUserView {
  return { ...row, active: !banned };
}

/** Lower case without accents, as `immutable_unaccent(lower(…))` does in the database. */
function fold(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/**
 * Spec §2: the search matches the name (ignoring case and accents), the e-mail, or the role
 * ("admin", "administrador", "cliente"… match the role whose name starts that way).
 */
function searchCondition(search: string): SQL | undefined {
  const term = fold(search.trim());
  if (!term) return undefined;
  const pattern = likeContaining(term);
  const roles = USER_ROLES.filter(
    (role) => role.startsWith(term) || fold(USER_ROLE_LABELS[role]).startsWith(term),
  );
  return or(
    sql`immutable_unaccent(lower(${users.name})) like ${pattern}`,
    sql`lower(${users.email}) like ${pattern}`,
    roles.length > 0 ? inArray(users.role, roles) : undefined,
  );
}

/**
 * ORDER BY for a sort: the chosen column, then name, e-mail and id (a stable order), all in
 * the chosen direction, so that one index per column serves both (schema: users_sort_*).
 * Ascending follows the labels: Administrador before Cliente, Activo before Inactivo.
 */
function orderBy(sort: TableSort<UserSortColumn>): SQL[] {
  const name = sql`(immutable_unaccent(lower(${users.name})) COLLATE "C")`;
  const email = sql`(${users.email} COLLATE "C")`;
  const ascending = sort.direction === "asc";
  const forward = ascending ? asc : desc;
  const backward = ascending ? desc : asc;
  const tail = [forward(name), forward(email), forward(users.id)];
  switch (sort.column) {
    case "name":
      return tail;
    case "email":
      return [forward(email), forward(users.id)];
    case "role":
      // The enum's order is customer, admin: "Administrador first" reads it backwards.
      return [backward(users.role), ...tail];
    case "status":
      return [forward(users.banned), ...tail];
  }
}

/**
 * One page of the users table: the users matching `search` in the requested order, how many
 * match, and how many users there are in all (the footer's "Mostrando N de M usuarios").
 */
export async function listAdminUsers({
  search,
  sort,
  page,
  pageSize = LIMITS.adminUsersPerPage,
}: SortedPageRequest<UserSortColumn> & { search: string }) {
  const db = getDb();
  const where = searchCondition(search);
  const fetchPage = (pageNumber: number) =>
    db
      .select(viewColumns)
      .from(users)
      .where(where)
      .orderBy(...orderBy(sort))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize);
  const requested = Math.max(1, page);
  // Two counts, so that the search's own count can use the trigram indexes; the page asked
  // for is read at the same time (it is nearly always within range).
  const [[all], [matched], rows] = await Promise.all([
    db.select({ total: count() }).from(users),
    where ? db.select({ total: count() }).from(users).where(where) : Promise.resolve([undefined]),
    fetchPage(requested),
  ]);
  const total = all?.total ?? 0;
  const matching = where ? (matched?.total ?? 0) : total;
  // A page past the end (a stale link, a deletion) shows the last page.
  const { page: currentPage, pageCount } = pageOf(requested, matching, pageSize);
  const shown = currentPage === requested ? rows : await fetchPage(currentPage);
  return { users: shown.map(toView), total, matching, page: currentPage, pageCount };
}

/** The user to edit, or null. */
export async function getAdminUser(id: string): Promise<AdminUserView | null> {
  const [row] = await getDb().select(viewColumns).from(users).where(eq(users.id, id));
  return row ? toView(row) : null;
}

/** What /admin/usuarios shows for its URL: the page of the list, and the dialog asked for. */
export async function loadAdminUsersPage(params: URLSearchParams) {
  const search = (params.get(USER_PARAMS.search) ?? "").trim().slice(0, LIMITS.maxUserSearchLength);
  const sort = parseTableSort(params, USER_SORT_COLUMNS, DEFAULT_USER_SORT);
  const editId = readDialogTextId(params);
  const [list, editing] = await Promise.all([
    listAdminUsers({ search, sort, page: parsePage(params) }),
    editId ? getAdminUser(editId) : Promise.resolve(null),
  ]);
  return { ...list, search, sort, editing, creating: params.has(DIALOG_PARAMS.add) };
}

/**
 * Creates a user as registration does (better-auth sign-up: the password is hashed with
 * argon2id like any other), then saves the profile fields sign-up does not set (role, avatar)
 * and the preferences row (no marketing consent: only the user can give it).
 * `profileSaved: false` is the spec's "Error de Perfil": the account exists, the rest failed.
 */
export async function createAdminUser(
  input: Omit<CreateUserInput, "intent">,
  actor: Actor | null,
): Promise<Result<{ id: string; profileSaved: boolean }>> {
  if (await accountByEmail(input.email)) return conflict(EMAIL_TAKEN_MESSAGE, "email");
  let id: string;
  try {
    const result = await getAuth().api.signUpEmail({
      body: {
        name: input.fullName,
        email: input.email,
        password: input.password,
        ...(input.avatarUrl ? { image: input.avatarUrl } : {}),
      },
    });
    id = result.user.id;
  } catch (error) {
    const code = isAPIError(error)
      ? ((error.body as { code?: string } | undefined)?.code ?? "")
      : "";
    if (code.startsWith("USER_ALREADY_EXISTS")) return conflict(EMAIL_TAKEN_MESSAGE, "email");
    log("error", "admin user sign-up failed", { error: String(error) });
    return unavailable(CREATE_FAILED_MESSAGE);
  }
  try {
    await getDb().transaction(async (tx) => {
      // The sign-up hook gives every new account the customer role (ADMIN_EMAIL aside).
      await tx
        .update(users)
        .set({ role: input.role, image: input.avatarUrl ?? null })
        .where(eq(users.id, id));
      await tx.insert(userPreferences).values({ userId: id }).onConflictDoNothing();
      await recordActivity(actor, createdEntry(id, input, true), tx);
    });
    return ok({ id, profileSaved: true });
  } catch (error) {
    log("error", "admin user profile save failed", { userId: id, error: String(error) });
    // The account exists all the same: the log says so, and that its profile was not saved.
    await recordActivity(actor, createdEntry(id, input, false)).catch((logError: unknown) =>
      log("error", "activity log write failed", { error: String(logError) }),
    );
    return ok({ id, profileSaved: false });
  }
}

const ROLE_LABELS = { admin: "administrador", customer: "cliente" } as const;

function createdEntry(
  id: string,
  input: Pick<CreateUserInput, "email" | "role">,
  profileSaved: boolean,
): ActivityEntry {
  return {
    action: "create",
    entityType: "user",
    entityId: id,
    summary:
      `Usuario «${input.email}» creado (${ROLE_LABELS[input.role]})` +
      (profileSaved ? "" : "; su perfil no se pudo guardar"),
  };
}

type Transaction = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

/**
 * Locks the active admins and the target row for the rest of the transaction, so that two
 * admins demoting each other at the same moment cannot leave the shop with none.
 */
async function lockForAdminCheck(tx: Transaction, id: string) {
  const activeAdmins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.banned, false)))
    .for("update");
  const [target] = await tx
    .select(pick(users, "id", "email", "emailVerified", "role", "banned"))
    .from(users)
    .where(eq(users.id, id))
    .for("update");
  const isLastActiveAdmin =
    target !== undefined &&
    target.role === "admin" &&
    !target.banned &&
    activeAdmins.every((admin) => admin.id === target.id);
  return { target, isLastActiveAdmin };
}

/**
 * Saves name, role, avatar and the active flag. Deactivating bans the account and deletes its
 * sessions, so the user is signed out at once. There must always be one active admin left.
 */
export async function updateAdminUser(
  input: Omit<UpdateUserInput, "intent">,
  actor: Actor | null,
): Promise<Result> {
  return getDb().transaction(async (tx): Promise<Result> => {
    const { target, isLastActiveAdmin } = await lockForAdminCheck(tx, input.id);
    if (!target) return notFound(USER_NOT_FOUND_MESSAGE);
    if (isLastActiveAdmin && input.role !== "admin") {
      return conflict(LAST_ADMIN_MESSAGES.demote, "role");
    }
    if (isLastActiveAdmin && !input.active) {
      return conflict(LAST_ADMIN_MESSAGES.deactivate, "active");
    }
    await tx
      .update(users)
      .set({
        name: input.fullName,
        role: input.role,
        image: input.avatarUrl ?? null,
        banned: !input.active,
        // Drizzle leaves out `undefined`: an account already inactive keeps its reason.
        banReason: input.active ? null : target.banned ? undefined : DEACTIVATED_REASON,
        banExpires: null,
      })
      .where(eq(users.id, input.id));
    if (!input.active) await tx.delete(sessions).where(eq(sessions.userId, input.id));
    const changes: string[] = [];
    if (target.role !== input.role) changes.push(`rol: ${ROLE_LABELS[input.role]}`);
    if (target.banned === input.active) changes.push(input.active ? "reactivado" : "desactivado");
    await recordActivity(
      actor,
      {
        action:
          target.banned === input.active
            ? input.active
              ? "activate"
              : "deactivate"
            : target.role !== input.role
              ? "role"
              : "update",
        entityType: "user",
        entityId: input.id,
        summary:
          `Usuario «${target.email}» actualizado` +
          (changes.length > 0 ? ` (${changes.join(", ")})` : ""),
      },
      tx,
    );
    return ok();
  });
}

/**
 * Deletes a user completely: the account row goes, and with it (ON DELETE CASCADE) their
 * sessions, credentials, favourites and preferences. Their reviews stay, detached and
 * anonymous ('Usuario Anónimo'). The last active admin cannot be deleted.
 */
export async function deleteAdminUser(id: string, actor: Actor | null): Promise<Result> {
  return getDb().transaction(async (tx): Promise<Result> => {
    const { target, isLastActiveAdmin } = await lockForAdminCheck(tx, id);
    if (!target) return notFound(USER_NOT_FOUND_MESSAGE);
    if (isLastActiveAdmin) return conflict(LAST_ADMIN_MESSAGES.delete);
    // Before the delete: an actor deleting their own account is still a user at this point
    // (the line's actor_id is then set to null by the delete; its e-mail stays).
    await recordActivity(
      actor,
      {
        action: "delete",
        entityType: "user",
        entityId: id,
        summary:
          actor?.id === id
            ? `Cuenta «${target.email}» eliminada por su titular`
            : `Usuario «${target.email}» eliminado`,
      },
      tx,
    );
    await anonymizeReviewsOf(id, tx);
    // No marketing ever again to the address, and its consents recorded as withdrawn.
    await endMarketingForDeletedAccount(tx, {
      userId: id,
      email: target.email,
      emailVerified: target.emailVerified,
    });
    await tx.delete(users).where(eq(users.id, id));
    return ok();
  });
}
