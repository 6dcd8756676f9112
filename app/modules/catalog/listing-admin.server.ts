/*
 * The server side of one listing admin page (marketplace items, services), built once from the
 * table, the columns and values it has besides the shared ones, and how it is named: the page's
 * data, the edit dialog's row, and the add, update and delete (admin-listing-page.server.ts).
 */
import { asc, eq, type GetColumnData } from "drizzle-orm";
import type {
  PgColumn,
  PgInsertValue,
  PgSelect,
  PgTable,
  PgUpdateSetSource,
} from "drizzle-orm/pg-core";
import { getDb } from "~/db/client.server";
import { readDialogParams } from "~/lib/admin-dialog";
import { parsePage } from "~/lib/pagination";
import {
  listingEditColumns,
  listingTable,
  listingTablePage,
  listingValues,
  listingWrites,
  loadListingAdminPage,
} from "./admin-listing-page.server";
import type { ListingReferences, ListingTable } from "./admin-listing.server";
import type { ListingRow } from "./admin-listing-fields";

type ListingTableOf = Parameters<typeof listingEditColumns>[0];
type ListingInput = Parameters<typeof listingValues>[0] & ListingReferences;

/** A row of a query. */
type RowOf<Query> = Awaited<Query> extends (infer Row)[] ? Row : never;

/** The edit dialog's row: the shared columns' values and the table's own. */
type EditRow<Own extends Record<string, PgColumn>> = ListingRow & {
  id: number;
  version: number;
} & {
  [K in keyof Own]: GetColumnData<Own[K]>;
};

export function listingAdmin<
  T extends PgTable & ListingTableOf,
  Own extends Record<string, PgColumn>,
  Input extends ListingInput,
  Rows extends PgSelect,
>(
  table: T,
  {
    activityName,
    messages,
    rows,
    editColumns,
    values,
    watched,
    ...naming
  }: Pick<ListingTable<T>, "entityType" | "afterWrite"> & {
    /** What the activity log calls a row: "Servicio" → "Servicio «X» creado". */
    activityName: string;
    /** The refusals of a row that is gone, or changed while its form was open. */
    messages: { gone: string; changed: string };
    /** The admin table's query (its columns and joins), without its order and page. */
    rows: () => Rows;
    /** What the edit dialog reads besides the shared columns. */
    editColumns: Own;
    /** The saved values of the form's own fields. */
    values: (input: Input) => Partial<T["$inferInsert"]>;
    /** The column the shop changes by itself while a form is open (the marketplace's «Vendido»). */
    watched?: { column: PgColumn } & NonNullable<ListingTable<T>["stale"]["watched"]>;
  },
) {
  /** The admin table (spec §2), by name (spec §7), one page at a time. */
  function list(requestedPage: number) {
    return listingTablePage(
      table,
      requestedPage,
      ({ limit, offset }) =>
        // Still the caller's (dynamic) query, whose rows TypeScript loses on the generic.
        rows()
          .orderBy(asc(table.name), asc(table.id))
          .limit(limit)
          .offset(offset) as unknown as Promise<RowOf<Rows>[]>,
    );
  }

  /** Everything the edit dialog shows, or null when there is no such row. */
  async function getForEdit(id: number) {
    const [row] = await getDb()
      .select({ ...listingEditColumns(table), ...editColumns })
      .from(table as PgTable)
      .where(eq(table.id, id));
    // Typed here: the shared columns are any listing table's (plain PgColumns) to the select.
    return (row ?? null) as EditRow<Own> | null;
  }
  const writes = listingWrites(
    listingTable(table, {
      ...naming,
      describe: (name, done) => activityLine(activityName, name, done),
      gone: messages.gone,
      stale: watched
        ? {
            changed: messages.changed,
            watchedColumn: watched.column,
            watched: { field: watched.field, message: watched.message },
          }
        : { changed: messages.changed },
    }),
    // The shared values and the table's own: a valid row of T (each caller's `values` is typed
    // against its table; TypeScript cannot relate the generic T's insert type to ListingRow).
    (input: Input) =>
      ({ ...listingValues(input), ...values(input) }) as PgInsertValue<T> & PgUpdateSetSource<T>,
  );
  return {
    /** Everything the page shows for its URL: the table's page and the dialog's data. */
    getPage: (searchParams: URLSearchParams) =>
      loadListingAdminPage(
        readDialogParams(searchParams),
        list(parsePage(searchParams)),
        getForEdit,
      ),
    ...writes,
  };
}

/** The activity log's sentence of a listing: "Servicio «X» creado". */
export function activityLine(activityName: string, name: string, done: string) {
  return `${activityName} «${name}» ${done}`;
}
