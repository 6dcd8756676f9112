import type { Route } from "./+types/images";
import { formAction } from "~/lib/action.server";
import { LIMITS, RATE_LIMITS } from "~/lib/constants";
import { userContext } from "~/lib/context";
import { failureStatus, type Failure } from "~/lib/failure";
import { discardBody, readLimitedFormData } from "~/lib/forms.server";
import { isRateLimited } from "~/db/rate-limit.server";
import { uploadImage, type UploadFailure } from "~/modules/media/media.server";
import { IMAGE_MESSAGES, imageUploadSchema } from "~/modules/media/schemas";

/*
 * POST /admin/imagenes — one image per request (multipart, field `file`), sent by ImageField.
 * Behind the admin layout's guard (anonymous → /login, customers → /). Answers
 * `200 { key }` or `4xx/5xx { message }` with the Spanish reason.
 */

/** Room for the multipart boundary and part headers around a file at the size limit. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The status of each refusal of the file: too big, not an image, too many pixels or unreadable. */
const REJECTION_STATUS: Record<UploadFailure["reason"], number> = {
  too_large: 413,
  invalid_type: 415,
  too_many_pixels: 422,
  unreadable: 422,
};

function refused(message: string, status: number, headers?: HeadersInit) {
  return Response.json({ message }, { status, headers });
}

/** The file's own refusal says which check refused it; any other, the failure's kind. */
function refusalStatus(failure: Failure | UploadFailure): number {
  return "reason" in failure ? REJECTION_STATUS[failure.reason] : failureStatus(failure);
}

/** Only POST: a GET (someone opening the address) gets a plain answer, not an error page. */
export function loader() {
  return refused("Método no permitido.", 405, { Allow: "POST" });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const user = context.get(userContext)!;
  const maxBytes = LIMITS.maxImageBytes + MULTIPART_OVERHEAD_BYTES;
  // Over the rate limit the body is dropped unparsed, before the pipeline reads it.
  if (await isRateLimited([[`image-upload:user:${user.id}`, RATE_LIMITS.imageUploadsPerAdmin]])) {
    await discardBody(request, maxBytes);
    return refused(IMAGE_MESSAGES.rateLimited, 429);
  }
  const body = await readLimitedFormData(request, { maxBytes });
  if (!body.ok) {
    return body.reason === "too_large"
      ? refused(IMAGE_MESSAGES.bodyTooLarge, 413)
      : refused(IMAGE_MESSAGES.noFile, 400);
  }
  return formAction(body.formData, {
    schema: imageUploadSchema,
    run: ({ file }) => uploadImage(file),
    onSuccess: ({ key }) => Response.json({ key }),
    // The image field reads `{ message }` with the status.
    onFailure: (failure) => refused(failure.message, refusalStatus(failure)),
  });
}
