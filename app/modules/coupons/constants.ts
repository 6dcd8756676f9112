/*
 * The coupons' limits and Spanish texts: the one place the admin form, the checkout and the
 * placement take them from. Browser-safe.
 */
import { formatDate } from "~/lib/dates";
import { formatCents } from "~/lib/money";

export const COUPON_LIMITS = {
  codeMinLength: 3,
  codeMaxLength: 32,
  descriptionMaxLength: 200,
  /** Percentages are stored in basis points: 100 % = 10000. */
  maxPercentBp: 10_000,
  maxUses: 1_000_000,
  adminPageSize: 50,
  /** Orders listed in a coupon's usage report (the newest). */
  reportOrders: 200,
  /** «Aplicar» per address: codes must not be guessable by trying many. */
  applyPerIp: { limit: 20, windowMs: 10 * 60_000 },
} as const;

/** Codes as customers type them: letters, digits, hyphen and underscore (stored upper-case). */
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]+$/;

/** The code as stored and compared: trimmed, upper-case. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export const COUPONS_PATH = "/admin/cupones";

/** Why a coupon does not apply to a cart now (or to an order being placed). */
export type CouponRefusal =
  | { reason: "unknown" }
  | { reason: "inactive" }
  | { reason: "expired"; endsAt: Date }
  | { reason: "not_yet_valid"; startsAt: Date }
  | { reason: "minimum"; minimumOrderCents: number }
  | { reason: "used_by_you" }
  | { reason: "exhausted" }
  | { reason: "nothing_eligible" };

/** The last instant of validity as a day: an end at 00:00 of day D means "until D − 1". */
function lastValidDay(endsAt: Date): string {
  return formatDate(new Date(endsAt.getTime() - 1));
}

/** The Spanish message of a refusal, naming the code. */
export function couponRefusalMessage(code: string, refusal: CouponRefusal): string {
  const named = `El código «${code}»`;
  switch (refusal.reason) {
    case "unknown":
      return `${named} no existe. Revisa que esté bien escrito.`;
    case "inactive":
      return `${named} no está activo.`;
    case "expired":
      return `${named} caducó: era válido hasta el ${lastValidDay(refusal.endsAt)}.`;
    case "not_yet_valid":
      return `${named} todavía no es válido: podrás usarlo desde el ${formatDate(refusal.startsAt)}.`;
    case "minimum":
      return `${named} requiere un pedido mínimo de ${formatCents(refusal.minimumOrderCents)} en productos.`;
    case "used_by_you":
      return `Ya has usado el código «${code}» el máximo de veces permitido.`;
    case "exhausted":
      return `${named} se ha agotado: ya se han usado todas sus unidades.`;
    case "nothing_eligible":
      return `${named} no se aplica a ninguno de los productos de tu carrito.`;
  }
}

export const COUPON_MESSAGES = {
  applied: "Código de descuento aplicado",
  removed: "Código de descuento quitado",
  codeRequired: "Escribe un código de descuento.",
  codeTooLong: `El código no puede superar los ${COUPON_LIMITS.codeMaxLength} caracteres.`,
  refusedTitle: "No se pudo aplicar el código",
  /** Placement refused because the coupon applied earlier is no longer valid. */
  placementTitle: "El código de descuento ya no es válido",
  /** Beside a code that no longer applies: the total shown is without it, and so is the order. */
  notApplied: "El total no incluye este descuento: si pagas ahora, el pedido se hará sin él.",
  emptyCart: "Tu carrito está vacío: añade productos antes de aplicar un código.",
  // Admin.
  created: "El cupón se ha creado.",
  updated: "El cupón se ha actualizado.",
  deleted: "El cupón se ha eliminado.",
  activated: "El cupón se ha activado.",
  deactivated: "El cupón se ha desactivado.",
  createFailed: "Error al crear cupón",
  updateFailed: "Error al actualizar cupón",
  deleteFailed: "Error al eliminar cupón",
  gone: "Ese cupón ya no existe.",
  duplicate: "Ya existe un cupón con ese código.",
  usedCannotDelete:
    "Este cupón ya se ha usado en algún pedido: no se puede eliminar. Desactívalo para que no se use más.",
  confirmDelete: "¿Eliminar este cupón?",
} as const;
