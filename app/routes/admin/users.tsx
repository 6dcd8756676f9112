import { parseWithZod } from "@conform-to/zod/v4";
import {
  Pencil as pencilIcon,
  Search as searchIcon,
  Trash2 as trash2Icon,
  UserPlus as userPlusIcon,
} from "lucide";
import { ACTION_TEXT_FROM_MD, FROM_MD, FROM_SM } from "~/components/admin/table-priority";
import { icon } from "~/components/ui/icons";
import { data, Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/users";
import { ConfirmSubmit } from "~/components/admin/confirm-submit";
import { AdminFormDialog } from "~/components/admin/form-dialog";
import { AdminPageHeader } from "~/components/admin/page-header";
import { SortHeader } from "~/components/admin/sort-header";
import { Pagination } from "~/components/layout/pagination";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { parsePage } from "~/lib/pagination";
import { userContext } from "~/lib/context";
import { readFormData } from "~/lib/forms.server";
import type { Actor } from "~/modules/activity/activity.server";
import { parseTableSort, SORT_PARAMS } from "~/lib/table-params";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";
import {
  ADMIN_USER_INTENTS,
  createUserSchema,
  DEFAULT_USER_SORT,
  deleteUserSchema,
  updateUserSchema,
  USER_PARAMS,
  USER_ROLE_LABELS,
  USER_SORT_COLUMNS,
  USER_STATUS_LABELS,
} from "~/modules/accounts/admin-schemas";
import {
  createAdminUser,
  deleteAdminUser,
  getAdminUser,
  listAdminUsers,
  updateAdminUser,
  USER_NOT_FOUND_MESSAGE,
} from "~/modules/accounts/admin-users.server";
import { CreateUserForm, EditUserForm } from "~/modules/accounts/components/admin-user-forms";
import { UserAvatar } from "~/modules/accounts/components/user-avatar";
import { isWeakPassword } from "~/modules/accounts/passwords.server";
import { COMMON_PASSWORD_MESSAGE } from "~/modules/accounts/schemas";
import { pageTitle } from "~/lib/page-title";
import { formatNumber } from "~/lib/numbers";

const Pencil = icon(pencilIcon);
const Search = icon(searchIcon);
const Trash2 = icon(trash2Icon);
const UserPlus = icon(userPlusIcon);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Usuarios · Administración") },
];

const PATH = "/admin/usuarios";
const MAX_SEARCH_LENGTH = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const search = (params.get(USER_PARAMS.search) ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const sort = parseTableSort(params, USER_SORT_COLUMNS, DEFAULT_USER_SORT);
  const page = parsePage(params);
  const editId = params.get(USER_PARAMS.edit);
  const [list, editing] = await Promise.all([
    listAdminUsers({ search, sort, page }),
    editId ? getAdminUser(editId) : Promise.resolve(null),
  ]);
  return {
    ...list,
    search,
    sort,
    editing,
    creating: params.has(USER_PARAMS.create),
    currentUserId: context.get(userContext)?.id ?? null,
  };
}

/** The list's URL as it was (search, order, page), without the dialog parameters. */
function listUrl(search: string) {
  const params = new URLSearchParams(search);
  params.delete(USER_PARAMS.create);
  params.delete(USER_PARAMS.edit);
  const query = params.toString();
  return query ? `${PATH}?${query}` : PATH;
}

const PASSWORD_HIDDEN = ["password"];

async function create(formData: FormData, backTo: string, actor: Actor | null) {
  const submission = parseWithZod(formData, { schema: createUserSchema });
  if (submission.status !== "success") {
    return data(
      {
        intent: ADMIN_USER_INTENTS.create,
        result: submission.reply({ hideFields: PASSWORD_HIDDEN }),
      },
      { status: 400 },
    );
  }
  if (await isWeakPassword(submission.value.password)) {
    return data(
      {
        intent: ADMIN_USER_INTENTS.create,
        result: submission.reply({
          fieldErrors: { password: [COMMON_PASSWORD_MESSAGE] },
          hideFields: PASSWORD_HIDDEN,
        }),
      },
      { status: 400 },
    );
  }
  const created = await createAdminUser(submission.value, actor);
  if (!created.ok) {
    const errors = created.field
      ? { fieldErrors: { [created.field]: [created.message] } }
      : { formErrors: [`Error al crear usuario. ${created.message}`] };
    return data(
      {
        intent: ADMIN_USER_INTENTS.create,
        result: submission.reply({ ...errors, hideFields: PASSWORD_HIDDEN }),
      },
      { status: created.reason === "email_taken" ? 409 : 500 },
    );
  }
  return redirectWithToast(
    backTo,
    created.profileSaved
      ? { title: "Éxito", description: "Usuario y perfil creados correctamente." }
      : {
          title: "Error de Perfil",
          description:
            "El usuario se ha creado, pero no se pudieron guardar su rol ni su avatar. Edítalo para completarlos.",
          variant: "destructive",
        },
  );
}

async function update(formData: FormData, backTo: string, actor: Actor | null) {
  const submission = parseWithZod(formData, { schema: updateUserSchema });
  if (submission.status !== "success") {
    return data({ intent: ADMIN_USER_INTENTS.update, result: submission.reply() }, { status: 400 });
  }
  const updated = await updateAdminUser(submission.value, actor);
  if (!updated.ok) {
    if (updated.reason === "not_found") {
      return redirectWithToast(backTo, {
        title: "Error al actualizar perfil",
        description: USER_NOT_FOUND_MESSAGE,
        variant: "destructive",
      });
    }
    const errors = updated.field
      ? { fieldErrors: { [updated.field]: [updated.message] } }
      : { formErrors: [updated.message] };
    return data(
      { intent: ADMIN_USER_INTENTS.update, result: submission.reply(errors) },
      { status: 409 },
    );
  }
  return redirectWithToast(backTo, {
    title: "Éxito",
    description: "Perfil de usuario actualizado.",
  });
}

async function remove(formData: FormData, backTo: string, actor: Actor | null) {
  const parsed = deleteUserSchema.safeParse(Object.fromEntries(formData));
  const deleted = parsed.success
    ? await deleteAdminUser(parsed.data.id, actor)
    : ({ ok: false, message: "La petición no es válida. Recarga la página." } as const);
  if (!deleted.ok) {
    return redirectWithToast(backTo, {
      title: "Error al eliminar",
      description: deleted.message,
      variant: "destructive",
    });
  }
  return redirectWithToast(backTo, {
    title: "Éxito",
    description: "Usuario eliminado completamente",
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const actor = context.get(userContext); // the admin layout's middleware guarantees an admin
  const backTo = listUrl(new URL(request.url).search);
  switch (formData.get("intent")) {
    case ADMIN_USER_INTENTS.create:
      return create(formData, backTo, actor);
    case ADMIN_USER_INTENTS.update:
      return update(formData, backTo, actor);
    case ADMIN_USER_INTENTS.delete:
      return remove(formData, backTo, actor);
    default:
      throw data({ message: "La petición no es válida. Recarga la página." }, { status: 400 });
  }
}

function countLabel(value: number) {
  return `${formatNumber(value)} ${value === 1 ? "usuario" : "usuarios"}`;
}

const badge = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium";

export default function UsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { users, total, matching, page, pageCount, search, sort, editing, creating } = loaderData;
  const location = useLocation();
  const closeTo = listUrl(location.search);
  const withDialog = (name: string, value = "") => {
    const params = new URLSearchParams(closeTo.split("?")[1] ?? "");
    params.set(name, value);
    return `${PATH}?${params.toString()}`;
  };
  const resultFor = (intent: string) =>
    actionData && actionData.intent === intent ? actionData.result : null;

  return (
    <>
      <AdminPageHeader
        title="Usuarios"
        description="Cuentas de clientes y administradores: altas, datos de perfil, roles y bajas."
      >
        <Link to={withDialog(USER_PARAMS.create)} preventScrollReset className={buttonVariants()}>
          <UserPlus aria-hidden /> Añadir usuario
        </Link>
      </AdminPageHeader>

      <Form
        method="get"
        role="search"
        aria-label="Buscar usuarios"
        className="mt-6 flex flex-wrap items-end gap-2"
      >
        <div className="min-w-0 flex-1 basis-64">
          <label
            htmlFor="buscar-usuarios"
            className="mb-1 block text-sm font-medium text-slate-800"
          >
            Buscar por nombre, correo electrónico o rol
          </label>
          <Input
            id="buscar-usuarios"
            type="search"
            name={USER_PARAMS.search}
            defaultValue={search}
            key={search}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Ej.: lucía, @tienda.local, administrador"
          />
        </div>
        {sort.column !== DEFAULT_USER_SORT.column ||
        sort.direction !== DEFAULT_USER_SORT.direction ? (
          <>
            <input type="hidden" name={SORT_PARAMS.column} value={sort.column} />
            <input type="hidden" name={SORT_PARAMS.direction} value={sort.direction} />
          </>
        ) : null}
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          <Search aria-hidden /> Buscar
        </button>
        {search ? (
          <Link to={PATH} className={buttonVariants({ variant: "ghost" })}>
            Limpiar búsqueda
          </Link>
        ) : null}
      </Form>

      <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="max-md:[&_td]:px-2 max-md:[&_th]:px-2 w-full text-sm md:min-w-[44rem]">
          <caption className="sr-only">Usuarios</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            <tr>
              <SortHeader column="name" label="Nombre" sort={sort} />
              <SortHeader
                column="email"
                label="Correo electrónico"
                sort={sort}
                className={FROM_MD}
              />
              <SortHeader column="role" label="Rol" sort={sort} className={FROM_SM} />
              <SortHeader column="status" label="Estado" sort={sort} />
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                <span className={ACTION_TEXT_FROM_MD}>Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-8 text-center text-slate-700">
                  {search
                    ? `No hay usuarios que coincidan con «${search}».`
                    : "Todavía no hay usuarios."}
                </td>
              </tr>
            ) : (
              users.map((user) => {
                const who = user.name || user.email;
                const isSelf = user.id === loaderData.currentUserId;
                return (
                  <tr key={user.id}>
                    <td className="px-3 py-2">
                      <div className="flex items-center gap-3">
                        <UserAvatar name={user.name} email={user.email} image={user.image} />
                        <span className="font-medium text-slate-900">
                          {user.name || <span className="text-slate-600 italic">Sin nombre</span>}
                          {isSelf ? (
                            <span className="ml-1 font-normal text-slate-600">(tú)</span>
                          ) : null}
                          {/* The e-mail column shows from 768 px; until then it is here. */}
                          <span className="block text-xs font-normal break-all text-slate-700 md:hidden">
                            {user.email}
                          </span>
                        </span>
                      </div>
                    </td>
                    <td className={cn(FROM_MD, "px-3 py-2 whitespace-nowrap text-slate-800")}>
                      {user.email}
                    </td>
                    <td className={cn(FROM_SM, "px-3 py-2")}>
                      <span
                        className={cn(
                          badge,
                          user.role === "admin"
                            ? "bg-brand-100 text-brand-800"
                            : "bg-slate-100 text-slate-800",
                        )}
                      >
                        {USER_ROLE_LABELS[user.role]}
                      </span>
                    </td>
                    <td className="px-3 py-2">
                      <span
                        className={cn(
                          badge,
                          user.active ? "bg-green-100 text-green-800" : "bg-red-100 text-red-800",
                        )}
                      >
                        {user.active ? USER_STATUS_LABELS.active : USER_STATUS_LABELS.inactive}
                      </span>
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex justify-end gap-1">
                        <Link
                          to={withDialog(USER_PARAMS.edit, user.id)}
                          preventScrollReset
                          aria-label={`Editar a ${who}`}
                          className={buttonVariants({ variant: "ghost", size: "sm" })}
                        >
                          <Pencil aria-hidden /> <span className={ACTION_TEXT_FROM_MD}>Editar</span>
                        </Link>
                        <ConfirmSubmit
                          fields={{ intent: ADMIN_USER_INTENTS.delete, id: user.id }}
                          title="¿Eliminar este usuario?"
                          description={
                            <>
                              Se eliminará por completo la cuenta de <strong>{who}</strong> (
                              {user.email}): su acceso, sus sesiones, sus favoritos y sus
                              preferencias. Sus reseñas se conservarán como «Usuario Anónimo». Esta
                              acción es irreversible.
                            </>
                          }
                          confirmLabel="Eliminar definitivamente"
                          aria-label={`Eliminar a ${who}`}
                          className="text-red-700 hover:bg-red-50 hover:text-red-800"
                        >
                          <Trash2 aria-hidden />{" "}
                          <span className={ACTION_TEXT_FROM_MD}>Eliminar</span>
                        </ConfirmSubmit>
                      </div>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        {`Mostrando ${formatNumber(users.length)} de ${countLabel(total)}`}
        {search && matching > users.length
          ? ` · ${formatNumber(matching)} coinciden con la búsqueda`
          : null}
      </p>
      <Pagination page={page} pageCount={pageCount} />

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
            isSelf={editing.id === loaderData.currentUserId}
          />
        ) : null}
      </AdminFormDialog>
    </>
  );
}
