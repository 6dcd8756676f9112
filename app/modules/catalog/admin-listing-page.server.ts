/*
 * The admin pages of marketplace items and services, server side: one page of the table (by
 * name, spec §7), the add/edit dialog's data, and the writes built on admin-listing.server.ts.
 */
import type { ListingRow } from "./admin-listing-fields";
import { LIMITS } from "~/lib/constants";
import { count } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import { getDb } from "~/db/client.server";
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
import { readPage, type PageWindow } from "~/lib/pagination.server";

/**
 * One page of a listing table: `rows` reads the page's rows from where it starts (`offset`),
 * at most `limit` of them; the page asked for beyond the last is the last.
 */
export async function listingTablePage<Row>(
  table: PgTable,
  requestedPage: number,
  rows: (window: PageWindow) => Promise<Row[]>,
) {
  const pageSize = LIMITS.adminListingPerPage;
  const {
    rows: items,
    total,
    page,
    pageCount,
  } = await readPage({
    requestedPage,
    pageSize,
    matching: getDb().select({ total: count() }).from(table),
    rows,
  });
  return { items, total, page, pageCount, pageSize };
}

/** The columns every listing table has (drizzle/schema/catalog.ts `listingColumns`). */
interface ListingTableColumns {
  id: PgColumn;
  name: PgColumn;
  description: PgColumn;
  priceCents: PgColumn;
  categoryId: PgColumn;
  subcategoryId: PgColumn;
  imageKeys: PgColumn;
  videoUrls: PgColumn;
  sku: PgColumn;
  isPubliclyVisible: PgColumn;
  isFeaturedNew: PgColumn;
  featuredOrder: PgColumn;
  version: PgColumn;
}

/** What the edit dialog reads of every listing; each table adds its own columns. */
export function listingEditColumns<T extends ListingTableColumns>(table: T) {
  return {
    id: table.id,
    name: table.name,
    description: table.description,
    priceCents: table.priceCents,
    categoryId: table.categoryId,
    subcategoryId: table.subcategoryId,
    imageKeys: table.imageKeys,
    videoUrls: table.videoUrls,
    sku: table.sku,
    isPubliclyVisible: table.isPubliclyVisible,
    isFeaturedNew: table.isFeaturedNew,
    featuredOrder: table.featuredOrder,
    version: table.version,
  };
}

/** The saved values of the fields every listing form has (listingSchema's). */
export function listingValues(
  input: Omit<ListingRow, "priceCents"> & { price: number | null },
): ListingRow {
  return {
    name: input.name,
    description: input.description,
    priceCents: input.price,
    categoryId: input.categoryId,
    subcategoryId: input.subcategoryId,
    imageKeys: input.imageKeys,
    videoUrls: input.videoUrls,
    sku: input.sku,
    isPubliclyVisible: input.isPubliclyVisible,
    isFeaturedNew: input.isFeaturedNew,
    featuredOrder: input.featuredOrder,
  };
}

/** A listing table for the writes: its columns, and how the activity log and refusals name it. */
export function listingTable<
  T extends PgTable & Pick<ListingTableColumns, "id" | "name" | "imageKeys" | "version">,
>(
  table: T,
  naming: Pick<ListingTable<T>, "entityType" | "describe" | "gone" | "stale" | "afterWrite">,
): ListingTable<T> {
  const { id, name, imageKeys, version } = table;
  return { table, id, name, imageKeys, version, ...naming };
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
