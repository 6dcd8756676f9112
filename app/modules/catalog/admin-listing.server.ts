/*
 * What the admin's marketplace items and services share on the server: rows with a category
 * pair and a list of image keys, saved after the same reference checks, and whose image files
 * are deleted once no saved row lists them.
 */
import { eq } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import { getDb } from "~/db/client.server";
import { recordActivity, type ActivityEntity, type Actor } from "~/modules/activity/index.server";
import { isForeignKeyViolation } from "~/lib/db-errors.server";
import { invalid, notFound, ok, type Result } from "~/lib/failure";
import { deleteImages, imageKeysProblem, replaceImages } from "~/modules/media/index.server";
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
  /** The refusal when the row is no longer there ("Este servicio ya no existe."). */
  gone: string;
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

/** Adds a row (spec §4: a form without id inserts) once its references check out. */
export async function createListing<T extends PgTable>(
  { table, id: idColumn, name: nameColumn, entityType, describe }: ListingTable<T>,
  input: ListingReferences,
  values: PgInsertValue<T>,
  actor: Actor | null,
): Promise<ListingSaveResult> {
  const problem = await referenceProblems(input);
  if (problem) return problem;
  try {
    const id = await getDb().transaction(async (tx) => {
      const [row] = (await tx
        .insert(table)
        .values(values)
        .returning({ id: idColumn, name: nameColumn })) as { id: number; name: string }[];
      await recordActivity(
        actor,
        { action: "create", entityType, entityId: row!.id, summary: describe(row!.name, "creado") },
        tx,
      );
      return row!.id;
    });
    return ok({ id });
  } catch (error) {
    if (isForeignKeyViolation(error)) return CATEGORY_GONE;
    throw error;
  }
}

/**
 * Updates a row by id (spec §4: a form with id updates); not found when deleted meanwhile.
 * The files of the images it no longer lists are deleted once the row is saved.
 */
export async function updateListing<T extends PgTable>(
  {
    table,
    id: idColumn,
    name: nameColumn,
    imageKeys: imageKeysColumn,
    entityType,
    describe,
    gone,
  }: ListingTable<T>,
  id: number,
  input: ListingReferences,
  values: PgUpdateSetSource<T>,
  actor: Actor | null,
): Promise<ListingSaveResult> {
  const problem = await referenceProblems(input);
  if (problem) return problem;
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
      await recordActivity(
        actor,
        {
          action: "update",
          entityType,
          entityId: id,
          summary: describe(saved!.name, "actualizado"),
        },
        tx,
      );
      return current.imageKeys;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return CATEGORY_GONE;
    throw error;
  }
  if (previousKeys === null) return notFound(gone);
  await replaceImages(previousKeys, input.imageKeys);
  return ok({ id });
}

/** Deletes a row and its images' files; not found when there was no such row. */
export async function deleteListing<T extends PgTable>(
  {
    table,
    id: idColumn,
    name: nameColumn,
    imageKeys: imageKeysColumn,
    entityType,
    describe,
    gone,
  }: ListingTable<T>,
  id: number,
  actor: Actor | null,
): Promise<Result> {
  const row = await getDb().transaction(async (tx) => {
    const [deleted] = (await tx
      .delete(table)
      .where(eq(idColumn, id))
      .returning({ name: nameColumn, imageKeys: imageKeysColumn })) as {
      name: string;
      imageKeys: string[];
    }[];
    if (!deleted) return null;
    await recordActivity(
      actor,
      { action: "delete", entityType, entityId: id, summary: describe(deleted.name, "eliminado") },
      tx,
    );
    return deleted;
  });
  if (!row) return notFound(gone);
  await deleteImages(row.imageKeys);
  return ok();
}
