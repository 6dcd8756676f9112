import { redirect } from "react-router";
import type { Route } from "./+types/avatar";
import { RATE_LIMITS, REQUEST_LIMITS } from "~/lib/constants";
import { userContext } from "~/lib/context";
import { discardBody, readLimitedFormData } from "~/lib/forms.server";
import { avatarImageKey, avatarImageUrl } from "~/lib/image-url";
import { isRateLimited } from "~/db/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { setAvatar } from "~/modules/accounts/profile.server";
import { AVATAR_FIELDS, AVATAR_MESSAGES } from "~/modules/accounts/settings-schemas";
import { deleteImages, uploadImage } from "~/modules/media/media.server";
import { IMAGE_MESSAGES } from "~/modules/media/schemas";

/*
 * POST /perfil/avatar — the account's picture: one image (multipart, field `avatar`), checked
 * by its content and re-encoded by the media pipeline (lib/images.server.ts), or `quitar` for
 * the initials. A plain form post: back to /perfil with a toast, with or without JavaScript.
 * Behind the /perfil guard (anonymous visitors are sent to sign in).
 */

const BACK = "/perfil";

const failure = (description: string) =>
  redirectWithToast(BACK, {
    title: AVATAR_MESSAGES.failed,
    description,
    variant: "destructive",
  });

/** Nothing to show at this address: the form lives on /perfil. */
export function loader() {
  return redirect(BACK);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext)!;
  const maxBytes = REQUEST_LIMITS.uploadBodyBytes;
  if (await isRateLimited([[`avatar:user:${user.id}`, RATE_LIMITS.avatarUploadsPerUser]])) {
    await discardBody(request, maxBytes);
    return failure(AVATAR_MESSAGES.rateLimited);
  }
  const body = await readLimitedFormData(request, { maxBytes });
  if (!body.ok) {
    return failure(body.reason === "too_large" ? AVATAR_MESSAGES.tooLarge : AVATAR_MESSAGES.noFile);
  }

  let image: string | null = null;
  if (!body.formData.has(AVATAR_FIELDS.remove)) {
    const file = body.formData.get(AVATAR_FIELDS.file);
    if (!(file instanceof File) || file.size === 0) return failure(AVATAR_MESSAGES.noFile);
    const upload = await uploadImage(file).catch(() => null); // logged by uploadImage
    if (!upload) return failure(IMAGE_MESSAGES.serverError);
    if (!upload.ok) return failure(upload.message);
    image = avatarImageUrl(upload.key);
  }

  const saved = await setAvatar(user.id, image);
  if (!saved) {
    const key = avatarImageKey(image);
    if (key) await deleteImages([key]);
    return failure("Inténtalo de nuevo en unos minutos.");
  }
  // The picture it replaced, when it was an upload nothing else uses.
  const previous = avatarImageKey(saved.previous);
  if (previous && saved.previous !== image) await deleteImages([previous]);
  return redirectWithToast(BACK, {
    title: image ? AVATAR_MESSAGES.saved : AVATAR_MESSAGES.removed,
  });
}
