import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userFavorites } from "~/db/schema";
import {
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PASSWORD,
  DEMO_FAVORITES,
  DEMO_PRODUCTS,
  type DemoProduct,
} from "~/db/seed/demo-data";
import { openDatabase } from "~/db/client.server";
import { BrowserClient } from "../helpers/browser-client";
import { startServer, type TestServer } from "../helpers/server";

// The seed inserts DEMO_PRODUCTS in order: the product at index i has id i + 1.
const idOf = (product: DemoProduct) => String(DEMO_PRODUCTS.indexOf(product) + 1);
const notYetFavorite = DEMO_PRODUCTS.filter(
  (p) => !p.hidden && !DEMO_FAVORITES.some((f) => f.product === p.name),
);
const PRODUCT = notYetFavorite[0]!;
const VISITOR_PRODUCT = notYetFavorite[1]!;
const HIDDEN = DEMO_PRODUCTS.find((p) => p.hidden)!;

const SIGN_IN = "Debes iniciar sesión para añadir a favoritos.";
const FAILED = "No se pudo actualizar el estado de favorito.";

let server: TestServer;
let visitor: BrowserClient;
let customer: BrowserClient;
beforeAll(async () => {
  server = await startServer({ seed: true });
  visitor = new BrowserClient(server.url);
  customer = new BrowserClient(server.url);
  const login = await customer.post("/login", {
    email: DEMO_CUSTOMER_EMAIL,
    password: DEMO_CUSTOMER_PASSWORD,
  });
  expect(login.status).toBe(302);
});
afterAll(async () => {
  await server?.stop();
});

/** The product ids in the remove forms of /perfil/favoritos (one per favourite card). */
async function favoriteIds(client: BrowserClient) {
  const response = await client.get("/perfil/favoritos");
  expect(response.status).toBe(200);
  const html = await response.text();
  // The remove forms only (each card also has an add-to-cart form with a productId).
  return [
    ...html.matchAll(
      /name="intent" value="remove"\/><input type="hidden" name="productId" value="(\d+)"/g,
    ),
  ].map((m) => m[1]);
}

async function productPage(client: BrowserClient, product: DemoProduct) {
  const redirect = await client.get(`/productos/todos/x-${idOf(product)}`);
  expect(redirect.status).toBe(301);
  const response = await client.get(redirect.headers.get("Location")!);
  expect(response.status).toBe(200);
  return response.text();
}

describe("favourite toggle (POST /favoritos)", () => {
  it("refuses visitors with 401 and the Spanish message", async () => {
    const response = await visitor.post("/favoritos", {
      productId: idOf(VISITOR_PRODUCT),
      intent: "add",
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ ok: false, message: SIGN_IN });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("without JavaScript, sends the visitor to sign in and back, with the message", async () => {
    const response = await visitor.post("/favoritos", {
      productId: idOf(VISITOR_PRODUCT),
      intent: "add",
      redirectTo: "/productos/todos?page=2",
    });
    expect(response.status).toBe(302);
    const location = "/login?redirectTo=%2Fproductos%2Ftodos%3Fpage%3D2";
    expect(response.headers.get("Location")).toBe(location);
    const page = await (await visitor.get(location)).text();
    expect(page).toContain(SIGN_IN);
    expect(page).toContain('name="redirectTo" value="/productos/todos?page=2"');

    const offsite = await visitor.post("/favoritos", {
      productId: idOf(VISITOR_PRODUCT),
      intent: "add",
      redirectTo: "//malicioso.example/robar",
    });
    expect(offsite.headers.get("Location")).toBe("/login?redirectTo=%2F");
  });

  it("adds a product for a customer: it shows on /perfil/favoritos and as pressed on its page", async () => {
    expect(await favoriteIds(customer)).not.toContain(idOf(PRODUCT));
    expect(await productPage(customer, PRODUCT)).toMatch(
      /aria-pressed="false"[^>]*>.*?Añadir a favoritos/,
    );

    const response = await customer.post("/favoritos", { productId: idOf(PRODUCT), intent: "add" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      isFavorite: true,
      message: "Añadido a Favoritos",
    });
    expect(await favoriteIds(customer)).toContain(idOf(PRODUCT));
    expect(await productPage(customer, PRODUCT)).toMatch(
      /aria-pressed="true"[^>]*>.*?Quitar de favoritos/,
    );
  });

  it("keeps one favourite when the same product is added twice at once", async () => {
    const product = notYetFavorite[2]!;
    const responses = await Promise.all([
      customer.post("/favoritos", { productId: idOf(product), intent: "add" }),
      customer.post("/favoritos", { productId: idOf(product), intent: "add" }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const ids = await favoriteIds(customer);
    expect(ids.filter((id) => id === idOf(product))).toHaveLength(1);
    // Adding again later changes nothing either.
    await customer.post("/favoritos", { productId: idOf(product), intent: "add" });
    expect((await favoriteIds(customer)).filter((id) => id === idOf(product))).toHaveLength(1);
  });

  it("removes a favourite", async () => {
    const response = await customer.post("/favoritos", {
      productId: idOf(PRODUCT),
      intent: "remove",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      isFavorite: false,
      message: "Eliminado de Favoritos",
    });
    expect(await favoriteIds(customer)).not.toContain(idOf(PRODUCT));
  });

  it("without JavaScript, redirects the customer back with the success toast", async () => {
    const back = `/productos/todos/x-${idOf(PRODUCT)}`;
    const response = await customer.post("/favoritos", {
      productId: idOf(PRODUCT),
      intent: "add",
      redirectTo: back,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(back);
    expect(response.headers.getSetCookie().join()).toContain("tienda_toast=");
    expect(await favoriteIds(customer)).toContain(idOf(PRODUCT));
    await customer.post("/favoritos", { productId: idOf(PRODUCT), intent: "remove" });
  });

  it("refuses hidden and unknown products", async () => {
    for (const productId of [idOf(HIDDEN), "999999"]) {
      const response = await customer.post("/favoritos", { productId, intent: "add" });
      expect(response.status, productId).toBe(404);
      expect(await response.json()).toEqual({ ok: false, message: FAILED });
    }
    expect(await favoriteIds(customer)).not.toContain(idOf(HIDDEN));
  });

  it("answers 400 with the Spanish message to a bad product id or intent", async () => {
    const bad = [
      { productId: "abc", intent: "add" },
      { productId: "", intent: "add" },
      { productId: "0", intent: "add" },
      { productId: "-3", intent: "add" },
      { productId: "1.5", intent: "add" },
      { productId: "99999999999", intent: "add" },
      { productId: idOf(PRODUCT), intent: "toggle" },
      { intent: "add" },
    ];
    for (const fields of bad) {
      const response = await customer.post("/favoritos", fields as Record<string, string>);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.json()).toEqual({ ok: false, message: FAILED });
    }
  });

  it("refuses a cross-site post, and a GET only redirects", async () => {
    const response = await customer.post(
      "/favoritos",
      { productId: idOf(PRODUCT), intent: "add" },
      { Origin: "https://malicioso.example", "Sec-Fetch-Site": "cross-site" },
    );
    expect(response.status).toBe(403);
    const get = await customer.get("/favoritos");
    expect(get.status).toBe(302);
    expect(get.headers.get("Location")).toBe("/perfil/favoritos");
    expect(await favoriteIds(customer)).not.toContain(idOf(PRODUCT));
  });

  it("puts a heart on every product card", async () => {
    const page = await (await visitor.get("/productos/todos")).text();
    const cards = (page.match(/<article\b/g) ?? []).length;
    expect(cards).toBeGreaterThan(0);
    expect((page.match(/<form[^>]*action="\/favoritos"/g) ?? []).length).toBe(cards);
    expect((page.match(/aria-label="Añadir a favoritos"/g) ?? []).length).toBe(cards);
  });

  it("stored nothing for the visitor and exactly one row for the double add", async () => {
    await server.stop({ cleanup: false });
    const database = await openDatabase({
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl,
      DATABASE_POOL_MAX: 1,
    });
    try {
      const rowsFor = async (product: DemoProduct) =>
        database.db
          .select()
          .from(userFavorites)
          .where(eq(userFavorites.productId, Number(idOf(product))));
      expect(await rowsFor(VISITOR_PRODUCT)).toHaveLength(0);
      expect(await rowsFor(notYetFavorite[2]!)).toHaveLength(1);
      expect(await rowsFor(HIDDEN)).toHaveLength(0);
    } finally {
      await database.close();
    }
    server = await server.restart();
  });
});
