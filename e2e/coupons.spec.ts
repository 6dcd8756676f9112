import { expect } from "@playwright/test";
import { DEMO_PRODUCTS } from "../app/db/seed/demo-data";
import { adminTest as test } from "./admin-fixtures";
import { expectNoSeriousViolations } from "./helpers";

/*
 * The admin creates a coupon in /admin/cupones; a visitor applies it at checkout, sees the
 * discount line and the new total, and takes it off again. Desktop and phone (@mobile).
 */
const PRODUCT = DEMO_PRODUCTS.find((p) => !p.hidden && p.stock >= 20 && !p.salePriceCents)!;
const PRODUCT_ID = DEMO_PRODUCTS.indexOf(PRODUCT) + 1;

test("an admin creates a coupon and a visitor applies it at checkout @mobile", async ({
  page,
  browser,
}, testInfo) => {
  test.slow(); // two sessions, a dialog and the checkout on a shared machine
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const code = `E2E${testInfo.project.name.toUpperCase()}${Date.now() % 1_000_000}`;

  await page.goto("/admin/cupones");
  await expect(page.getByRole("heading", { level: 1, name: "Cupones" })).toBeVisible();
  await page.getByRole("link", { name: "Añadir cupón" }).click();
  const dialog = page.getByRole("dialog", { name: "Añadir cupón" });
  await expect(dialog).toBeVisible();
  // Refused in the browser first: a code too short.
  await dialog.getByLabel("Código").fill("ab");
  await dialog.getByLabel("Valor").fill("10");
  await dialog.getByRole("button", { name: "Crear cupón" }).click();
  await expect(dialog.getByText("El código debe tener al menos 3 caracteres.")).toBeVisible();
  await dialog.getByLabel("Código").fill(code.toLowerCase());
  await dialog.getByLabel("Descripción (interna)").fill("Prueba de extremo a extremo");
  await dialog.getByLabel("Usos por cliente (opcional)").fill("1");
  await page.screenshot({ path: testInfo.outputPath("admin-dialog.png"), fullPage: true });
  await expectNoSeriousViolations(page);
  await dialog.getByRole("button", { name: "Crear cupón" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("El cupón se ha creado.", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: code, exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("admin-list.png"), fullPage: true });

  // A visitor in their own browser.
  const visitorContext = await browser.newContext({
    ...testInfo.project.use,
    storageState: undefined,
  });
  const visitor = await visitorContext.newPage();
  visitor.on("pageerror", (error) => errors.push(error.message));
  await visitor.goto(`/productos/todos/x-${PRODUCT_ID}`);
  await visitor.getByRole("button", { name: "Añadir al carrito" }).click();
  await expect(visitor.getByText("Añadido al carrito").first()).toBeVisible();
  await visitor.goto("/checkout");
  await expect(visitor.getByRole("heading", { level: 1, name: "Finalizar compra" })).toBeVisible();

  const field = visitor.getByLabel("Código de descuento");
  await field.fill("NOEXISTE");
  await visitor.getByRole("button", { name: "Aplicar" }).click();
  await expect(
    visitor.getByRole("alert").filter({ hasText: "El código «NOEXISTE» no existe." }),
  ).toBeVisible();

  await field.fill(code.toLowerCase());
  await visitor.getByRole("button", { name: "Aplicar" }).click();
  const discount = Math.round(PRODUCT.priceCents / 10);
  const euros = (cents: number) =>
    new Intl.NumberFormat("es-ES", {
      style: "currency",
      currency: "EUR",
      useGrouping: "always",
    }).format(cents / 100);
  const summary = visitor.getByRole("complementary", { name: "Resumen" });
  await expect(summary.getByText(`Descuento (${code})`)).toBeVisible();
  await expect(summary.getByText(`−${euros(discount)}`)).toBeVisible();
  await expect(visitor.getByRole("button", { name: /^Pagar/ })).toContainText(
    euros(PRODUCT.priceCents - discount + (PRODUCT.priceCents - discount >= 5000 ? 0 : 495)),
  );
  await summary.scrollIntoViewIfNeeded();
  await visitor.screenshot({ path: testInfo.outputPath("checkout-applied.png"), fullPage: true });
  await expectNoSeriousViolations(visitor);

  await visitor.getByRole("button", { name: `Quitar el código ${code}` }).click();
  await expect(summary.getByText(`Descuento (${code})`)).toBeHidden();
  await expect(visitor.getByLabel("Código de descuento")).toBeVisible();
  await visitorContext.close();
  expect(errors).toEqual([]);
});
