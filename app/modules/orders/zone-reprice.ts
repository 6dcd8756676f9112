/**
 * The checkout's summary follows the postal code: once five digits name another zone, the page
 * asks its loader again with `?cp=` (no script of its own: React Router's navigation, ADR 0007).
 * Without JavaScript the posted total guards the price instead (see zone-checkout.ts).
 */
import type { FormEvent } from "react";
import { useSearchParams } from "react-router";
import { zoneOfPostalCode, type ShippingZone } from "~/modules/settings";

const POSTAL_CODE = /^\d{5}$/;

/** A `?cp=` value as a postal code (five digits), or null. */
export function postalCodeParam(value: string | null): string | null {
  const code = value?.trim() ?? "";
  return POSTAL_CODE.test(code) ? code : null;
}

/** The form's `onChange`: reprices the summary when the postal code moves to another zone. */
export function useZoneReprice(shownZone: ShippingZone, zoneKnown: boolean) {
  const [, setSearchParams] = useSearchParams();
  return (event: FormEvent<HTMLFormElement>) => {
    const input = event.target as EventTarget & { name?: string; value?: string };
    if (input.name !== "postalCode") return;
    const code = postalCodeParam(input.value ?? null);
    if (!code || (zoneKnown && zoneOfPostalCode(code) === shownZone)) return;
    setSearchParams({ cp: code }, { replace: true, preventScrollReset: true });
  };
}
