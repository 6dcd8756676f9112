/**
 * The right of withdrawal's shared pieces: the model form's address, and the exceptions a product may fall under (TRLGDCU art. 103), with
 * their Spanish labels and explanations. Here, below the modules, because the catalogue (the
 * admin's product form, the product page) and the returns module both need them, and returns
 * depends on orders, which depends on the catalogue. The rules: app/modules/returns/withdrawal.ts.
 */

/** The values of the withdrawal_exclusion enum (app/db/schema/catalog.ts; checked in withdrawal.ts). */
export const WITHDRAWAL_EXCLUSIONS = [
  "custom",
  "perishable",
  "sealed_hygiene",
  "sealed_media",
] as const;

export type WithdrawalExclusion = (typeof WITHDRAWAL_EXCLUSIONS)[number];

/** The admin product form's select «Derecho de desistimiento» ("" = the right applies). */
export const WITHDRAWAL_EXCLUSION_OPTIONS: readonly {
  value: WithdrawalExclusion | "";
  label: string;
}[] = [
  { value: "", label: "Se aplica" },
  { value: "custom", label: "Producto personalizado" },
  { value: "perishable", label: "Producto perecedero" },
  { value: "sealed_hygiene", label: "Precintado por higiene o salud" },
  { value: "sealed_media", label: "Grabación o software precintado" },
];

export const WITHDRAWAL_EXCLUSION_LABELS: Record<WithdrawalExclusion, string> = {
  custom: "Producto personalizado",
  perishable: "Producto perecedero",
  sealed_hygiene: "Precintado por higiene o salud",
  sealed_media: "Grabación o software precintado",
};

/** What the customer reads beside an excluded or sealed line (TRLGDCU art. 103). */
export const WITHDRAWAL_EXCLUSION_EXPLANATIONS: Record<WithdrawalExclusion, string> = {
  custom:
    "Este producto se hizo según tus especificaciones o se personalizó para ti: no tiene derecho de desistimiento (art. 103.c TRLGDCU).",
  perishable:
    "Este producto puede deteriorarse o caducar con rapidez: no tiene derecho de desistimiento (art. 103.d TRLGDCU).",
  sealed_hygiene:
    "Producto precintado por razones de protección de la salud o de higiene: puedes desistir mientras el precinto esté intacto; si lo has abierto tras la entrega, pierdes el derecho (art. 103.e TRLGDCU).",
  sealed_media:
    "Grabación de audio o vídeo o programa informático precintado: puedes desistir mientras el precinto esté intacto; si lo has abierto tras la entrega, pierdes el derecho (art. 103.i TRLGDCU).",
};

/** The short note of a product page for an excluded or sealed product; null when none. */
export function productWithdrawalNote(
  exclusion: WithdrawalExclusion | null | undefined,
): string | null {
  return exclusion ? WITHDRAWAL_EXCLUSION_EXPLANATIONS[exclusion] : null;
}

/**
 * The downloadable model withdrawal form (TRLGDCU Annex B) with the shop's legal data, linked
 * from checkout, the confirmation e-mail and the returns policy (served by the returns module).
 */
export const WITHDRAWAL_FORM_PATH = "/desistimiento/formulario.pdf";
