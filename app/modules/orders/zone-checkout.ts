/**
 * The checkout's shipping zone and its guard that the total charged is the total shown
 * (TRLGDCU art. 97): texts and refusals, browser-safe.
 */
import { conflict, invalid, titled, type Failure } from "~/lib/failure";
import { formatCents } from "~/lib/money";
import { SHIPPING_ZONE_LABELS, type ShippingZone } from "~/modules/settings";

export const ZONE_CHECKOUT_MESSAGES = {
  shownTotalMissing:
    "No sabemos qué total se te mostró. Vuelve a cargar la página y revisa el resumen antes de pagar.",
  totalChangedTitle: "El total ha cambiado",
} as const;

/** The postal code's zone is one the shop does not ship to: an error on the postal code. */
export function zoneDisabledRefusal(zone: ShippingZone): Failure {
  return invalid(
    `Ahora no hacemos envíos a ${SHIPPING_ZONE_LABELS[zone]}. Escribe una dirección de otra zona.`,
    "postalCode",
  );
}

/**
 * The server's total differs from the one the customer saw (another zone by the postal code, a
 * price or a coupon that changed): nothing is placed; the page shows the new summary.
 */
export function totalChangedRefusal(zone: ShippingZone, shownCents: number, totalCents: number) {
  return titled(
    conflict(
      `El total de tu pedido con envío a ${SHIPPING_ZONE_LABELS[zone]} es ${formatCents(totalCents)}, no ${formatCents(shownCents)} como se mostraba. No se ha hecho el pedido ni se ha cobrado nada: revisa el resumen y pulsa «Pagar» de nuevo si estás de acuerdo.`,
    ),
    ZONE_CHECKOUT_MESSAGES.totalChangedTitle,
  );
}

export function isTotalChangedRefusal(failure: Failure): boolean {
  return failure.title === ZONE_CHECKOUT_MESSAGES.totalChangedTitle;
}
