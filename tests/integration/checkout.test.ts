import Stripe from "stripe";
import { postCheckout, shownTotal } from "../helpers/checkout";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PASSWORD,
  DEMO_PRODUCTS,
  type DemoProduct,
} from "~/db/seed/demo-data";
import { BrowserClient } from "../helpers/browser-client";
import { postPaidEvent } from "../helpers/payments";
import { textOf } from "../helpers/html";
import { readOutbox, waitForMail } from "../helpers/mail";
import { startServer, type TestServer } from "../helpers/server";
import { signedIn } from "../helpers/sessions";

// The seed inserts DEMO_PRODUCTS in order: the product at index i has id i + 1.
const idOf = (product: DemoProduct) => String(DEMO_PRODUCTS.indexOf(product) + 1);
const visible = DEMO_PRODUCTS.filter((p) => !p.hidden && p.stock >= 5);
const FULL_PRICE = visible.find((p) => p.salePriceCents === undefined && p.priceCents < 2000)!;
const ON_SALE = visible.find((p) => p.salePriceCents !== undefined && p.salePriceCents < 20000)!;
const LAST_UNIT = DEMO_PRODUCTS.find((p) => !p.hidden && p.stock === 1)!;
const HIDDEN = DEMO_PRODUCTS.find((p) => p.hidden)!;
const CART_COOKIE = "tienda_cart";

const ADDRESS = {
  fullName: "Lucía Martín",
  email: "lucia@ejemplo.es",
  phone: "600 123 123",
  addressLine1: "Calle de Alcalá 10",
  addressLine2: "3º B",
  postalCode: "28014",
  city: "Madrid",
  province: "28",
};

const euros = (cents: number) =>
  new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR", useGrouping: "always" })
    .format(cents / 100)
    .replace(/\u00a0/g, " ");

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ seed: true });
});
afterAll(async () => {
  await server?.stop();
});

async function page(client: BrowserClient, path: string) {
  const response = await client.get(path);
  expect(response.status).toBe(200);
  return { response, html: await response.text() };
}

function cartLabel(html: string) {
  return /aria-label="(Carrito[^"]*)"/.exec(html)?.[1];
}

describe("cart", () => {
  it("a visitor's first add sets an httpOnly cart cookie; their pages are no longer shareable", async () => {
    const visitor = new BrowserClient(server.url);
    const before = await page(visitor, "/productos");
    expect(before.response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(cartLabel(before.html)).toBe("Carrito, vacío");

    // Without JavaScript: a plain form post, then back to the page with the toast.
    const added = await visitor.post("/carrito", {
      intent: "add",
      productId: idOf(FULL_PRICE),
      quantity: "2",
      redirectTo: "/productos",
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/productos");
    const cookie = added.headers.getSetCookie().find((c) => c.startsWith(`${CART_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/^tienda_cart=[A-Za-z0-9_-]{43};/);

    const after = await page(visitor, "/productos");
    expect(after.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(cartLabel(after.html)).toBe("Carrito, 2 productos");
    expect(textOf(after.html)).toContain("Añadido al carrito");

    // A cartless visitor still gets the shareable page.
    const other = await page(new BrowserClient(server.url), "/productos");
    expect(other.response.headers.get("Cache-Control")).toBe("public, max-age=300");
  });

  it("with JavaScript the answer is JSON; the stock limits the quantity; hidden products can't be added", async () => {
    const visitor = new BrowserClient(server.url);
    const ok = await visitor.post("/carrito", { intent: "add", productId: idOf(LAST_UNIT) });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, message: "Añadido al carrito" });
    const more = await visitor.post("/carrito", { intent: "add", productId: idOf(LAST_UNIT) });
    expect(more.status).toBe(409);
    expect(await more.json()).toEqual({
      ok: false,
      message: `Solo queda 1 unidad de «${LAST_UNIT.name}» y ya tienes 1 en el carrito.`,
    });
    const hidden = await visitor.post("/carrito", { intent: "add", productId: idOf(HIDDEN) });
    expect(hidden.status).toBe(409);
    expect(await hidden.json()).toEqual({
      ok: false,
      message: "Este producto ya no está disponible.",
    });
    expect(cartLabel((await page(visitor, "/")).html)).toBe("Carrito, 1 producto");
  });

  it("the visitor's cart joins the account's at sign-in and the cookie is cleared", async () => {
    const visitor = new BrowserClient(server.url);
    await visitor.post("/carrito", { intent: "add", productId: idOf(ON_SALE) });
    expect(visitor.cookies.has(CART_COOKIE)).toBe(true);
    const login = await visitor.post("/login", {
      email: DEMO_CUSTOMER_EMAIL,
      password: DEMO_CUSTOMER_PASSWORD,
    });
    expect(login.status).toBe(302);
    const { html } = await page(visitor, "/");
    expect(visitor.cookies.has(CART_COOKIE)).toBe(false);
    expect(cartLabel(html)).toBe("Carrito, 1 producto");
    const checkout = await page(visitor, "/checkout");
    expect(textOf(checkout.html)).toContain(ON_SALE.name);
    // Prefilled for the signed-in customer.
    expect(checkout.html).toContain(`value="${DEMO_CUSTOMER_EMAIL}"`);
  });
});

describe("checkout and the test payment", () => {
  it("validates the address: the postal code must belong to the province", async () => {
    const visitor = new BrowserClient(server.url);
    await visitor.post("/carrito", { intent: "add", productId: idOf(FULL_PRICE) });
    const response = await postCheckout(visitor, { ...ADDRESS, postalCode: "08001" });
    expect(response.status).toBe(400);
    const text = textOf(await response.text());
    expect(text).toContain("El código postal no corresponde a la provincia elegida.");
    // Nothing lost: the form keeps what was typed.
    expect(text).toContain(ADDRESS.fullName);
  });

  it("an empty cart can't be paid", async () => {
    const visitor = new BrowserClient(server.url);
    const empty = await page(visitor, "/checkout");
    expect(textOf(empty.html)).toContain("Tu carrito está vacío");
    expect(empty.html).toContain('href="/productos"');
    // As from a page left open in another tab before the cart was emptied (it showed a total).
    const response = await postCheckout(visitor, { ...ADDRESS, shownTotalCents: "1495" });
    expect(response.status).toBe(409);
    expect(textOf(await response.text())).toContain("Carrito Vacío o Productos No Configurados");
  });

  it("buys two products: server totals (a tampered price changes nothing), test payment, confirmation, e-mail, empty cart", async () => {
    const visitor = new BrowserClient(server.url);
    await visitor.post("/carrito", { intent: "add", productId: idOf(FULL_PRICE), quantity: "2" });
    await visitor.post("/carrito", { intent: "add", productId: idOf(ON_SALE) });
    const subtotal = FULL_PRICE.priceCents * 2 + ON_SALE.salePriceCents!;
    const shipping = subtotal >= 5000 ? 0 : 495;
    const total = subtotal + shipping;

    const checkout = textOf((await page(visitor, "/checkout")).html);
    expect(checkout).toContain(FULL_PRICE.name);
    expect(checkout).toContain(ON_SALE.name);
    expect(checkout).toContain(`Total ${euros(total)}`);
    expect(checkout).toContain("IVA incluido");

    const placed = await postCheckout(visitor, {
      ...ADDRESS,
      totalCents: "1",
      priceCents: "1",
      unitPriceCents: "1",
    });
    expect(placed.status).toBe(302);
    const paymentUrl = placed.headers.get("Location")!;
    expect(paymentUrl).toMatch(/^\/pago-de-prueba\?session=cs_prueba_/);

    const payment = await page(visitor, paymentUrl);
    const paymentText = textOf(payment.html);
    expect(paymentText).toContain("Modo de pruebas");
    expect(paymentText).toContain(`Total ${euros(total)}`);
    const number = /Pedido (P-\d{4}-[A-Z0-9]{6})/.exec(paymentText)![1]!;

    const session = new URL(paymentUrl, server.url).searchParams.get("session")!;
    const paid = await visitor.post(paymentUrl, { session, intent: "pay" });
    expect(paid.status).toBe(302);
    const confirmationUrl = paid.headers.get("Location")!;
    expect(confirmationUrl).toBe(`/pedido-confirmado?session_id=${encodeURIComponent(session)}`);
    const confirmation = await page(visitor, confirmationUrl);
    expect(confirmation.response.headers.get("Cache-Control")).toBe("private, no-store");
    const confirmationText = textOf(confirmation.html);
    expect(confirmationText).toContain("¡Pedido Confirmado!");
    expect(confirmationText).toContain(number);
    expect(confirmation.html).toContain('href="/pedidos"');
    expect(confirmation.html).toContain('href="/productos"');

    const mail = await waitForMail(() => readOutbox(server.dataDir), ADDRESS.email, /confirmado/);
    expect(mail.subject).toBe(`Pedido ${number} confirmado`);
    expect(mail.text).toContain(`2 × ${FULL_PRICE.name}`);
    expect(mail.text.replace(/\u00a0/g, " ")).toContain(`Total: ${euros(total)}`);

    // The cart was emptied, and paying again is refused (the page is no longer pending).
    expect(cartLabel((await page(visitor, "/")).html)).toBe("Carrito, vacío");
    const again = await page(visitor, paymentUrl);
    expect(textOf(again.html)).toContain("Este pago ya no está pendiente.");
  });

  it("a failed test payment cancels the order and keeps the cart, with 'Error en el Pago'", async () => {
    const visitor = new BrowserClient(server.url);
    await visitor.post("/carrito", { intent: "add", productId: idOf(FULL_PRICE) });
    const placed = await postCheckout(visitor, ADDRESS);
    const paymentUrl = placed.headers.get("Location")!;
    const session = new URL(paymentUrl, server.url).searchParams.get("session")!;
    const failed = await visitor.post(paymentUrl, { session, intent: "fail" });
    expect(failed.headers.get("Location")).toBe("/checkout");
    const { html } = await page(visitor, "/checkout");
    const checkout = textOf(html);
    expect(checkout).toContain("Error en el Pago");
    expect(checkout).toContain(FULL_PRICE.name);
    // What was typed is shown again: nothing to type twice.
    for (const [name, value] of Object.entries(ADDRESS).filter(([key]) => key !== "province")) {
      expect(html).toMatch(new RegExp(`<input[^>]*name="${name}"[^>]*value="${value}"`));
    }
    expect(html).toMatch(/<option value="28" selected=""/);
    // Another visitor's checkout shows none of it.
    const other = new BrowserClient(server.url);
    await other.post("/carrito", { intent: "add", productId: idOf(FULL_PRICE) });
    expect((await page(other, "/checkout")).html).not.toContain(ADDRESS.addressLine1);
    // Once the cart's order is paid, its next checkout starts afresh (a shared computer).
    const again = await postCheckout(visitor, ADDRESS);
    const againUrl = again.headers.get("Location")!;
    const againSession = new URL(againUrl, server.url).searchParams.get("session")!;
    expect((await visitor.post(againUrl, { session: againSession, intent: "pay" })).status).toBe(
      302,
    );
    await visitor.post("/carrito", { intent: "add", productId: idOf(FULL_PRICE) });
    const fresh = (await page(visitor, "/checkout")).html;
    expect(fresh).toContain(FULL_PRICE.name);
    expect(fresh).not.toContain(ADDRESS.addressLine1);
    const confirmation = textOf(
      (await page(visitor, `/pedido-confirmado?session_id=${session}`)).html,
    );
    expect(confirmation).toContain("El pago no se completó");
  });

  it("an unknown payment session is a Spanish 404", async () => {
    const response = await new BrowserClient(server.url).get(
      "/pedido-confirmado?session_id=cs_prueba_nope",
    );
    expect(response.status).toBe(404);
    expect(textOf(await response.text())).toContain("No encontramos ningún pedido con ese pago.");
  });
});

/** The JSON log lines the server printed since `from`. */
function logLines(target: TestServer, from = 0) {
  return target.output.slice(from).flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

describe("checkouts at once", () => {
  it("sharing products, every one is placed (on PostgreSQL two of them may deadlock: retried)", async () => {
    // Three products with stock to spare, in id order: carts [first, second] and [second,
    // third] lock them in opposite turns with the catalogue's version row (migration 0005).
    const roomy = visible
      .filter((p) => p.stock >= 30 && p !== FULL_PRICE && p !== ON_SALE)
      .sort((a, b) => DEMO_PRODUCTS.indexOf(a) - DEMO_PRODUCTS.indexOf(b));
    const [first, second, third] = roomy;
    expect(third).toBeDefined();
    for (let round = 0; round < 2; round += 1) {
      const carts = await Promise.all(
        Array.from({ length: 6 }, async (_, i) => {
          const client = new BrowserClient(server.url);
          for (const product of i % 2 === 0 ? [first!, second!] : [second!, third!]) {
            await client.post("/carrito", { intent: "add", productId: idOf(product) });
          }
          const shown = await shownTotal(client, ADDRESS.postalCode);
          return { client, shown: shown! };
        }),
      );
      const placed = await Promise.all(
        carts.map(({ client, shown }, i) =>
          client.post("/checkout", {
            ...ADDRESS,
            email: `a.la.vez.${round}.${i}@ejemplo.es`,
            shownTotalCents: shown,
          }),
        ),
      );
      expect(placed.map((r) => r.status)).toEqual([302, 302, 302, 302, 302, 302]);
    }
  });
});

describe("unpaid orders from one address (ADR 0043)", () => {
  it("hold stock three at a time: a fourth is refused in Spanish and places nothing; the same cart again, another address, or paying one goes through", async () => {
    const email = "retenciones@ejemplo.es";
    const first = new BrowserClient(server.url);
    // Four browsers behind one address, each with a cart of its own.
    const browsers = [first, ...[1, 2, 3].map(() => new BrowserClient(server.url, first.ip))];
    for (const browser of browsers) {
      expect(
        (await browser.post("/carrito", { intent: "add", productId: idOf(FULL_PRICE) })).ok,
      ).toBe(true);
    }
    const admin = await signedIn(server.url, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    const placedFor = async () => {
      const list = await admin.get(`/admin/pedidos?q=${encodeURIComponent(email)}`);
      return new Set((await list.text()).match(/P-\d{4}-[A-Z0-9]{6}/g) ?? []).size;
    };
    const held = [];
    for (const browser of browsers.slice(0, 3)) {
      const placed = await postCheckout(browser, { ...ADDRESS, email });
      expect(placed.status).toBe(302);
      held.push(placed.headers.get("Location")!);
    }

    const fourth = browsers[3]!;
    const refused = await postCheckout(fourth, { ...ADDRESS, email });
    expect(refused.status).toBe(429);
    const message = textOf(await refused.text());
    expect(message).toContain("Demasiados pedidos sin pagar");
    expect(message).toContain(
      "Ya hay 3 pedidos sin pagar hechos desde esta conexión, y cada uno reserva sus productos durante 35 minutos. Paga alguno de ellos o espera a que caduquen para hacer otro pedido.",
    );
    expect(await placedFor()).toBe(3);
    // The cart is kept, with its product.
    expect(textOf((await page(fourth, "/checkout")).html)).toContain(FULL_PRICE.name);

    // The first cart placing again replaces its own attempt (cancelled): still three unpaid.
    const again = await postCheckout(first, { ...ADDRESS, email });
    expect(again.status).toBe(302);
    held[0] = again.headers.get("Location")!;
    expect(await placedFor()).toBe(4);
    // Another address has its own three.
    const elsewhere = new BrowserClient(server.url);
    await elsewhere.post("/carrito", { intent: "add", productId: idOf(FULL_PRICE) });
    expect((await postCheckout(elsewhere, { ...ADDRESS, email })).status).toBe(302);

    // Once one is paid it holds nothing unpaid: the fourth browser may order.
    const session = new URL(held[0]!, server.url).searchParams.get("session")!;
    expect((await first.post(held[0]!, { session, intent: "pay" })).status).toBe(302);
    expect((await postCheckout(fourth, { ...ADDRESS, email })).status).toBe(302);
  });
});

describe("webhook /pagos/webhook", () => {
  it("answers 400 to a bad signature and 405 to GET; each refusal is one warn line without what was sent", async () => {
    const from = server.output.length;
    const body = JSON.stringify({
      id: "evt_forged",
      type: "checkout.session.completed",
      data: { object: { id: "cs_prueba_x", payment_status: "paid" } },
    });
    const forged = await fetch(`${server.url}/pagos/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00" },
      body,
    });
    expect(forged.status).toBe(400);
    const unsigned = await fetch(`${server.url}/pagos/webhook`, { method: "POST", body });
    expect(unsigned.status).toBe(400);
    expect((await fetch(`${server.url}/pagos/webhook`)).status).toBe(405);
    const huge = await fetch(`${server.url}/pagos/webhook`, {
      method: "POST",
      headers: { "Stripe-Signature": "t=1,v1=00" },
      body: "x".repeat(600 * 1024),
    });
    expect(huge.status).toBe(413);
    // The unread rest of that body must not jam the connection for the next request.
    const next = await fetch(`${server.url}/pagos/webhook`, {
      signal: AbortSignal.timeout(10_000),
    });
    expect(next.status).toBe(405);

    const refusals = logLines(server, from).filter((l) => l.msg === "payment webhook refused");
    expect(refusals.map((l) => [l.level, l.reason])).toEqual([
      ["warn", "signature-mismatch"],
      ["warn", "missing-signature"],
    ]);
    // The oversized body is refused by the server's body cap before the route: its own line.
    const tooLarge = logLines(server, from).filter((l) => l.msg === "request refused");
    expect(tooLarge.map((l) => [l.level, l.status, l.path])).toEqual([
      ["warn", 413, "/pagos/webhook"],
    ]);
    expect(tooLarge[0]!.requestId).toBe(huge.headers.get("X-Request-Id"));
    // Each names its request (the id the response carried), never the header, body or secret.
    for (const line of refusals) expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(refusals[0]!.requestId).toBe(forged.headers.get("X-Request-Id"));
    const written = server.output.slice(from).join("\n");
    expect(written).not.toContain("v1=00");
    expect(written).not.toContain("evt_forged");
    expect(written).not.toContain("whsec_");
  });
});

describe("the webhook checks the paid amount and currency against the order", () => {
  /** A visitor's order of one unit of FULL_PRICE: its payment session, number and total. */
  async function placeOrder(email: string) {
    const visitor = new BrowserClient(server.url);
    await visitor.post("/carrito", { intent: "add", productId: idOf(FULL_PRICE) });
    const placed = await postCheckout(visitor, { ...ADDRESS, email });
    expect(placed.status).toBe(302);
    const paymentUrl = placed.headers.get("Location")!;
    const session = new URL(paymentUrl, server.url).searchParams.get("session")!;
    const text = textOf((await page(visitor, paymentUrl)).html);
    const number = /Pedido (P-\d{4}-[A-Z0-9]{6})/.exec(text)![1]!;
    const total = FULL_PRICE.priceCents + (FULL_PRICE.priceCents >= 5000 ? 0 : 495);
    expect(text).toContain(`Total ${euros(total)}`);
    return { visitor, session, number, total };
  }

  /** Stripe's checkout.session.completed for `session`, signed as Stripe signs it. */
  async function completed(session: string, amountTotal: number, currency: string) {
    const response = await postPaidEvent(server.url, session, amountTotal, currency);
    expect(response.status).toBe(200);
    return (await response.json()) as { handling: string };
  }

  it("another amount or currency: not paid, flagged for the admin, logged; the right one pays", async () => {
    const from = server.output.length;
    const short = await placeOrder("importe.corto@ejemplo.es");
    const dollars = await placeOrder("otra.moneda@ejemplo.es");
    const right = await placeOrder("importe.justo@ejemplo.es");

    expect(await completed(short.session, short.total - 100, "eur")).toEqual({
      received: true,
      handling: "review",
    });
    expect(await completed(dollars.session, dollars.total, "usd")).toEqual({
      received: true,
      handling: "review",
    });
    // Under review, even the right amount afterwards does not pay it: the admin decides.
    expect(await completed(short.session, short.total, "eur")).toEqual({
      received: true,
      handling: "no-change",
    });
    expect(await completed(right.session, right.total, "eur")).toEqual({
      received: true,
      handling: "handled",
    });

    // Paid: confirmation page and e-mail. Flagged: neither, and the cart keeps its line.
    const rightPage = textOf(
      (await page(right.visitor, `/pedido-confirmado?session_id=${right.session}`)).html,
    );
    expect(rightPage).toContain("¡Pedido Confirmado!");
    await waitForMail(() => readOutbox(server.dataDir), "importe.justo@ejemplo.es", /confirmado/);
    for (const flagged of [short, dollars]) {
      const confirmation = textOf(
        (await page(flagged.visitor, `/pedido-confirmado?session_id=${flagged.session}`)).html,
      );
      expect(confirmation).not.toContain("¡Pedido Confirmado!");
      expect(cartLabel((await page(flagged.visitor, "/")).html)).toBe("Carrito, 1 producto");
    }
    const mails = await readOutbox(server.dataDir);
    expect(mails.filter((m) => m.subject.includes(short.number))).toEqual([]);
    expect(mails.filter((m) => m.subject.includes(dollars.number))).toEqual([]);

    // One warn line each: order, expected and received amount and currency.
    const mismatches = logLines(server, from).filter((l) =>
      String(l.msg).startsWith("payment amount mismatch"),
    );
    expect(mismatches).toEqual([
      expect.objectContaining({
        level: "warn",
        orderNumber: short.number,
        expectedAmountCents: short.total,
        expectedCurrency: "eur",
        receivedAmountCents: short.total - 100,
        receivedCurrency: "eur",
      }),
      expect.objectContaining({
        level: "warn",
        orderNumber: dollars.number,
        expectedAmountCents: dollars.total,
        receivedAmountCents: dollars.total,
        receivedCurrency: "usd",
      }),
    ]);
    for (const line of mismatches) expect(line.orderId).toEqual(expect.any(Number));

    // The admin sees the flag on the list and on the order, with what arrived.
    const admin = await signedIn(server.url, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    const list = await admin.get(`/admin/pedidos?q=${encodeURIComponent(short.number)}`);
    expect(list.status).toBe(200);
    expect(textOf(await list.text())).toContain("Revisar: el importe pagado no coincide");
    const detail = textOf(await (await admin.get(`/admin/pedidos/${short.number}`)).text());
    expect(detail).toContain("Revisar: el importe pagado no coincide");
    expect(detail).toContain(
      `Importe pagado: ${euros(short.total - 100)}; importe del pedido: ${euros(short.total)}.`,
    );
    expect(detail).toContain("Pendiente de pago");
    const usd = textOf(await (await admin.get(`/admin/pedidos/${dollars.number}`)).text());
    expect(usd).toContain("USD");
    const paid = textOf(await (await admin.get(`/admin/pedidos/${right.number}`)).text());
    expect(paid).not.toContain("Revisar: el importe pagado no coincide");
  });

  it("test payments are announced at start-up and on the admin dashboard", async () => {
    const startup = logLines(server).find((l) => String(l.msg).startsWith("test payments active"));
    expect(startup).toMatchObject({ level: "warn", chosenBy: "PAYMENTS=test" });
    const admin = await signedIn(server.url, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    const dashboard = textOf(await (await admin.get("/admin/dashboard")).text());
    expect(dashboard).toContain("Pagos de prueba activos: los pedidos no se cobran.");
  });
});

describe("with a Stripe key", () => {
  let stripeServer: TestServer;
  const secret = "whsec_integrationtestsecret";
  beforeAll(async () => {
    stripeServer = await startServer({
      seed: true,
      env: {
        STRIPE_SECRET_KEY: "sk_test_integration",
        STRIPE_WEBHOOK_SECRET: secret,
        // Real payments make the admin's second factor mandatory by default; these tests are
        // about payments (two-factor.test.ts covers the second factor).
        ADMIN_REQUIRE_2FA: "false",
      },
    });
  });
  afterAll(async () => {
    await stripeServer?.stop();
  });

  it("no test-payment warning at start-up nor on the dashboard", async () => {
    expect(
      logLines(stripeServer).some((l) => String(l.msg).startsWith("test payments active")),
    ).toBe(false);
    const admin = await signedIn(stripeServer.url, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    const dashboard = textOf(await (await admin.get("/admin/dashboard")).text());
    expect(dashboard).toContain("Panel de control");
    expect(dashboard).not.toContain("Pagos de prueba activos");
  });

  it("the test payment page does not exist", async () => {
    const response = await new BrowserClient(stripeServer.url).get(
      "/pago-de-prueba?session=cs_prueba_anything",
    );
    expect(response.status).toBe(404);
  });

  it("'Error de Stripe' when Stripe can't be reached or refuses: the order is cancelled and its stock released", async () => {
    // The key is not a real one (and the test network may be closed): Stripe answers an error.
    for (const attempt of [1, 2]) {
      const visitor = new BrowserClient(stripeServer.url);
      await visitor.post("/carrito", { intent: "add", productId: idOf(LAST_UNIT) });
      const response = await postCheckout(visitor, ADDRESS);
      // A service the order needs refused: `unavailable`, the pipeline's 500 (it was a 409).
      expect(response.status, `attempt ${attempt}`).toBe(500);
      const text = textOf(await response.text());
      // The second visitor gets the same answer, not 'Sin stock suficiente': the unit came back.
      expect(text, `attempt ${attempt}`).toContain("Error de Stripe");
      expect(text).toContain("No se pudo cargar Stripe.");
    }
    // The failure is logged, never the secrets.
    const log = stripeServer.output.join("\n");
    expect(log).toContain("payment session not created");
    expect(log).not.toContain("sk_test_integration");
    expect(log).not.toContain(secret);
  });

  it("the webhook verifies Stripe's signature with STRIPE_WEBHOOK_SECRET", async () => {
    const payload = JSON.stringify({
      id: "evt_unknown_session",
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: { id: "cs_test_unknown", object: "checkout.session", payment_status: "paid" },
      },
    });
    const stripe = new Stripe("sk_test_offline");
    const post = (signature: string) =>
      fetch(`${stripeServer.url}/pagos/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: payload,
      });
    const good = await post(stripe.webhooks.generateTestHeaderString({ payload, secret }));
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ received: true, handling: "unknown-order" });
    const wrong = await post(
      stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someoneelse" }),
    );
    expect(wrong.status).toBe(400);
  });
});
