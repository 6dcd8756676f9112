import { z } from "zod";
import { LIMITS } from "~/lib/constants";

/** Spec §5: one message for a missing rating or a blank comment. */
export const REVIEW_INCOMPLETE_MESSAGE = "Por favor, completa la valoración y el comentario.";
export const REVIEW_COMMENT_TOO_LONG_MESSAGE = `El comentario no puede superar los ${LIMITS.reviewCommentMaxLength.toLocaleString("es-ES")} caracteres.`;
/** Spec §5: writing a review needs a signed-in user. */
export const REVIEW_LOGIN_REQUIRED_MESSAGE = "Debes iniciar sesión para dejar una reseña.";

/** The review form (shop-wide review), parsed by the form and by the action alike. */
export const reviewSchema = z.object({
  rating: z
    .number({ error: REVIEW_INCOMPLETE_MESSAGE })
    .int(REVIEW_INCOMPLETE_MESSAGE)
    .min(LIMITS.reviewStarsMin, REVIEW_INCOMPLETE_MESSAGE)
    .max(LIMITS.reviewStarsMax, REVIEW_INCOMPLETE_MESSAGE),
  comment: z
    .string({ error: REVIEW_INCOMPLETE_MESSAGE })
    .trim()
    .min(1, REVIEW_INCOMPLETE_MESSAGE)
    .max(LIMITS.reviewCommentMaxLength, REVIEW_COMMENT_TOO_LONG_MESSAGE),
});
export type ReviewInput = z.output<typeof reviewSchema>;

/** The admin's delete button: which review. */
export const deleteReviewSchema = z.object({
  reviewId: z.coerce.number().int().positive(),
});

/** The two forms of the reviews page share one action; `intent` tells them apart. */
export const REVIEW_INTENTS = { create: "create", delete: "delete" } as const;
