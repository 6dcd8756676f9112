/*
 * The coupons' forms, browser-safe: the checkout's «Código de descuento» and the admin's
 * coupon dialog, each one schema shared by the form and its action.
 */
import { z } from "zod";
import { parseDay } from "~/lib/dates";
import { moneyField, MAX_CENTS } from "~/lib/form-fields";
import { editIdField, requiredTextField } from "~/lib/form-fields";
import { COUPON_INTENTS } from "./checkout-forms";
import { COUPON_CODE_PATTERN, COUPON_LIMITS, COUPON_MESSAGES } from "./constants";

export const applyCouponSchema = z.object({
  intent: z.literal(COUPON_INTENTS.apply),
  code: requiredTextField(
    COUPON_MESSAGES.codeRequired,
    COUPON_LIMITS.codeMaxLength,
    COUPON_MESSAGES.codeTooLong,
  ),
});

export const removeCouponSchema = z.object({ intent: z.literal(COUPON_INTENTS.remove) });

/** The admin page's buttons. */
export const COUPON_ADMIN_INTENTS = {
  save: "save",
  delete: "delete",
  toggle: "toggle",
} as const;

export const COUPON_KIND_LABELS = { percent: "Porcentaje", fixed: "Importe fijo" } as const;
export const COUPON_SCOPE_LABELS = {
  all: "Todos los productos",
  catalog: "Solo el catálogo (no el marketplace)",
  categories: "Solo algunas categorías",
} as const;

const dayField = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || parseDay(value) !== undefined, message)
    .transform((value) => (value ? value : null));

const countField = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || /^\d{1,7}$/.test(value), `${label} debe ser un número entero.`)
    .transform((value) => (value ? Number(value) : null))
    .refine(
      (value) => value === null || (value >= 1 && value <= COUPON_LIMITS.maxUses),
      `${label} debe estar entre 1 y ${COUPON_LIMITS.maxUses}.`,
    );

const PERCENT_MESSAGES = {
  invalid: "El porcentaje no es un número válido (por ejemplo, 10 o 12,5).",
  decimals: "El porcentaje admite como mucho dos decimales.",
  tooLarge: "El porcentaje no puede superar el 100 %.",
  negative: "El porcentaje no puede ser negativo.",
};
const AMOUNT_MESSAGES = {
  invalid: "El importe no es válido (por ejemplo, 12,50).",
  decimals: "El importe admite como mucho dos decimales.",
  tooLarge: "El importe es demasiado alto.",
  negative: "El importe no puede ser negativo.",
};

/** The add/edit dialog: with an id it updates that coupon, without one it creates one. */
export const couponSchema = z
  .object({
    intent: z.literal(COUPON_ADMIN_INTENTS.save),
    id: editIdField,
    code: z
      .string({ error: "El código es obligatorio." })
      .trim()
      .transform((code) => code.toUpperCase())
      .pipe(
        z
          .string()
          .min(
            COUPON_LIMITS.codeMinLength,
            `El código debe tener al menos ${COUPON_LIMITS.codeMinLength} caracteres.`,
          )
          .max(COUPON_LIMITS.codeMaxLength, COUPON_MESSAGES.codeTooLong)
          .regex(
            COUPON_CODE_PATTERN,
            "El código solo admite letras sin tilde (A–Z), números, «-» y «_».",
          ),
      ),
    description: z
      .string()
      .trim()
      .max(
        COUPON_LIMITS.descriptionMaxLength,
        `La descripción no puede superar los ${COUPON_LIMITS.descriptionMaxLength} caracteres.`,
      )
      .optional()
      .transform((text) => text || null),
    kind: z.enum(["percent", "fixed"], { error: "Elige el tipo de descuento." }),
    // Percent "12,5" → 1250 basis points (two decimals, like cents); fixed "5,00" → 500 cents.
    value: z.string({ error: "El valor del descuento es obligatorio." }).trim(),
    minimumOrder: moneyField(
      {
        invalid: "El pedido mínimo no es un importe válido (por ejemplo, 50,00).",
        decimals: "El pedido mínimo admite como mucho dos decimales.",
        tooLarge: "El pedido mínimo es demasiado alto.",
        negative: "El pedido mínimo no puede ser negativo.",
      },
      MAX_CENTS,
    ),
    startsOn: dayField("La fecha de inicio no es una fecha válida."),
    endsOn: dayField("La fecha de fin no es una fecha válida."),
    maxUses: countField("El número total de usos"),
    maxUsesPerCustomer: countField("Los usos por cliente"),
    scope: z.enum(["all", "catalog", "categories"], { error: "Elige a qué productos se aplica." }),
    categoryIds: z
      .array(z.string().regex(/^\d{1,9}$/))
      .optional()
      .transform((ids) => [...new Set((ids ?? []).map(Number))]),
    isActive: z
      .string()
      .optional()
      .transform((value) => value === "on"),
  })
  .transform((input, ctx) => {
    const scaled = moneyField(
      input.kind === "percent" ? PERCENT_MESSAGES : AMOUNT_MESSAGES,
      input.kind === "percent" ? COUPON_LIMITS.maxPercentBp : MAX_CENTS,
    ).safeParse(input.value);
    if (!scaled.success) {
      for (const issue of scaled.error.issues)
        ctx.addIssue({ code: "custom", message: issue.message, path: ["value"] });
      return z.NEVER;
    }
    if (scaled.data === null || scaled.data <= 0) {
      ctx.addIssue({
        code: "custom",
        message: "El descuento debe ser mayor que cero.",
        path: ["value"],
      });
      return z.NEVER;
    }
    if (input.startsOn && input.endsOn && input.endsOn < input.startsOn) {
      ctx.addIssue({
        code: "custom",
        message: "La fecha de fin no puede ser anterior a la de inicio.",
        path: ["endsOn"],
      });
      return z.NEVER;
    }
    if (input.scope === "categories" && input.categoryIds.length === 0) {
      ctx.addIssue({
        code: "custom",
        message: "Elige al menos una categoría.",
        path: ["categoryIds"],
      });
      return z.NEVER;
    }
    return {
      ...input,
      value: scaled.data,
      categoryIds: input.scope === "categories" ? input.categoryIds : [],
    };
  });
export type CouponInput = Omit<z.output<typeof couponSchema>, "id" | "intent">;

/** The active switch of a row. */
export const couponToggleSchema = z.object({
  intent: z.literal(COUPON_ADMIN_INTENTS.toggle),
  id: z.coerce.number().int().positive().max(2_147_483_647),
  isActive: z.enum(["true", "false"]).transform((value) => value === "true"),
});

/** A row's «Eliminar». */
export const couponDeleteSchema = z.object({
  intent: z.literal(COUPON_ADMIN_INTENTS.delete),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
