import { expect, test } from "@playwright/test";
import { registerCustomer, submitLogin } from "./helpers";

// Anonymous pages come from the shared page cache as the same bytes for everyone, with their
// inline scripts allowed by hash (server/script-hashes.ts): the browser must still run them.
test("a page from the shared cache runs its scripts and hydrates @mobile", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  // One address per project: the other project's run must not have kept it already.
  const path = `/productos/todos?prueba=cache-csp-${test.info().project.name}`;
  // The first request renders the page and keeps it.
  expect((await page.request.get(path)).headers()["server-timing"]).toContain("render;dur=");
  const response = await page.goto(path);
  expect(response?.headers()["server-timing"]).toContain('cache;desc="hit"');
  expect(response?.headers()["content-encoding"]).toBe("br");
  expect(response?.headers()["content-security-policy"]).toContain("'sha256-");
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const firstProduct = page.getByRole("main").getByRole("article").first().getByRole("link");
  const name = await firstProduct.textContent();
  await firstProduct.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name ?? "");
  // Hydrated: the link navigated on the client, in the same document.
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  expect(errors).toEqual([]);
});

// A signed-in customer's page may come from the shared copy every customer gets (ADR 0020):
// the browser then fetches the account, the cart's badge and the favourite hearts.
test("a customer's page from the shared cache shows their account, hearts and cart @mobile", async ({
  page,
  request,
}) => {
  test.slow();
  const account = await registerCustomer(page, "Irene Soto Vega");
  await page.goto("/login");
  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL(/\/$/);

  // A visitor's request makes the page shareable (its canonical address, after the redirect).
  const visitor = await request.get("/productos/todos/producto-7");
  expect(visitor.ok()).toBe(true);
  const path = new URL(visitor.url()).pathname;
  await page.goto(path);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Añadir a favoritos" }).click();
  await expect(main.getByRole("button", { name: "Quitar de favoritos" })).toBeVisible();
  await main.getByRole("button", { name: "Añadir al carrito" }).click();
  await expect(page.getByRole("link", { name: "Carrito, 1 producto" })).toBeVisible();

  // A reload asks the server again (a visit would take the browser's own copy, kept 5 minutes).
  await expect
    .poll(async () => (await page.reload())?.headers()["server-timing"])
    .toContain('cache;desc="hit"');
  await expect(main.getByRole("button", { name: "Quitar de favoritos" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByRole("link", { name: "Carrito, 1 producto" })).toBeVisible();
  await page.getByRole("button", { name: "Menú de cuenta" }).click();
  await expect(page.getByRole("menu").getByText("Hola, Irene")).toBeVisible();
});
