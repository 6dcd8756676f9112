import { LIMITS } from "~/lib/constants";
import { formatNumber } from "~/lib/numbers";

/*
 * Browser-safe constants of the reviews forms (no zod), for components that only need a
 * message or an intent; the schemas (schemas.ts) use the same messages.
 */

/** Spec §5: one message for a missing rating or a blank comment. */
export const REVIEW_INCOMPLETE_MESSAGE = "Por favor, completa la valoración y el comentario.";
export const REVIEW_COMMENT_TOO_LONG_MESSAGE = `El comentario no puede superar los ${formatNumber(LIMITS.reviewCommentMaxLength)} caracteres.`;
/** Spec §5: writing a review needs a signed-in user. */
export const REVIEW_LOGIN_REQUIRED_MESSAGE = "Debes iniciar sesión para dejar una reseña.";
/** ADR 0009: reviews need a confirmed e-mail address. */
export const REVIEW_VERIFICATION_REQUIRED_MESSAGE =
  "Para publicar reseñas, confirma antes tu correo electrónico con el enlace que te enviamos al registrarte.";

/**
 * How the shop treats reviews, shown wherever reviews are (TRLGDCU art. 20.3; LCD art. 27.7):
 * whether it checks that a reviewer bought or used the product, and how reviews are published.
 */
export const REVIEW_POLICY_NOTE =
  "Cómo tratamos las reseñas: puede publicarlas cualquier persona con una cuenta y el correo electrónico confirmado, y salen en el momento, tal como se escriben. No comprobamos que quien opina haya comprado o usado el producto. La tienda puede retirar una reseña, pero nunca la modifica.";

/** The two forms of the reviews page share one action; `intent` tells them apart. */
export const REVIEW_INTENTS = { create: "create", delete: "delete" } as const;

/** A product page shows its newest reviews; «Ver todas» shows up to the second number. */
export const PRODUCT_PAGE_REVIEWS = 5;
export const PRODUCT_PAGE_REVIEWS_ALL = 200;
/** The query parameter of a product page's «Ver todas las opiniones» link. */
export const ALL_REVIEWS_PARAM = "opiniones";
