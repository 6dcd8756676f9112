import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "~/db/schema";
import { getDb } from "~/db/client.server";
import { notFound, ok, unavailable, type Result } from "~/lib/failure";
import { avatarImageKey, avatarImageUrl } from "~/lib/image-url";
import { log } from "~/lib/log.server";
import { deleteImages, uploadImage } from "~/modules/media/index.server";
import { AVATAR_FIELDS, AVATAR_MESSAGES } from "./settings-schemas";

/**
 * The picture form of /perfil (multipart, posted to /perfil/avatar): a picture to upload, or
 * `quitar` for the initials. Read on the server only: the form has no fields to check first.
 */
export const avatarFormSchema = z
  .object({
    [AVATAR_FIELDS.remove]: z.string().optional(),
    [AVATAR_FIELDS.file]: z.instanceof(File, { error: AVATAR_MESSAGES.noFile }).optional(),
  })
  .refine((form) => form.quitar !== undefined || (form.avatar?.size ?? 0) > 0, {
    message: AVATAR_MESSAGES.noFile,
    path: [AVATAR_FIELDS.file],
  })
  .transform((form) => ({ file: form.quitar !== undefined ? null : form.avatar! }));

const TRY_AGAIN = "Inténtalo de nuevo en unos minutos.";

/**
 * Changes the account's picture: `file` checked by its content, re-encoded and stored by the
 * media module, or null for the initials. The picture it replaces goes when nothing else uses
 * it; a refused change leaves the account and storage as they were.
 */
export async function changeAvatar(
  userId: string,
  file: File | null,
): Promise<Result<{ image: string | null }>> {
  let image: string | null = null;
  if (file) {
    const upload = await uploadImage(file);
    if (!upload.ok) return upload;
    image = avatarImageUrl(upload.key);
  }
  const saved = await setAvatar(userId, image);
  if (!saved.ok) {
    const key = avatarImageKey(image);
    if (key) await deleteImages([key]);
    return saved;
  }
  // The picture it replaced, when it was an upload nothing else uses.
  const previous = avatarImageKey(saved.previous);
  if (previous && saved.previous !== image) await deleteImages([previous]);
  return ok({ image });
}

/** Sets the account's picture (an avatar's URL or null); answers the picture it replaces. */
async function setAvatar(
  userId: string,
  image: string | null,
): Promise<Result<{ previous: string | null }>> {
  try {
    return await getDb().transaction(async (tx) => {
      const [row] = await tx
        .select({ image: users.image })
        .from(users)
        .where(eq(users.id, userId))
        .for("update");
      if (!row) return notFound(TRY_AGAIN);
      await tx.update(users).set({ image }).where(eq(users.id, userId));
      return ok({ previous: row.image });
    });
  } catch (error) {
    log("error", "avatar update failed", { userId, error: String(error) });
    return unavailable(TRY_AGAIN);
  }
}
