import { z } from "zod";

/** Spec §8 and §6: the messages of the favourite toggle (shared by the button and the action). */
export const FAVORITE_MESSAGES = {
  signInRequired: "Debes iniciar sesión para añadir a favoritos.",
  failed: "No se pudo actualizar el estado de favorito.",
  added: "Añadido a Favoritos",
  removed: "Eliminado de Favoritos",
  /** Spec §8: the remove button of /perfil/favoritos failed. */
  removeFailed: "No se pudo eliminar el producto de favoritos",
  /** Spec §8: the favourites page could not be read. */
  loadFailed: "No se pudieron cargar tus favoritos",
} as const;

/** Largest value of a PostgreSQL `integer` (product ids). */
const MAX_ID = 2_147_483_647;

/** A product id as a form sends it: digits only, within PostgreSQL's `integer`. */
const productIdField = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(MAX_ID));

/**
 * The favourite toggle form (`POST /favoritos`). `redirectTo` is only sent by the plain HTML
 * form (no JavaScript): the action then redirects back with a toast instead of answering data.
 */
export const favoriteToggleSchema = z.object({
  productId: productIdField,
  intent: z.enum(["add", "remove"]),
  redirectTo: z.string().max(2000).optional(),
});

export type FavoriteToggleInput = z.input<typeof favoriteToggleSchema>;

/** What a done toggle tells the button, beside its toast (`POST /favoritos` answers a `FetcherReply`). */
export interface FavoriteToggled {
  isFavorite: boolean;
}

/** The remove button of a card on /perfil/favoritos (posted to that page's action). */
export const removeFavoriteSchema = z.object({
  intent: z.literal("remove"),
  productId: productIdField,
});
