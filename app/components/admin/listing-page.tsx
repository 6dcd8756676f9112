import { Pencil } from "~/components/icons/pencil";
import { Plus } from "~/components/icons/plus";
import { Trash2 } from "~/components/icons/trash-2";
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { ConfirmSubmit } from "~/components/admin/confirm-submit";
import { useDialogLinks } from "~/components/admin/dialog-links";
import { AdminFormDialog } from "~/components/admin/form-dialog";
import { AdminPageHeader } from "~/components/admin/page-header";
import { DataTable, TABLE_CARD } from "~/components/admin/admin-table";
import { ACTIONS_COLUMN, type TableColumn } from "~/components/admin/table-headings";
import { ACTION_TEXT_FROM_MD } from "~/components/admin/table-priority";
import { Pagination } from "~/components/layout/pagination";
import { buttonVariants } from "~/components/ui/button";
import type { DialogState } from "~/lib/admin-dialog";
import { cn } from "~/lib/utils";

/*
 * An admin page of rows added and edited in a URL dialog (`?nuevo`, `?editar=12`): marketplace
 * items and services. The header with its add link, the "gone" notice, the table (or its empty
 * text), the count, the pagination and the dialog; the page gives its columns, rows and form.
 */

/** A column of the table (the actions' column is added after them). */
export type ListingColumn = TableColumn;

/** "Mostrando 1–50 de 120 servicios." or, on one page, "3 servicios." (`where` after the noun). */
function listingCount(
  { total, page, pageSize, pageCount, shown }: ListingPageData & { shown: number },
  noun: { one: string; many: string },
  where = "",
) {
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  return pageCount > 1
    ? `Mostrando ${first}–${last} de ${total} ${noun.many}${where}.`
    : `${total} ${total === 1 ? noun.one : noun.many}${where}.`;
}

interface ListingPageData {
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

export function AdminListingPage({
  title,
  description,
  addLabel,
  notice,
  missing,
  empty,
  caption,
  tableClassName,
  columns,
  rows,
  noun,
  list,
  dialog,
  dialogTitles,
  form,
}: {
  title: string;
  description: string;
  addLabel: string;
  /** Shown under the header (e.g. the services' requests link). */
  notice?: ReactNode;
  /** The message when the row the URL asked to edit no longer exists, else null. */
  missing: string | null;
  /** The text instead of the table when this page has no rows. */
  empty: string;
  caption: string;
  /** The table's minimum width from md up, e.g. "md:min-w-[720px]". */
  tableClassName: string;
  columns: ListingColumn[];
  rows: ReactNode;
  /** What the count line counts, and where (" en el Marketplace"). */
  noun: { one: string; many: string; where?: string };
  list: ListingPageData & { items: readonly unknown[] };
  /** The open dialog (the URL's), null when none is. */
  dialog: DialogState;
  dialogTitles: { add: string; edit: string };
  form: ReactNode;
}) {
  const { closeTo, addTo } = useDialogLinks();
  return (
    <div className="space-y-6">
      <AdminPageHeader title={title} description={description}>
        <Link to={addTo} preventScrollReset className={buttonVariants()}>
          <Plus aria-hidden="true" />
          {addLabel}
        </Link>
      </AdminPageHeader>

      {notice}

      {missing ? (
        <p
          role="alert"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {missing}
        </p>
      ) : null}

      {list.items.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-700">
          {empty}
        </p>
      ) : (
        <div className={cn("relative", TABLE_CARD)}>
          <DataTable
            caption={caption}
            columns={[...columns, ACTIONS_COLUMN]}
            className={tableClassName}
          >
            {rows}
          </DataTable>
        </div>
      )}

      <p className="text-sm text-slate-600">
        {listingCount({ ...list, shown: list.items.length }, noun, noun.where)}
      </p>
      <Pagination page={list.page} pageCount={list.pageCount} />

      <AdminFormDialog
        open={dialog !== null}
        closeTo={closeTo}
        title={dialog === null ? "" : dialogTitles[dialog.mode]}
        description="Los campos marcados con * son obligatorios."
        wide
      >
        {/* A form of its own for each row and for a new one: none keeps another's values. */}
        <Fragment key={dialog?.mode === "edit" ? dialog.id : "nuevo"}>{form}</Fragment>
      </AdminFormDialog>
    </div>
  );
}

/** A row's Editar link, its own buttons (`children`) and Eliminar with its confirmation. */
export function ListingRowActions({
  id,
  name,
  deleteIntent,
  deleteTitle,
  children,
}: {
  id: number;
  name: string;
  deleteIntent: string;
  deleteTitle: string;
  children?: ReactNode;
}) {
  const { editTo } = useDialogLinks();
  return (
    <td className="px-3 py-2">
      <div className="flex items-center justify-end gap-1">
        <Link
          to={editTo(id)}
          preventScrollReset
          className={buttonVariants({ variant: "ghost", size: "sm" })}
        >
          <Pencil aria-hidden="true" />
          <span className={ACTION_TEXT_FROM_MD}>Editar</span>
          <span className="sr-only">{` «${name}»`}</span>
        </Link>
        {children}
        <ConfirmSubmit
          fields={{ intent: deleteIntent, id: String(id) }}
          title={deleteTitle}
          description={`Se eliminará «${name}» con sus imágenes. Esta acción no se puede deshacer.`}
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
        >
          <Trash2 aria-hidden="true" />
          <span className={ACTION_TEXT_FROM_MD}>Eliminar</span>
          <span className="sr-only">{` «${name}»`}</span>
        </ConfirmSubmit>
      </div>
    </td>
  );
}
