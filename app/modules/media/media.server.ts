import { arrayOverlaps, eq, inArray } from "drizzle-orm";
import {
  marketplaceProducts,
  orderItems,
  products,
  services,
  siteSettings,
  users,
} from "~/db/schema";
import { getDb } from "~/db/client.server";
import { LIMITS } from "~/lib/constants";
import {
  deleteImage,
  imageFileNames,
  imageKeyOfFileName,
  ImageRejectedError,
  type ImageRejectionReason,
  isImageKey,
  processImageUpload,
} from "~/lib/images.server";
import { log } from "~/lib/log.server";
import { avatarImageKey, avatarImageUrl, IMAGE_KEY_PATTERN } from "~/lib/image-url";
import { getStorage } from "~/lib/storage.server";
import { invalid, ok, unavailable, type Failure, type Result } from "~/lib/failure";
import { IMAGE_MESSAGES, IMAGE_UPLOAD_FIELD } from "./schemas";

/*
 * The admin side of uploaded images: store one upload, check the keys a form sends, and
 * delete the files an item no longer uses. Items (products, marketplace items, services)
 * keep their images as an ordered list of keys (`image_keys`); files are `{key}-{width}.webp`.
 */

/** A refused upload: the Spanish reason (on the upload's field) and which check refused it. */
export type UploadFailure = Failure & { reason: ImageRejectionReason };
type UploadResult = Result<{ key: string }> | UploadFailure;

/**
 * Checks (size, type by content), re-encodes and stores one uploaded file. A file the checks
 * refuse is invalid (with which check refused it); storage breaking is unavailable (logged).
 */
export async function uploadImage(file: File): Promise<UploadResult> {
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const { key } = await processImageUpload({ bytes, filename: file.name });
    return ok({ key });
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      return { ...invalid(error.message, IMAGE_UPLOAD_FIELD), reason: error.reason };
    }
    log("error", "image upload failed", { error: String(error) });
    return unavailable(IMAGE_MESSAGES.serverError);
  }
}

/** The keys (of those given) whose files are not all in storage. */
export async function missingImageKeys(keys: readonly string[]): Promise<string[]> {
  const storage = getStorage();
  const checks = await Promise.all(
    keys.map(async (key) => {
      if (!isImageKey(key)) return false;
      const found = await Promise.all(imageFileNames(key).map((name) => storage.exists(name)));
      return found.every(Boolean);
    }),
  );
  return keys.filter((_, i) => !checks[i]);
}

/**
 * The server-side check of a form's image keys (on top of `imageKeysField`): null when every
 * image was really uploaded, else the Spanish message to put on the field.
 */
export async function imageKeysProblem(keys: readonly string[]): Promise<string | null> {
  return (await missingImageKeys(keys)).length > 0 ? IMAGE_MESSAGES.missing : null;
}

/**
 * The shop's logo when it is an uploaded image: site_settings "general".logoUrl, read here
 * rather than through the settings module (which builds on media). A stored value that no
 * longer fits the settings schema still counts, so its image is kept.
 */
async function uploadedLogoKey(): Promise<string | null> {
  const [row] = await getDb()
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, "general"));
  const logo = (row?.value as { logoUrl?: unknown } | undefined)?.logoUrl;
  return typeof logo === "string" && IMAGE_KEY_PATTERN.test(logo) ? logo : null;
}

/**
 * Which of `keys` some product, marketplace item or service still lists, an order line shows
 * (a line keeps the picture its product had when it was bought, for the order's pages and
 * e-mails, after the product's images change or the product goes), the shop's logo or an
 * account's profile picture is.
 */
async function keysInUse(keys: string[]): Promise<Set<string>> {
  const db = getDb();
  const [lists, ordered, logo, avatars] = await Promise.all([
    Promise.all(
      [products, marketplaceProducts, services].map((table) =>
        db
          .select({ keys: table.imageKeys })
          .from(table)
          .where(arrayOverlaps(table.imageKeys, keys)),
      ),
    ),
    db
      .selectDistinct({ key: orderItems.imageKey })
      .from(orderItems)
      .where(inArray(orderItems.imageKey, keys)),
    uploadedLogoKey(),
    // Profile pictures uploaded in /perfil (users.image holds the avatar variant's URL).
    db
      .select({ image: users.image })
      .from(users)
      .where(inArray(users.image, keys.map(avatarImageUrl))),
  ]);
  return new Set([
    ...lists.flat().flatMap((row) => row.keys),
    ...ordered.flatMap((row) => (row.key ? [row.key] : [])),
    ...avatars.flatMap((row) => avatarImageKey(row.image) ?? []),
    ...(logo ? [logo] : []),
  ]);
}

/**
 * Deletes the files of these images — except those another item, an order line or the logo uses
 * (call it after the item's own row was changed or deleted). A file that cannot be deleted is
 * logged, never an error for the admin: the item itself is already saved.
 */
export async function deleteImages(keys: readonly string[]): Promise<void> {
  const candidates = [...new Set(keys)].filter(isImageKey);
  if (candidates.length === 0) return;
  const inUse = await keysInUse(candidates);
  const unused = candidates.filter((key) => !inUse.has(key));
  const results = await Promise.allSettled(unused.map((key) => deleteImage(key)));
  results.forEach((result, i) => {
    if (result.status === "rejected") {
      log("error", "image delete failed", { key: unused[i], error: String(result.reason) });
    }
  });
}

/** After an item's save: deletes the images it had (`oldKeys`) and no longer has (`newKeys`). */
export async function replaceImages(
  oldKeys: readonly string[],
  newKeys: readonly string[],
): Promise<void> {
  const kept = new Set(newKeys);
  await deleteImages(oldKeys.filter((key) => !kept.has(key)));
}

/**
 * Deletes the uploaded images nothing uses any more and that were stored more than
 * `LIMITS.unusedImageGraceMs` ago: uploads of a form the admin never saved, logos replaced in
 * /admin/configuracion. Kept: whatever `keysInUse` counts. Answers how many images went. Safe
 * on several instances at once.
 */
export async function sweepUnusedImages(): Promise<number> {
  const storage = getStorage();
  const newestWrite = new Map<string, number>();
  for (const file of await storage.list()) {
    const key = imageKeyOfFileName(file.name);
    if (key) newestWrite.set(key, Math.max(newestWrite.get(key) ?? 0, file.modifiedAt.getTime()));
  }
  const before = Date.now() - LIMITS.unusedImageGraceMs;
  const candidates = [...newestWrite].filter(([, at]) => at < before).map(([key]) => key);
  if (candidates.length === 0) return 0;

  let deleted = 0;
  for (let i = 0; i < candidates.length; i += LIMITS.imageSweepBatch) {
    const batch = candidates.slice(i, i + LIMITS.imageSweepBatch);
    const inUse = await keysInUse(batch);
    for (const key of batch.filter((candidate) => !inUse.has(candidate))) {
      await deleteImage(key);
      deleted += 1;
    }
  }
  if (deleted > 0) log("info", "unused images deleted", { count: deleted });
  return deleted;
}
