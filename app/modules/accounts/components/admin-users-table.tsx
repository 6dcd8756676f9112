import { LIMITS } from "~/lib/constants";
import { Pencil } from "~/components/icons/pencil";
import { Search } from "~/components/icons/search";
import { Trash2 } from "~/components/icons/trash-2";
import { Form, Link } from "react-router";
import { AdminTable, TableBadge } from "~/components/admin/admin-table";
import { ConfirmSubmit } from "~/components/admin/confirm-submit";
import { countOf, ListFooter } from "~/components/admin/list-footer";
import { KeptSort } from "~/components/admin/filter-form";
import { ACTIONS_COLUMN, type TableColumn } from "~/components/admin/table-headings";
import { ACTION_TEXT_FROM_MD, FROM_MD, FROM_SM } from "~/components/admin/table-priority";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { formatNumber } from "~/lib/numbers";
import type { TableSort } from "~/lib/table-params";
import { cn } from "~/lib/utils";
import {
  ADMIN_USER_INTENTS,
  ADMIN_USERS_PATH,
  DEFAULT_USER_SORT,
  USER_PARAMS,
  USER_ROLE_LABELS,
  USER_STATUS_LABELS,
  type AdminUserView,
  type UserSortColumn,
} from "../admin-schemas";
import { UserAvatar } from "./user-avatar";

/** The search box of /admin/usuarios; the order chosen in the table survives a search. */
export function UsersSearchForm({
  search,
  sort,
}: {
  search: string;
  sort: TableSort<UserSortColumn>;
}) {
  return (
    <Form
      method="get"
      role="search"
      aria-label="Buscar usuarios"
      className="mt-6 flex flex-wrap items-end gap-2"
    >
      <div className="min-w-0 flex-1 basis-64">
        <label htmlFor="buscar-usuarios" className="mb-1 block text-sm font-medium text-slate-800">
          Buscar por nombre, correo electrónico o rol
        </label>
        <Input
          id="buscar-usuarios"
          type="search"
          name={USER_PARAMS.search}
          defaultValue={search}
          key={search}
          maxLength={LIMITS.maxUserSearchLength}
          placeholder="Ej.: lucía, @tienda.local, administrador"
        />
      </div>
      <KeptSort sort={sort} defaultSort={DEFAULT_USER_SORT} />
      <button type="submit" className={buttonVariants({ variant: "outline" })}>
        <Search aria-hidden /> Buscar
      </button>
      {search ? (
        <Link to={ADMIN_USERS_PATH} className={buttonVariants({ variant: "ghost" })}>
          Limpiar búsqueda
        </Link>
      ) : null}
    </Form>
  );
}

function UserRow({
  user,
  isSelf,
  editTo,
}: {
  user: AdminUserView;
  isSelf: boolean;
  editTo: string;
}) {
  const who = user.name || user.email;
  return (
    <tr>
      <td className="px-3 py-2">
        <div className="flex items-center gap-3">
          <UserAvatar name={user.name} email={user.email} image={user.image} />
          <span className="font-medium text-slate-900">
            {user.name || <span className="text-slate-600 italic">Sin nombre</span>}
            {isSelf ? <span className="ml-1 font-normal text-slate-600">(tú)</span> : null}
            {/* The e-mail column shows from 768 px; until then it is here. */}
            <span className="block text-xs font-normal break-all text-slate-700 md:hidden">
              {user.email}
            </span>
          </span>
        </div>
      </td>
      <td className={cn(FROM_MD, "px-3 py-2 whitespace-nowrap text-slate-800")}>{user.email}</td>
      <td className={cn(FROM_SM, "px-3 py-2")}>
        <TableBadge
          className={
            user.role === "admin" ? "bg-brand-100 text-brand-800" : "bg-slate-100 text-slate-800"
          }
        >
          {USER_ROLE_LABELS[user.role]}
        </TableBadge>
      </td>
      <td className="px-3 py-2">
        <TableBadge
          className={user.active ? "bg-green-100 text-green-800" : "bg-red-100 text-red-800"}
        >
          {user.active ? USER_STATUS_LABELS.active : USER_STATUS_LABELS.inactive}
        </TableBadge>
      </td>
      <td className="px-3 py-2">
        <div className="flex justify-end gap-1">
          <Link
            to={editTo}
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
                Se eliminará por completo la cuenta de <strong>{who}</strong> ({user.email}): su
                acceso, sus sesiones, sus favoritos y sus preferencias. Sus reseñas se conservarán
                como «Usuario Anónimo». Esta acción es irreversible.
              </>
            }
            confirmLabel="Eliminar definitivamente"
            aria-label={`Eliminar a ${who}`}
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
          >
            <Trash2 aria-hidden /> <span className={ACTION_TEXT_FROM_MD}>Eliminar</span>
          </ConfirmSubmit>
        </div>
      </td>
    </tr>
  );
}

const COLUMNS: TableColumn[] = [
  { label: "Nombre", sort: "name" },
  { label: "Correo electrónico", className: FROM_MD, sort: "email" },
  { label: "Rol", className: FROM_SM, sort: "role" },
  { label: "Estado", sort: "status" },
  ACTIONS_COLUMN,
];

/** The users table, its "Mostrando N de M usuarios" line and the pages. */
export function UsersTable(props: {
  users: AdminUserView[];
  total: number;
  matching: number;
  page: number;
  pageCount: number;
  search: string;
  sort: TableSort<UserSortColumn>;
  currentUserId: string | null;
  editTo: (id: string) => string;
}) {
  const { users, search, sort } = props;
  return (
    <>
      <AdminTable
        caption="Usuarios"
        columns={COLUMNS}
        sort={sort}
        items={users}
        filtered={search !== ""}
        empty={{
          filtered: `No hay usuarios que coincidan con «${search}».`,
          none: "Todavía no hay usuarios.",
        }}
      >
        {(user) => (
          <UserRow
            key={user.id}
            user={user}
            isSelf={user.id === props.currentUserId}
            editTo={props.editTo(user.id)}
          />
        )}
      </AdminTable>
      <ListFooter page={props.page} pageCount={props.pageCount}>
        {`Mostrando ${formatNumber(users.length)} de ${countOf(props.total, { one: "usuario", many: "usuarios" })}`}
        {search && props.matching > users.length
          ? ` · ${formatNumber(props.matching)} coinciden con la búsqueda`
          : null}
      </ListFooter>
    </>
  );
}
