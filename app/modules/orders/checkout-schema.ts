import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import { conflict, invalid, titled, type Failure } from "~/lib/failure";
import { checkboxField, requiredTextField } from "~/lib/form-fields";
import { formatCents } from "~/lib/money";
import { PROVINCE_CODES } from "~/lib/provinces";
import { ZONE_CHECKOUT_MESSAGES } from "./zone-checkout";
import {
  BILLING_FIELD_NAMES,
  billingRecipientOf,
  billingSchema,
  type BillingFieldName,
  type BillingRecipient,
} from "~/modules/invoicing";

/** The billing inputs as posted: checked only when «Necesito factura completa» is ticked. */
const optionalBillingText = z.string().optional();

/** The billing inputs of a submission, for `billingSchema`. */
function billingInputOf(value: Record<string, unknown>) {
  return Object.fromEntries(BILLING_FIELD_NAMES.map((name) => [name, value[name]]));
}

/** The /checkout form (Conform on the page, the same schema in the action). */
export const checkoutSchema = z
  .object({
    fullName: requiredTextField(
      "Escribe tu nombre completo.",
      LIMITS.maxNameLength,
      `Como máximo ${LIMITS.maxNameLength} caracteres.`,
    ),
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
    addressLine1: requiredTextField(
      "Escribe la dirección de envío.",
      200,
      "Como máximo 200 caracteres.",
    ),
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
    city: requiredTextField(
      "Escribe la localidad.",
      LIMITS.maxShortTextLength,
      `Como máximo ${LIMITS.maxShortTextLength} caracteres.`,
    ),
    province: z.enum(PROVINCE_CODES, { error: "Elige una provincia." }),
    /**
     * «Necesito factura completa (con NIF)»: the billing fields are always in the page (without
     * JavaScript too) and required only when this is ticked.
     */
    wantsInvoice: checkboxField,
    billingName: optionalBillingText,
    billingTaxId: optionalBillingText,
    billingStreet: optionalBillingText,
    billingPostalCode: optionalBillingText,
    billingCity: optionalBillingText,
    billingProvince: optionalBillingText,
    /**
     * The total the page showed beside «Pagar» (TRLGDCU art. 97): the order is placed only for
     * it. A hidden input, so the page posts it with or without JavaScript.
     */
    shownTotalCents: z
      .string({ error: ZONE_CHECKOUT_MESSAGES.shownTotalMissing })
      .regex(/^\d{1,10}$/, ZONE_CHECKOUT_MESSAGES.shownTotalMissing)
      .transform(Number),
  })
  .superRefine((value, ctx) => {
    if (!value.postalCode.startsWith(value.province)) {
      ctx.addIssue({
        code: "custom",
        path: ["postalCode"],
        message: "El código postal no corresponde a la provincia elegida.",
      });
    }
  })
  .superRefine(
    (value, ctx) => {
      if (value.wantsInvoice !== true) return;
      const billing = billingSchema.safeParse(billingInputOf(value));
      if (billing.success) return;
      for (const issue of billing.error.issues) {
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
    },
    // Also when the shipping fields have errors, so that every message shows at once.
    { when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "wantsInvoice") },
  );

/** The parsed form, with the complete invoice's recipient (null: a simplified invoice). */
export type CheckoutInput = Omit<
  z.output<typeof checkoutSchema>,
  "wantsInvoice" | BillingFieldName
> & { billing: BillingRecipient | null };

/**
 * The checkout's values as placeOrder takes them: the billing fields become the recipient, when
 * the box was ticked (they were checked by the schema then). No transform in the schema itself:
 * Conform's constraint reads the object.
 */
export function checkoutInputOf(value: z.output<typeof checkoutSchema>): CheckoutInput {
  const { wantsInvoice, ...rest } = value;
  const shipping = Object.fromEntries(
    Object.entries(rest).filter(([name]) => !(BILLING_FIELD_NAMES as string[]).includes(name)),
  ) as Omit<typeof rest, BillingFieldName>;
  return {
    ...shipping,
    billing: wantsInvoice ? billingRecipientOf(billingSchema.parse(billingInputOf(value))) : null,
  };
}

/**
 * RD 1619/2012 art. 4.2: no simplified invoice above 3.000 € IVA included. A larger order
 * needs the billing data; the refusal names the checkbox.
 */
export const INVOICE_REQUIRED_MESSAGE = `Para un pedido de más de ${formatCents(LIMITS.simplifiedInvoiceMaxCents)} (IVA incluido) la ley exige una factura completa: marca «Necesito factura completa (con NIF)» y escribe tus datos de facturación.`;

export function invoiceRequiredRefusal(): Failure {
  return titled(invalid(INVOICE_REQUIRED_MESSAGE, "wantsInvoice"), "Factura completa obligatoria");
}

/** True when the order's total does not allow a simplified invoice. */
export function needsCompleteInvoice(totalCents: number): boolean {
  return totalCents > LIMITS.simplifiedInvoiceMaxCents;
}

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
  /** Two placements from one cart at once (two tabs, a double click): the later one stands. */
  replaced: {
    title: "Pago abierto en otra pestaña",
    description:
      "Has empezado otro pago de este carrito en otra pestaña o ventana, y este ha quedado sustituido: no se ha cobrado nada. Termina el pago allí o vuelve a pagar desde aquí.",
  },
  /** Card payments have a minimum (Stripe's is 0,50 €): a coupon may bring a total below it. */
  belowMinimum: {
    title: "Total demasiado bajo",
    description: `El total del pedido debe ser de al menos ${formatCents(LIMITS.minimumOrderTotalCents)} para poder pagarlo. Añade algún producto o quita el código de descuento.`,
  },
} as const;

/** Too many unpaid orders from one address (ADR 0043): refused as a limit, not a conflict. */
export const TOO_MANY_UNPAID_ORDERS = {
  title: "Demasiados pedidos sin pagar",
  description: `Ya hay ${LIMITS.unpaidOrdersPerClient} pedidos sin pagar hechos desde esta conexión, y cada uno reserva sus productos durante ${LIMITS.orderReservationMinutes} minutos. Paga alguno de ellos o espera a que caduquen para hacer otro pedido.`,
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
