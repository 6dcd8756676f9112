/**
 * Checking out as the page does: it posts the total it showed (the TRLGDCU art. 97 guard),
 * read here from the page for the posted postal code.
 */
import type { BrowserClient } from "./browser-client";

/** The total /checkout shows (its hidden `shownTotalCents`) for a postal code; null: no form. */
export async function shownTotal(client: BrowserClient, postalCode?: string) {
  const response = await client.get(`/checkout${postalCode ? `?cp=${postalCode}` : ""}`);
  const html = await response.text();
  return /name="shownTotalCents" value="(\d+)"/.exec(html)?.[1] ?? null;
}

/**
 * POST /checkout like a browser that showed the page for the typed postal code first (`fields`
 * may set `shownTotalCents` itself, to post a stale total).
 */
export async function postCheckout(client: BrowserClient, fields: Record<string, string>) {
  const shown = await shownTotal(client, fields.postalCode);
  return client.post("/checkout", {
    ...(shown === null ? {} : { shownTotalCents: shown }),
    ...fields,
  });
}
