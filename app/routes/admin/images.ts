import type { Route } from "./+types/images";
import { LIMITS, RATE_LIMITS } from "~/lib/constants";
import { userContext } from "~/lib/context";
import { discardBody, readLimitedFormData } from "~/lib/forms.server";
import { isRateLimited } from "~/db/rate-limit.server";
import { uploadImage, type UploadFailure } from "~/modules/media/media.server";
import { IMAGE_MESSAGES, IMAGE_UPLOAD_FIELD } from "~/modules/media/schemas";

/*
 * POST /admin/imagenes — one image per request (multipart, field `file`), sent by ImageField.
 * Behind the admin layout's guard (anonymous → /login, customers → /). Answers
 * `200 { key }` or `4xx/5xx { message }` with the Spanish reason.
 */

/** Room for the multipart boundary and part headers around a file at the size limit. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The status of each refusal: too big, not an image, too many pixels or unreadable. */
const REJECTION_STATUS: Record<UploadFailure["reason"], number> = {
  too_large: 413,
  invalid_type: 415,
  too_many_pixels: 422,
  unreadable: 422,
};

function reply(body: { key: string } | { message: string }, status = 200) {
  return Response.json(body, { status });
}

/** Only POST: a GET (someone opening the address) gets a plain answer, not an error page. */
export function loader() {
  return Response.json(
    { message: "Método no permitido." },
    { status: 405, headers: { Allow: "POST" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return Response.json(
      { message: "Método no permitido." },
      { status: 405, headers: { Allow: "POST" } },
    );
  }
  const user = context.get(userContext)!;
  const maxBytes = LIMITS.maxImageBytes + MULTIPART_OVERHEAD_BYTES;
  if (await isRateLimited([[`image-upload:user:${user.id}`, RATE_LIMITS.imageUploadsPerAdmin]])) {
    await discardBody(request, maxBytes);
    return reply({ message: IMAGE_MESSAGES.rateLimited }, 429);
  }

  const body = await readLimitedFormData(request, { maxBytes });
  if (!body.ok) {
    return body.reason === "too_large"
      ? reply({ message: IMAGE_MESSAGES.bodyTooLarge }, 413)
      : reply({ message: IMAGE_MESSAGES.noFile }, 400);
  }
  const files = body.formData.getAll(IMAGE_UPLOAD_FIELD);
  const [file] = files;
  if (files.length !== 1 || !(file instanceof File)) {
    return reply({ message: IMAGE_MESSAGES.noFile }, 400);
  }

  const result = await uploadImage(file).catch(() => null); // logged by uploadImage
  if (!result) return reply({ message: IMAGE_MESSAGES.serverError }, 500);
  return result.ok
    ? reply({ key: result.key })
    : reply({ message: result.message }, REJECTION_STATUS[result.reason]);
}
