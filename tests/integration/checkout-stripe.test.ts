/**
 * The checkout against a local server that plays Stripe's Checkout Sessions API (create and
 * expire; STRIPE_API_HOST/PORT/PROTOCOL point the SDK at it): an attempt replaced by a newer one
 * from the same cart while its session was still being created is not left payable, and a
 * replaced attempt paid late closes the newer one's payment page.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PRODUCTS } from "~/db/seed/demo-data";
import { CHECKOUT_MESSAGES } from "~/modules/orders/checkout-schema";
import { BrowserClient } from "../helpers/browser-client";
import { MADRID_ADDRESS, shownTotal } from "../helpers/checkout";
import { unescapeHtml } from "../helpers/html";
import { postPaidEvent, stripeApiEnv, TEST_WEBHOOK_SECRET } from "../helpers/payments";
import { startServer, type TestServer } from "../helpers/server";

/**
 * Stripe's sessions endpoints as far as the checkout uses them. `holdNext()` keeps the answer
 * to the next session creation until `release()`: the shop is then between the placement's
 * commit and storing the session's id.
 */
function fakeSessions() {
  const created: string[] = [];
  const expired: string[] = [];
  let holding = false;
  let held: (() => void) | null = null;
  let arrived: () => void = () => undefined;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.setHeader("Content-Type", "application/json");
      res.setHeader("Stripe-Should-Retry", "false");
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(req.url ?? "");
      if (req.method === "POST" && expire) {
        expired.push(expire[1]!);
        res.end(JSON.stringify({ id: expire[1], object: "checkout.session", status: "expired" }));
        return;
      }
      if (req.method !== "POST" || req.url !== "/v1/checkout/sessions") {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "Unknown" } }));
        return;
      }
      const id = `cs_test_fake_${created.length + 1}`;
      created.push(id);
      const answer = () =>
        res.end(
          JSON.stringify({
            id,
            object: "checkout.session",
            status: "open",
            url: `https://checkout.stripe.test/c/pay/${id}`,
          }),
        );
      if (!holding) return answer();
      holding = false;
      held = answer;
      arrived();
    });
  });
  return {
    server,
    created,
    expired,
    /** Holds the next creation's answer; resolves once that request has arrived. */
    holdNext() {
      holding = true;
      return new Promise<void>((resolve) => (arrived = resolve));
    },
    release() {
      held?.();
      held = null;
    },
  };
}

const fake = fakeSessions();
let server: TestServer;

beforeAll(async () => {
  server = await startServer({
    seed: true,
    env: await stripeApiEnv(fake.server, TEST_WEBHOOK_SECRET),
  });
});
afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => fake.server.close(resolve));
});

/** A visitor with a product in the cart, and the checkout form they would send for `email`. */
async function buyerAtCheckout(email: string) {
  const index = DEMO_PRODUCTS.findIndex((p) => !p.hidden && p.stock >= 5);
  const buyer = new BrowserClient(server.url);
  await buyer.post("/carrito", { intent: "add", productId: String(index + 1) });
  const shown = await shownTotal(buyer, MADRID_ADDRESS.postalCode);
  return { buyer, fields: { ...MADRID_ADDRESS, email, shownTotalCents: shown! } };
}

describe("two placements from one cart, the first still creating its Stripe session", () => {
  it("the first one's session is expired and its tab says so; the second one pays", async () => {
    const { buyer, fields } = await buyerAtCheckout("dos.pestanas@ejemplo.es");

    const creating = fake.holdNext();
    const first = buyer.post("/checkout", fields);
    // The first attempt's order is placed; its session is being created when the second comes.
    await creating;
    const second = await buyer.post("/checkout", fields);
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe(
      `https://checkout.stripe.test/c/pay/${fake.created[1]}`,
    );
    fake.release();
    const replaced = await first;

    expect(fake.created).toHaveLength(2);
    // Nobody can pay the replaced attempt: its session is expired, and its tab is not sent there.
    expect(fake.expired).toEqual([fake.created[0]]);
    expect(replaced.status).toBe(409);
    expect(unescapeHtml(await replaced.text())).toContain(CHECKOUT_MESSAGES.replaced.description);
  });
});

describe("a replaced attempt paid late", () => {
  it("cancels the cart's newer attempt and expires its session, so that it is not paid too", async () => {
    const { buyer, fields } = await buyerAtCheckout("pago.tardio@ejemplo.es");
    const sessionOf = (placed: Response) => placed.headers.get("Location")!.split("/").at(-1)!;

    const first = await buyer.post("/checkout", fields);
    const second = await buyer.post("/checkout", fields);
    expect([first.status, second.status]).toEqual([302, 302]);
    // Placing the second closed the first one's page.
    expect(fake.expired).toContain(sessionOf(first));
    expect(fake.expired).not.toContain(sessionOf(second));

    const late = await postPaidEvent(server.url, sessionOf(first), Number(fields.shownTotalCents));
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({ handling: "handled" });
    expect(fake.expired).toContain(sessionOf(second));
  });
});
