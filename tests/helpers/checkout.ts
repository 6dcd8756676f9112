/**
 * Checking out as the page does: it posts the total it showed (the TRLGDCU art. 97 guard),
 * read here from the page for the posted postal code.
 */
import { BrowserClient } from "./browser-client";
import { textOf } from "./html";

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

/** A delivery address in Madrid, as the checkout form posts it. */
export const MADRID_ADDRESS = {
  fullName: "Lucía Martín",
  phone: "600 123 123",
  addressLine1: "Calle de Alcalá 10",
  postalCode: "28014",
  city: "Madrid",
  province: "28",
};

/** A company's «datos de facturación» in Valencia, as the checkout and invoice forms post them. */
export const VALENCIA_BILLING = {
  billingName: "Ferretería Ejemplo S.L.",
  billingTaxId: "B64717838",
  billingStreet: "Calle del Prado 5",
  billingPostalCode: "46001",
  billingCity: "Valencia",
  billingProvince: "46",
};

/**
 * A visitor's order of one unit of `productId` (or of what the cart's `add` fields name, such
 * as a marketplace item), placed through /carrito and /checkout and waiting for its payment on
 * the built-in test payment page.
 */
export async function placeOrder(
  serverUrl: string,
  productId: string | Record<string, string>,
  fields: Record<string, string>,
) {
  const visitor = new BrowserClient(serverUrl);
  await visitor.post(
    "/carrito",
    typeof productId === "string" ? { intent: "add", productId } : productId,
  );
  const placed = await postCheckout(visitor, fields);
  if (placed.status !== 302) throw new Error(`checkout answered ${placed.status}`);
  const paymentUrl = placed.headers.get("Location")!;
  const session = new URL(paymentUrl, serverUrl).searchParams.get("session")!;
  const page = textOf(await (await visitor.get(paymentUrl)).text());
  const number = /Pedido (P-\d{4}-[A-Z0-9]{6})/.exec(page)![1]!;
  return { visitor, paymentUrl, session, number };
}

/** Pays a placed order on the test payment page, as the customer does. */
export async function payOrder(order: Awaited<ReturnType<typeof placeOrder>>) {
  const paid = await order.visitor.post(order.paymentUrl, {
    session: order.session,
    intent: "pay",
  });
  if (paid.status !== 302) throw new Error(`the test payment page answered ${paid.status}`);
}
