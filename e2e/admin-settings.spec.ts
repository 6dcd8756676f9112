import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO_PRODUCTS } from "../app/db/seed/demo-data";
import { startServer, type TestServer } from "../tests/helpers/server";
import { ADMIN } from "./admin-fixtures";
import { expectNoSeriousViolations, submitLogin } from "./helpers";

/*
 * /admin/configuracion end to end: the admin renames the shop and changes the shipping rate and
 * sees both in the storefront, then puts the shop in maintenance and a second (anonymous)
 * browser gets the maintenance page, until it is turned off.
 *
 * These settings change what every page shows (the name, shipping totals, maintenance), so this
 * spec runs against a shop of its own — the same production build on a fresh demo database —
 * rather than the shared e2e server, where it would break the specs running beside it. It
 * still puts every setting back as it found it.
 */

const PATH = "/admin/configuracion";
const PRODUCT = DEMO_PRODUCTS.find((p) => !p.hidden && p.stock >= 20)!;
const PRODUCT_ID = DEMO_PRODUCTS.indexOf(PRODUCT) + 1;

let server: TestServer;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({
    seed: true,
    env: { DEMO_IMAGE_CACHE_DIR: path.resolve(".tmp/demo-images"), LOG_REQUESTS: "false" },
  });
});
test.afterAll(async () => {
  await server?.stop();
});

async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  return context.newPage();
}

/** Axe on the current page, at desktop width and at a 375 px phone width. */
async function expectAccessibleAtBothWidths(page: Page) {
  await expectNoSeriousViolations(page);
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(page);
  await page.setViewportSize(desktop);
}

async function save(page: Page, button: string, toast: string) {
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("region", { name: /Notificaciones/ }).getByText(toast)).toBeVisible();
}

test("the admin renames the shop, changes shipping and opens and closes maintenance", async ({
  browser,
}) => {
  const admin = await newPage(browser);
  await admin.goto(`/login?redirectTo=${encodeURIComponent(PATH)}`);
  await submitLogin(admin, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole("heading", { level: 1, name: "Configuración" })).toBeVisible();
  await expect(admin).toHaveTitle("Configuración · Administración · Tienda");
  await expectAccessibleAtBothWidths(admin);

  // What it found, to put back at the end.
  const siteName = admin.getByLabel("Nombre del sitio");
  // Shipping: the Península's zone (one of five, each with the same fields).
  const peninsula = admin.getByRole("group", { name: "Península" });
  const flatRate = peninsula.getByLabel("Coste de envío por pedido (€, IVA incluido)");
  const freeFrom = peninsula.getByLabel("Envío gratis a partir de (€)");
  const found = {
    siteName: await siteName.inputValue(),
    flatRate: await flatRate.inputValue(),
    freeFrom: await freeFrom.inputValue(),
  };
  expect(found).toEqual({ siteName: "Tienda", flatRate: "4,95", freeFrom: "50,00" });

  // A bad amount: a Spanish message, nothing saved.
  await flatRate.fill("tres euros");
  await admin.getByRole("button", { name: "Guardar envíos" }).click();
  await expect(
    admin.getByText("El coste de envío no es un importe válido (por ejemplo, 4,95)."),
  ).toBeVisible();

  await siteName.fill("Bazar de Prueba");
  await save(admin, "Guardar configuración general", "Configuración general guardada.");
  await flatRate.fill("3,25");
  await freeFrom.fill("");
  await save(admin, "Guardar envíos", "Envíos guardados.");
  await expect(flatRate).toHaveValue("3,25");
  await expect(freeFrom).toHaveValue("");

  // The storefront: the name in the header and the title, the rate at checkout.
  await admin.goto(`/productos/todos/x-${PRODUCT_ID}`);
  await expect(
    admin.getByRole("banner").getByRole("link", { name: "Bazar de Prueba" }),
  ).toBeVisible();
  await expect(admin).toHaveTitle(`${PRODUCT.name} · Bazar de Prueba`);
  await admin.getByRole("button", { name: "Añadir al carrito" }).click();
  await expect(admin.getByText("Añadido al carrito").first()).toBeVisible();
  await admin.goto("/checkout");
  const summary = admin.getByRole("complementary", { name: "Resumen" });
  await expect(summary.getByRole("definition").nth(1)).toHaveText(/^3,25\s€$/);

  // A visitor already on the shop when maintenance starts.
  const early = await newPage(browser);
  await early.goto("/");
  await expect(early.getByRole("heading", { level: 1 })).toBeVisible();

  // Maintenance on: the admin keeps browsing, with the banner.
  await admin.goto(PATH);
  await admin.getByRole("switch", { name: "Modo mantenimiento" }).check();
  await save(admin, "Guardar modo mantenimiento", "Modo mantenimiento activado");
  await expect(admin.getByText("La tienda está en modo mantenimiento.")).toBeVisible();
  await admin.goto("/");
  await expect(admin.getByText("La tienda está en modo mantenimiento.")).toBeVisible();
  await expect(
    admin.getByRole("banner").getByRole("link", { name: "Bazar de Prueba" }),
  ).toBeVisible();

  // The visitor's next click (a client-side navigation) lands on the maintenance page.
  await early.getByRole("contentinfo").getByRole("link", { name: "Aviso Legal" }).click();
  await expect(
    early.getByRole("heading", { level: 1, name: "Estamos en mantenimiento" }),
  ).toBeVisible();

  // A second, anonymous browser gets the maintenance page.
  const visitor = await newPage(browser);
  const closed = await visitor.goto("/productos");
  expect(closed!.status()).toBe(503);
  expect(closed!.headers()["retry-after"]).toBe("600");
  await expect(
    visitor.getByRole("heading", { level: 1, name: "Estamos en mantenimiento" }),
  ).toBeVisible();
  await expect(visitor).toHaveTitle("En mantenimiento · Bazar de Prueba");
  await expectAccessibleAtBothWidths(visitor);
  // Sign-in stays reachable from it.
  await visitor.getByRole("link", { name: "Inicia sesión" }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();

  // Off again: the visitor's next page is the shop.
  await admin.goto(PATH);
  await admin.getByRole("switch", { name: "Modo mantenimiento" }).uncheck();
  await save(admin, "Guardar modo mantenimiento", "Modo mantenimiento desactivado");
  await expect(admin.getByText("La tienda está en modo mantenimiento.")).toBeHidden();
  const open = await visitor.goto("/productos");
  expect(open!.status()).toBe(200);
  await expect(
    visitor.getByRole("heading", { level: 1, name: "Nuestros Productos" }),
  ).toBeVisible();

  // Everything back as it was found.
  await siteName.fill(found.siteName);
  await save(admin, "Guardar configuración general", "Configuración general guardada.");
  await flatRate.fill(found.flatRate);
  await freeFrom.fill(found.freeFrom);
  await save(admin, "Guardar envíos", "Envíos guardados.");
  await expect(flatRate).toHaveValue("4,95");
  await expect(freeFrom).toHaveValue("50,00");
  await visitor.goto("/");
  await expect(visitor.getByRole("banner").getByRole("img", { name: "Tienda" })).toBeVisible();
});
