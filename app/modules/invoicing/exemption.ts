/**
 * The IVA exemption of a sale shipped outside the Spanish VAT territory (Canarias, Ceuta,
 * Melilla: Ley 37/1992 art. 3.2): a delivery of goods dispatched there is exempt as an export
 * (art. 21). The invoice says so (RD 1619/2012 art. 6.1.j: the provision that grants it) and
 * its VeriFactu record declares it: OperacionExenta E2 («Exenta por el artículo 21», list L10)
 * under ClaveRegimen 02 («Exportación», list L8A) — the AEAT refuses E2 with ClaveRegimen 01 —
 * with the whole amount as the base and neither rate nor tax.
 */
import { isVatExemptZone, type ShippingZone } from "~/modules/settings";

export type VatExemption = "E2";

export function exemptionOfZone(zone: ShippingZone): VatExemption | null {
  return isVatExemptZone(zone) ? "E2" : null;
}

/** The invoice's mention of the exemption. */
export const EXPORT_EXEMPTION_MENTION =
  "Operación exenta de IVA: entrega de bienes expedidos con destino a Canarias, Ceuta o Melilla (artículo 21 de la Ley 37/1992, del Impuesto sobre el Valor Añadido). Pueden corresponder al destinatario el IGIC o el IPSI y los gastos de aduana.";
