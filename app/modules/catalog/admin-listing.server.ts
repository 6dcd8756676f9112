/*
 * What the admin's marketplace items and services share on the server: rows with a category
 * pair and a list of image keys, saved after the same reference checks, and whose image files
 * are deleted once no saved row lists them.
 */
import { eq } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import { getDb } from "~/lib/db.server";
import { isForeignKeyViolation } from "~/lib/db-errors.server";
import { deleteImages, imageKeysProblem, replaceImages } from "~/modules/media/media.server";
import { CATEGORY_GONE_MESSAGE, checkCategorySelection } from "./category-options.server";

export type ListingSaveResult =
  | { ok: true; id: number }
  | { ok: false; reason: "invalid"; fieldErrors: Record<string, string[]> }
  | { ok: false; reason: "gone" };

/** The fields the reference checks read. */
export interface ListingReferences {
  categoryId: number | null;
  subcategoryId: number | null;
  imageKeys: string[];
}

/** A table of listings: its id and image-key columns. */
export interface ListingTable<T extends PgTable> {
  table: T;
  id: PgColumn;
  imageKeys: PgColumn;
}

/** The category (or subcategory) was deleted between the check and the write. */
const CATEGORY_GONE: ListingSaveResult = {
  ok: false,
  reason: "invalid",
  fieldErrors: { categoryId: [CATEGORY_GONE_MESSAGE] },
};

/** Server-side checks on top of the schema: the category pair, and that every image was uploaded. */
async function referenceProblems(input: ListingReferences) {
  const [categoryErrors, imageProblem] = await Promise.all([
    checkCategorySelection(input.categoryId, input.subcategoryId),
    imageKeysProblem(input.imageKeys),
  ]);
  if (!categoryErrors && !imageProblem) return null;
  return { ...categoryErrors, ...(imageProblem ? { imageKeys: [imageProblem] } : {}) };
}

/** Adds a row (spec §4: a form without id inserts) once its references check out. */
export async function createListing<T extends PgTable>(
  { table, id: idColumn }: ListingTable<T>,
  input: ListingReferences,
  values: PgInsertValue<T>,
): Promise<ListingSaveResult> {
  const fieldErrors = await referenceProblems(input);
  if (fieldErrors) return { ok: false, reason: "invalid", fieldErrors };
  try {
    const [row] = (await getDb().insert(table).values(values).returning({ id: idColumn })) as {
      id: number;
    }[];
    return { ok: true, id: row!.id };
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
  { table, id: idColumn, imageKeys: imageKeysColumn }: ListingTable<T>,
  id: number,
  input: ListingReferences,
  values: PgUpdateSetSource<T>,
): Promise<ListingSaveResult> {
  const fieldErrors = await referenceProblems(input);
  if (fieldErrors) return { ok: false, reason: "invalid", fieldErrors };
  let previousKeys: string[] | null;
  try {
    previousKeys = await getDb().transaction(async (tx) => {
      const [current] = (await tx
        .select({ imageKeys: imageKeysColumn })
        .from(table as PgTable)
        .where(eq(idColumn, id))
        .for("update")) as { imageKeys: string[] }[];
      if (!current) return null;
      await tx.update(table).set(values).where(eq(idColumn, id));
      return current.imageKeys;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return CATEGORY_GONE;
    throw error;
  }
  if (previousKeys === null) return { ok: false, reason: "gone" };
  await replaceImages(previousKeys, input.imageKeys);
  return { ok: true, id };
}

/** Deletes a row and its images' files; false when there was no such row. */
export async function deleteListing<T extends PgTable>(
  { table, id: idColumn, imageKeys: imageKeysColumn }: ListingTable<T>,
  id: number,
): Promise<boolean> {
  const [row] = (await getDb()
    .delete(table)
    .where(eq(idColumn, id))
    .returning({ imageKeys: imageKeysColumn })) as { imageKeys: string[] }[];
  if (!row) return false;
  await deleteImages(row.imageKeys);
  return true;
}
