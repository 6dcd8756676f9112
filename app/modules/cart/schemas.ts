import { z } from "zod";
import { LIMITS } from "~/lib/constants";

export const CART_MESSAGES = {
  added: "Añadido al carrito",
  updated: "Carrito actualizado",
  removed: "Producto eliminado del carrito",
  accepted: "Carrito actualizado con los precios y el stock de ahora",
  reserved: "Reservado: este artículo está en el proceso de compra de otra persona.",
  alreadyInCart: "Este artículo ya está en tu carrito (es una pieza única).",
  outOfStock: "Agotado: este producto no tiene unidades disponibles.",
  unavailable: "Este producto ya no está disponible.",
  failed: "No se pudo actualizar el carrito. Inténtalo de nuevo.",
  tooManyLines: `El carrito admite como máximo ${LIMITS.maxCartLines} productos distintos.`,
} as const;

/** "Solo quedan 3 unidades de «Taladro»" (with what the cart already holds, when it does). */
export function stockLimitMessage(name: string, stock: number, inCart = 0): string {
  const units = stock === 1 ? "queda 1 unidad" : `quedan ${stock} unidades`;
  const held = inCart > 0 ? ` y ya tienes ${inCart} en el carrito` : "";
  return `Solo ${units} de «${name}»${held}.`;
}

const quantityField = z.coerce
  .number({ error: "Indica una cantidad." })
  .int("La cantidad debe ser un número entero.")
  .min(0, "La cantidad no puede ser negativa.")
  .max(LIMITS.maxCartLineQuantity, `Como máximo ${LIMITS.maxCartLineQuantity} unidades.`);

const productIdField = z.coerce.number().int().positive().max(2_147_483_647);

/** Every cart action posted to /carrito (add from a card or page, and the /checkout controls). */
export const cartActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    productId: productIdField,
    quantity: quantityField.pipe(z.number().min(1, "Indica al menos 1 unidad.")).default(1),
  }),
  z.object({ intent: z.literal("update"), productId: productIdField, quantity: quantityField }),
  z.object({ intent: z.literal("remove"), productId: productIdField }),
  /** A one-off marketplace item: quantity 1, added once. */
  z.object({ intent: z.literal("add-item"), marketplaceProductId: productIdField }),
  z.object({ intent: z.literal("remove-item"), marketplaceProductId: productIdField }),
  /** Accept the flagged changes: current prices, quantities capped by stock, gone lines out. */
  z.object({ intent: z.literal("accept") }),
]);
export type CartAction = z.infer<typeof cartActionSchema>;
