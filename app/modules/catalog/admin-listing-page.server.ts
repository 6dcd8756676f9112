/*
 * The admin pages of marketplace items and services, server side: one page of the table (by
 * name, spec §7), the add/edit dialog's data, and the writes built on admin-listing.server.ts.
 */
import type { PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { DialogState } from "~/lib/admin-dialog";
import type { Actor } from "~/modules/activity/index.server";
import {
  createListing,
  deleteListing,
  type ListingReferences,
  type ListingTable,
  updateListing,
} from "./admin-listing.server";
import { listCategoryOptions } from "./category-options.server";

/** Rows per page of an admin listing table. */
export const ADMIN_LISTING_PAGE_SIZE = 50;

/** Which page of `total` rows to show (the last one when asked beyond it) and where it starts. */
export function listingPageWindow(total: number, requestedPage: number) {
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_LISTING_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  return {
    page,
    pageCount,
    pageSize: ADMIN_LISTING_PAGE_SIZE,
    offset: (page - 1) * ADMIN_LISTING_PAGE_SIZE,
  };
}

/**
 * Everything a listing admin page shows: a page of the table and, when the URL opens the add or
 * edit dialog, the category choices and the row to edit (`missing` when it is gone).
 */
export async function loadListingAdminPage<List extends object, Editing>(
  dialog: DialogState,
  list: Promise<List>,
  getForEdit: (id: number) => Promise<Editing | null>,
) {
  const [rows, categories, editing] = await Promise.all([
    list,
    dialog ? listCategoryOptions() : Promise.resolve([]),
    dialog?.mode === "edit" ? getForEdit(dialog.id) : Promise.resolve(null),
  ]);
  const missing = dialog?.mode === "edit" && editing === null;
  return { ...rows, categories, editing, dialog: missing ? null : dialog, missing };
}

/**
 * The add, update and delete of a listing table, each recorded in the activity log; the files of
 * the images a row no longer lists are deleted once it is saved or deleted.
 */
export function listingWrites<T extends PgTable, Input extends ListingReferences>(
  table: ListingTable<T>,
  columns: (input: Input) => PgInsertValue<T> & PgUpdateSetSource<T>,
) {
  return {
    /** Adds a row (spec §4: a form without id inserts). */
    create: (input: Input, actor: Actor | null) =>
      createListing(table, input, columns(input), actor),
    /** Updates a row by id (spec §4: a form with id updates); not found when it is gone. */
    update: (id: number, input: Input, actor: Actor | null) =>
      updateListing(table, id, input, columns(input), actor),
    /** Deletes a row; not found when there was no such row. */
    remove: (id: number, actor: Actor | null) => deleteListing(table, id, actor),
  };
}
