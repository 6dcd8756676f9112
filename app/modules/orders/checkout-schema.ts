import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import { conflict, titled, type Failure } from "~/lib/failure";
import { PROVINCE_CODES } from "~/lib/provinces";

/** The /checkout form (Conform on the page, the same schema in the action). */
export const checkoutSchema = z
  .object({
    fullName: z
      .string({ error: "Escribe tu nombre completo." })
      .trim()
      .min(1, "Escribe tu nombre completo.")
      .max(LIMITS.maxNameLength, `Como máximo ${LIMITS.maxNameLength} caracteres.`),
    email: z
      .string({ error: "Escribe tu correo electrónico." })
      .trim()
      .toLowerCase()
      .max(LIMITS.maxEmailLength, "El correo electrónico es demasiado largo.")
      .pipe(z.email("Escribe un correo electrónico válido.")),
    phone: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || null)
      .refine(
        (value) => value === null || /^\+?[0-9][0-9 ()-]{5,19}$/.test(value),
        "Escribe un teléfono válido (solo cifras, espacios, guiones o +).",
      ),
    addressLine1: z
      .string({ error: "Escribe la dirección de envío." })
      .trim()
      .min(1, "Escribe la dirección de envío.")
      .max(200, "Como máximo 200 caracteres."),
    addressLine2: z
      .string()
      .trim()
      .max(200, "Como máximo 200 caracteres.")
      .optional()
      .transform((value) => value || null),
    postalCode: z
      .string({ error: "Escribe el código postal." })
      .trim()
      .regex(/^\d{5}$/, "El código postal debe tener 5 cifras."),
    city: z
      .string({ error: "Escribe la localidad." })
      .trim()
      .min(1, "Escribe la localidad.")
      .max(LIMITS.maxShortTextLength, `Como máximo ${LIMITS.maxShortTextLength} caracteres.`),
    province: z.enum(PROVINCE_CODES, { error: "Elige una provincia." }),
  })
  .superRefine((value, ctx) => {
    if (!value.postalCode.startsWith(value.province)) {
      ctx.addIssue({
        code: "custom",
        path: ["postalCode"],
        message: "El código postal no corresponde a la provincia elegida.",
      });
    }
  });

export type CheckoutInput = z.output<typeof checkoutSchema>;

/** Spec §8 Checkout messages (title and description of the toast). */
export const CHECKOUT_MESSAGES = {
  emptyCart: {
    title: "Carrito Vacío o Productos No Configurados",
    description: "Añade productos disponibles al carrito antes de pagar.",
  },
  review: {
    title: "Revisa tu carrito",
    description:
      "Algunos productos han cambiado de precio o de disponibilidad desde que los añadiste. Revísalos antes de pagar.",
  },
  providerDown: {
    title: "Error de Stripe",
    description: "No se pudo cargar Stripe. Inténtalo de nuevo en unos minutos.",
  },
  paymentFailed: {
    title: "Error en el Pago",
    description: "El pago no se ha completado y no se ha cobrado nada. Puedes intentarlo de nuevo.",
  },
  paymentCancelled: {
    title: "Pago cancelado",
    description: "No se ha cobrado nada. Tus productos siguen en el carrito.",
  },
  confirmed: { title: "¡Pedido Confirmado!" },
} as const;

/** A checkout refusal: the spec's toast title and text, refused as a conflict with the cart. */
export function checkoutRefusal(message: { title: string; description: string }): Failure {
  return titled(conflict(message.description), message.title);
}

export function outOfStockMessage(name: string) {
  return {
    title: "Sin stock suficiente",
    description: `No quedan unidades suficientes de «${name}». Ajusta la cantidad en tu carrito.`,
  };
}

/** A one-off marketplace item that someone else is buying, or has bought, meanwhile. */
export function itemTakenMessage(name: string) {
  return {
    title: "Artículo no disponible",
    description: `«${name}» es una pieza única y ya está reservada o vendida. Quítalo de tu carrito para continuar.`,
  };
}
