/**
 * The customer's forms after the sale (browser-safe): the withdrawal and the conformity claim.
 * One schema each, shared by the form (Conform) and the action.
 */
import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import { requiredTextField } from "~/lib/form-fields";

export const NO_UNITS_MESSAGE = "Elige al menos una unidad de algún producto.";

/** One order line and how many of its units go back (0: none). */
const lineUnits = z.object({
  id: z.number({ error: "Recarga la página e inténtalo de nuevo." }).int().positive(),
  units: z
    .number({ error: "Elige cuántas unidades." })
    .int("Elige cuántas unidades.")
    .min(0, "Elige cuántas unidades.")
    .max(LIMITS.maxStockQuantity, "Elige cuántas unidades."),
});

/** The lines with at least one unit chosen; at least one is required. */
const linesField = z
  .array(lineUnits)
  .default([])
  .transform((lines) => lines.filter((line) => line.units > 0))
  .refine((lines) => lines.length > 0, NO_UNITS_MESSAGE)
  .refine(
    (lines) => new Set(lines.map((line) => line.id)).size === lines.length,
    "Cada producto puede aparecer una sola vez.",
  );

/** «Confirmar desistimiento»: units per line and an optional reason (never required). */
export const withdrawalSchema = z.object({
  lines: linesField,
  reason: z
    .string()
    .trim()
    .max(
      LIMITS.returnReasonMaxLength,
      `El motivo puede tener hasta ${LIMITS.returnReasonMaxLength} caracteres.`,
    )
    .optional(),
});

/** «Informar de un problema con un producto»: the same picker and the fault, required. */
export const conformityClaimSchema = z.object({
  lines: linesField,
  reason: requiredTextField(
    "Describe el problema del producto.",
    LIMITS.returnReasonMaxLength,
    `La descripción puede tener hasta ${LIMITS.returnReasonMaxLength} caracteres.`,
  ),
});

export type WithdrawalInput = z.output<typeof withdrawalSchema>;
export type ConformityClaimInput = z.output<typeof conformityClaimSchema>;
export type ReturnRequestInput = WithdrawalInput | ConformityClaimInput;

/** The form of each kind of request, for the pages that serve both. */
export const RETURN_REQUEST_SCHEMAS = {
  withdrawal: withdrawalSchema,
  conformity: conformityClaimSchema,
} as const;
