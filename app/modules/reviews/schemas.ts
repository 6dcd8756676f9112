import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import { requiredTextField } from "~/lib/form-fields";
import { REVIEW_COMMENT_TOO_LONG_MESSAGE, REVIEW_INCOMPLETE_MESSAGE } from "./constants";

/** The review form (shop-wide review), parsed by the form and by the action alike. */
export const reviewSchema = z.object({
  rating: z
    .number({ error: REVIEW_INCOMPLETE_MESSAGE })
    .int(REVIEW_INCOMPLETE_MESSAGE)
    .min(LIMITS.reviewStarsMin, REVIEW_INCOMPLETE_MESSAGE)
    .max(LIMITS.reviewStarsMax, REVIEW_INCOMPLETE_MESSAGE),
  comment: requiredTextField(
    REVIEW_INCOMPLETE_MESSAGE,
    LIMITS.reviewCommentMaxLength,
    REVIEW_COMMENT_TOO_LONG_MESSAGE,
  ),
});
export type ReviewInput = z.output<typeof reviewSchema>;

/** A delete request no page of ours sends (no review id, or not a number). */
const DELETE_REQUEST_INVALID = "No se pudo eliminar la reseña. La petición no es válida.";

/** The admin's delete button: which review. */
export const deleteReviewSchema = z.object({
  reviewId: z.coerce
    .number({ error: DELETE_REQUEST_INVALID })
    .int(DELETE_REQUEST_INVALID)
    .positive(DELETE_REQUEST_INVALID),
});
