import {
  localTaxesNotice,
  SHIPPING_ZONE_LABELS,
  isVatExemptZone,
  VAT_EXEMPT_TEXT,
  type ShippingZone,
} from "~/modules/settings";
import { formatCents } from "~/lib/money";

/* The summary's zone: which zone its figures are for, its IVA line and the local-taxes notice. */

/** «IVA incluido» with its amount, or the exemption outside the VAT territory. */
export function SummaryTaxRow({ zone, vatCents }: { zone: ShippingZone; vatCents: number }) {
  if (isVatExemptZone(zone)) {
    return (
      <div className="text-slate-600">
        <dt>{VAT_EXEMPT_TEXT}</dt>
      </div>
    );
  }
  return (
    <div className="flex justify-between text-slate-600">
      <dt>IVA incluido</dt>
      <dd>{formatCents(vatCents)}</dd>
    </div>
  );
}

/**
 * Which zone the figures are for. Before a postal code is known they are the Península's, and
 * the note says the islands, Ceuta and Melilla are priced from the postal code.
 */
export function ZoneSummaryNote({
  zone,
  zoneKnown,
  enabled,
}: {
  zone: ShippingZone;
  zoneKnown: boolean;
  enabled: boolean;
}) {
  const notice = localTaxesNotice(zone);
  return (
    <div className="mt-3 space-y-2 text-sm" aria-live="polite">
      <p className="text-slate-700">
        {zoneKnown ? (
          <>
            Envío a <strong>{SHIPPING_ZONE_LABELS[zone]}</strong> (según el código postal).
          </>
        ) : (
          <>
            Precios y envío para la <strong>Península</strong>. Para Baleares, Canarias, Ceuta y
            Melilla se calculan con el código postal de la dirección de envío.
          </>
        )}
      </p>
      {!enabled ? (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-red-800">
          {`Ahora no hacemos envíos a ${SHIPPING_ZONE_LABELS[zone]}.`}
        </p>
      ) : null}
      {notice ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 p-2 text-amber-900">
          {notice}
        </p>
      ) : null}
    </div>
  );
}
