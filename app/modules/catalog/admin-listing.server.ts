/*
 * What the admin's marketplace items and services share on the server: rows with a category
 * pair and a list of image keys, saved after the same reference checks, and whose image files
 * are deleted once no saved row lists them.
 */
import { eq } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import { getDb } from "~/lib/db.server";
import {
  recordActivity,
  type ActivityEntity,
  type Actor,
} from "~/modules/activity/activity.server";
import { isForeignKeyViolation } from "~/lib/db-errors.server";
import { invalid, notFound, ok, type Failure, type Result } from "~/lib/failure";
import { deleteImages, imageKeysProblem, replaceImages } from "~/modules/media/media.server";
import { CATEGORY_GONE_MESSAGE, checkCategorySelection } from "./category-options.server";

export type ListingSaveResult = Result<{ id: number }>;

/** The fields the reference checks read. */
export interface ListingReferences {
  categoryId: number | null;
  subcategoryId: number | null;
  imageKeys: string[];
}

/** A table of listings: its id, name and image-key columns, and how the activity log names it. */
export interface ListingTable<T extends PgTable> {
  table: T;
  id: PgColumn;
  name: PgColumn;
  imageKeys: PgColumn;
  entityType: ActivityEntity;
  /** The activity log's sentence, e.g. (name, "creado") → "Servicio «X» creado". */
  describe: (name: string, done: "creado" | "actualizado" | "eliminado") => string;
}

/** The category (or subcategory) was deleted between the check and the write. */
const CATEGORY_GONE = invalid(CATEGORY_GONE_MESSAGE, "categoryId");

/** The row was deleted meanwhile (by another admin). */
const GONE = notFound("Ya no existe: puede que otro administrador lo haya eliminado.");

/**
 * Server-side checks on top of the schema: the category pair, and that every image was
 * uploaded. Every field at fault gets its message.
 */
async function referenceProblems(input: ListingReferences): Promise<Failure | null> {
  const [categoryErrors, imageProblem] = await Promise.all([
    checkCategorySelection(input.categoryId, input.subcategoryId),
    imageKeysProblem(input.imageKeys),
  ]);
  if (!categoryErrors && !imageProblem) return null;
  const fieldErrors = { ...categoryErrors, ...(imageProblem ? { imageKeys: [imageProblem] } : {}) };
  const [first] = Object.values(fieldErrors).flat();
  return { ...invalid(first ?? CATEGORY_GONE_MESSAGE), fieldErrors };
}

const DONE = { create: "creado", update: "actualizado", delete: "eliminado" } as const;

/** The activity log's line of a listing write, in the write's transaction. */
function logListing<T extends PgTable>(
  tx: Parameters<typeof recordActivity>[2],
  { entityType, describe }: ListingTable<T>,
  actor: Actor | null,
  action: keyof typeof DONE,
  id: number,
  name: string,
) {
  const summary = describe(name, DONE[action]);
  return recordActivity(actor, { action, entityType, entityId: id, summary }, tx);
}

/** Adds a row (spec §4: a form without id inserts) once its references check out. */
export async function createListing<T extends PgTable>(
  listing: ListingTable<T>,
  input: ListingReferences,
  values: PgInsertValue<T>,
  actor: Actor | null,
): Promise<ListingSaveResult> {
  const { table, id: idColumn, name: nameColumn } = listing;
  const refused = await referenceProblems(input);
  if (refused) return refused;
  try {
    const id = await getDb().transaction(async (tx) => {
      const [row] = (await tx
        .insert(table)
        .values(values)
        .returning({ id: idColumn, name: nameColumn })) as { id: number; name: string }[];
      await logListing(tx, listing, actor, "create", row!.id, row!.name);
      return row!.id;
    });
    return ok({ id });
  } catch (error) {
    if (isForeignKeyViolation(error)) return CATEGORY_GONE;
    throw error;
  }
}

/**
 * Updates a row by id (spec §4: a form with id updates); "gone" when it was deleted meanwhile.
 * The files of the images it no longer lists are deleted once the row is saved.
 */
export async function updateListing<T extends PgTable>(
  listing: ListingTable<T>,
  id: number,
  input: ListingReferences,
  values: PgUpdateSetSource<T>,
  actor: Actor | null,
): Promise<ListingSaveResult> {
  const { table, id: idColumn, name: nameColumn, imageKeys: imageKeysColumn } = listing;
  const refused = await referenceProblems(input);
  if (refused) return refused;
  let previousKeys: string[] | null;
  try {
    previousKeys = await getDb().transaction(async (tx) => {
      const [current] = (await tx
        .select({ imageKeys: imageKeysColumn })
        .from(table as PgTable)
        .where(eq(idColumn, id))
        .for("update")) as { imageKeys: string[] }[];
      if (!current) return null;
      const [saved] = (await tx
        .update(table)
        .set(values)
        .where(eq(idColumn, id))
        .returning({ name: nameColumn })) as { name: string }[];
      await logListing(tx, listing, actor, "update", id, saved!.name);
      return current.imageKeys;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return CATEGORY_GONE;
    throw error;
  }
  if (previousKeys === null) return GONE;
  await replaceImages(previousKeys, input.imageKeys);
  return ok({ id });
}

/** Deletes a row and its images' files; false when there was no such row. */
export async function deleteListing<T extends PgTable>(
  listing: ListingTable<T>,
  id: number,
  actor: Actor | null,
): Promise<boolean> {
  const { table, id: idColumn, name: nameColumn, imageKeys: imageKeysColumn } = listing;
  const row = await getDb().transaction(async (tx) => {
    const [deleted] = (await tx
      .delete(table)
      .where(eq(idColumn, id))
      .returning({ name: nameColumn, imageKeys: imageKeysColumn })) as {
      name: string;
      imageKeys: string[];
    }[];
    if (!deleted) return null;
    await logListing(tx, listing, actor, "delete", id, deleted.name);
    return deleted;
  });
  if (!row) return false;
  await deleteImages(row.imageKeys);
  return true;
}
