/*
 * What the admin's marketplace items and services share on the server: rows with a category
 * pair and a list of image keys, saved after the same reference checks, and whose image files
 * are deleted once no saved row lists them.
 */
import { eq } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import { getDb, type Database } from "~/db/client.server";
import { recordActivity, type ActivityEntity, type Actor } from "~/modules/activity/index.server";
import { isForeignKeyViolation } from "~/lib/db-errors.server";
import { staleEdit, type StaleEditMessages } from "~/lib/edit-version";
import { invalid, notFound, ok, type Failure, type Result } from "~/lib/failure";
import { deleteImages, imageKeysProblem, replaceImages } from "~/modules/media/index.server";
import { CATEGORY_GONE_MESSAGE, checkCategorySelection } from "./category-options.server";

export type ListingSaveResult = Result<{ id: number }>;

/** The fields the reference checks read. */
export interface ListingReferences {
  categoryId: number | null;
  subcategoryId: number | null;
  imageKeys: string[];
  /** The row's version as the edit form showed it (lib/edit-version.ts). */
  version?: string;
}

/** A table of listings: its id, name and image-key columns, and how the activity log names it. */
export interface ListingTable<T extends PgTable> {
  table: T;
  id: PgColumn;
  name: PgColumn;
  imageKeys: PgColumn;
  version: PgColumn;
  /**
   * A save from a form opened before the row's last change: what it says, and the column the
   * shop changes by itself (the marketplace's «Vendido»), said on its field when the form differs.
   */
  stale: StaleEditMessages<unknown> & { watchedColumn?: PgColumn };
  entityType: ActivityEntity;
  /** The activity log's sentence, e.g. (name, "creado") → "Servicio «X» creado". */
  describe: (name: string, done: "creado" | "actualizado" | "eliminado") => string;
  /** The refusal when the row is no longer there ("Este servicio ya no existe."). */
  gone: string;
  /** Runs after a create or update, in its transaction (the marketplace's price history). */
  afterWrite?: (tx: Database, id: number) => Promise<void>;
}

/** The category (or subcategory) was deleted between the check and the write. */
const CATEGORY_GONE = invalid(CATEGORY_GONE_MESSAGE, "categoryId");

/** Server-side checks on top of the schema: the category pair, and that every image was uploaded. */
async function referenceProblems(input: ListingReferences) {
  const [categoryErrors, imageProblem] = await Promise.all([
    checkCategorySelection(input.categoryId, input.subcategoryId),
    imageKeysProblem(input.imageKeys),
  ]);
  if (!categoryErrors && !imageProblem) return null;
  const fieldErrors = { ...categoryErrors, ...(imageProblem ? { imageKeys: [imageProblem] } : {}) };
  const [message = CATEGORY_GONE_MESSAGE] = Object.values(fieldErrors).flat();
  return { ...invalid(message), fieldErrors };
}

const DONE = { create: "creado", update: "actualizado", delete: "eliminado" } as const;

/** The activity line of a write to a listing, in the write's transaction. */
function logListing(
  db: Database,
  actor: Actor | null,
  listing: ListingTable<PgTable>,
  action: keyof typeof DONE,
  entityId: number,
  name: string,
) {
  const summary = listing.describe(name, DONE[action]);
  return recordActivity(actor, { action, entityType: listing.entityType, entityId, summary }, db);
}

/**
 * A write once the row's references check out; a category deleted between the check and the
 * write refuses it the same way.
 */
async function afterReferenceChecks<R>(
  input: ListingReferences,
  write: () => Promise<R>,
): Promise<R | Failure> {
  const problem = await referenceProblems(input);
  if (problem) return problem;
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) return CATEGORY_GONE;
    throw error;
  }
}

/** Adds a row (spec §4: a form without id inserts) once its references check out. */
export async function createListing<T extends PgTable>(
  listing: ListingTable<T>,
  input: ListingReferences,
  values: PgInsertValue<T>,
  actor: Actor | null,
): Promise<ListingSaveResult> {
  return afterReferenceChecks(input, async () => {
    const id = await getDb().transaction(async (tx) => {
      const [row] = (await tx
        .insert(listing.table)
        .values(values)
        .returning({ id: listing.id, name: listing.name })) as { id: number; name: string }[];
      await listing.afterWrite?.(tx, row!.id);
      await logListing(tx, actor, listing, "create", row!.id, row!.name);
      return row!.id;
    });
    return ok({ id });
  });
}

/**
 * Updates a row by id (spec §4: a form with id updates); not found when deleted meanwhile.
 * The files of the images it no longer lists are deleted once the row is saved.
 */
export async function updateListing<T extends PgTable>(
  listing: ListingTable<T>,
  id: number,
  input: ListingReferences,
  values: PgUpdateSetSource<T>,
  actor: Actor | null,
): Promise<ListingSaveResult> {
  return afterReferenceChecks(input, async () => {
    const saved = await getDb().transaction(async (tx) => {
      const { watchedColumn, ...messages } = listing.stale;
      const [current] = (await tx
        .select({
          imageKeys: listing.imageKeys,
          version: listing.version,
          ...(watchedColumn ? { watched: watchedColumn } : {}),
        })
        .from(listing.table as PgTable)
        .where(eq(listing.id, id))
        .for("update")) as { imageKeys: string[]; version: number; watched?: unknown }[];
      if (!current) return notFound(listing.gone);
      // The form's value of the watched field, under the field's name (the input is the form's).
      const typed =
        messages.watched && (input as unknown as Record<string, unknown>)[messages.watched.field];
      const stale = staleEdit(current, { version: input.version, watched: typed }, messages);
      if (stale) return stale;
      const [row] = (await tx
        .update(listing.table)
        .set(values)
        .where(eq(listing.id, id))
        .returning({ name: listing.name })) as { name: string }[];
      await listing.afterWrite?.(tx, id);
      await logListing(tx, actor, listing, "update", id, row!.name);
      return ok({ previousKeys: current.imageKeys });
    });
    if (!saved.ok) return saved;
    await replaceImages(saved.previousKeys, input.imageKeys);
    return ok({ id });
  });
}

/** Deletes a row and its images' files; not found when there was no such row. */
export async function deleteListing<T extends PgTable>(
  listing: ListingTable<T>,
  id: number,
  actor: Actor | null,
): Promise<Result> {
  const row = await getDb().transaction(async (tx) => {
    const [deleted] = (await tx
      .delete(listing.table)
      .where(eq(listing.id, id))
      .returning({ name: listing.name, imageKeys: listing.imageKeys })) as {
      name: string;
      imageKeys: string[];
    }[];
    if (!deleted) return null;
    await logListing(tx, actor, listing, "delete", id, deleted.name);
    return deleted;
  });
  if (!row) return notFound(listing.gone);
  await deleteImages(row.imageKeys);
  return ok();
}
