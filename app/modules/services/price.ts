import { SERVICE_PRICE_TYPE_LABELS } from "~/lib/constants";
import { formatCents } from "~/lib/money";

/** "79,00 € por servicio", "25,00 € por hora", "89,00 € al mes", or "Precio a consultar". */
export function servicePriceLabel(service: {
  priceCents: number | null;
  priceType: keyof typeof SERVICE_PRICE_TYPE_LABELS;
}): string {
  return service.priceCents === null
    ? "Precio a consultar"
    : `${formatCents(service.priceCents)} ${SERVICE_PRICE_TYPE_LABELS[service.priceType]}`;
}
