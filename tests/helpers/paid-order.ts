import { expect } from "vitest";
import { DEMO_PRODUCTS } from "~/db/seed/demo-data";
import { BrowserClient } from "./browser-client";
import { postCheckout } from "./checkout";
import { textOf } from "./html";

export const BUYER = {
  fullName: "Marta Gil",
  email: "marta@ejemplo.es",
  phone: "600 111 222",
  addressLine1: "Calle Mayor 5",
  addressLine2: "",
  postalCode: "28013",
  city: "Madrid",
  province: "28",
};
// The seed inserts DEMO_PRODUCTS in order: the product at index i has id i + 1.
const productId = String(DEMO_PRODUCTS.findIndex((p) => !p.hidden && p.stock >= 20) + 1);

/** Places and pays an order as a visitor; returns its number. */
export async function placePaidOrder(baseUrl: string) {
  const visitor = new BrowserClient(baseUrl);
  expect((await visitor.post("/carrito", { intent: "add", productId })).status).toBe(200);
  const placed = await postCheckout(visitor, BUYER);
  expect(placed.status).toBe(302);
  const paymentUrl = placed.headers.get("Location")!;
  const html = await (await visitor.get(paymentUrl)).text();
  const number = /Pedido (P-\d{4}-[A-Z0-9]{6})/.exec(textOf(html))![1]!;
  const session = new URL(paymentUrl, baseUrl).searchParams.get("session")!;
  expect((await visitor.post(paymentUrl, { session, intent: "pay" })).status).toBe(302);
  return number;
}
