import { expect, type Page } from "@playwright/test";
import { test } from "@playwright/test";
import { adminTest } from "./admin-fixtures";

/*
 * Omnibus prices (Ley 7/1996 art. 20) as a shopper and an admin see them: a demo product on sale
 * (its price history: the regular price from creation, the sale from later) strikes through its
 * previous price with «Precio más bajo de los últimos 30 días: …» on the card and the product
 * page; the admin's dialog warns, as the price is typed, which previous price the shop will show.
 */
const LOWEST = /Precio más bajo de los últimos 30 días: \d[\d.]*,\d\d\s€/;

/** The first card of «Rebajas»: its name, link and texts. */
async function firstSaleCard(page: Page) {
  await page.goto("/rebajas");
  const card = page.getByRole("article").first();
  await expect(card).toBeVisible();
  return card;
}

test("a reduction shows the previous price and the lowest price of the last 30 days @mobile", async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === "mobile";
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  const card = await firstSaleCard(page);
  await expect(card.getByText("Oferta", { exact: true })).toBeVisible();
  await expect(card.getByText(LOWEST)).toBeVisible();
  const struck = card.locator("s");
  await expect(struck).toBeVisible();
  // The struck-through price is the one the Omnibus line names.
  const lowest = (await card.getByText(LOWEST).textContent())!;
  const previous = (await struck.textContent())!.replace("Antes: ", "");
  expect(lowest.endsWith(previous)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath(`rebajas-${testInfo.project.name}.png`) });

  const name = (await card.getByRole("heading").textContent())!.trim();
  await card.getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const main = page.getByRole("main");
  await expect(main.getByText(LOWEST)).toBeVisible();
  await expect(main.getByText(LOWEST)).toContainText(previous);
  await expect(main.locator("s").first()).toContainText(previous);
  await page.screenshot({ path: testInfo.outputPath(`producto-${testInfo.project.name}.png`) });
});

adminTest("the product dialog warns which previous price a sale will show", async ({ page }) => {
  const card = await firstSaleCard(page);
  const href = (await card.getByRole("heading").getByRole("link").getAttribute("href"))!;
  const id = /-(\d+)$/.exec(href)![1];
  const previous = (await card.locator("s").textContent())!.replace("Antes: ", "").trim();

  await page.goto(`/admin/productos?editar=${id}`);
  const dialog = page.getByRole("dialog", { name: "Editar producto" });
  const price = dialog.getByLabel("Precio (€)");
  await expect(price).toBeVisible();
  const warning = dialog.locator("[data-omnibus-warning]");
  // The demo sale strikes through the regular price: nothing to warn about.
  await expect(warning).toHaveCount(0);

  // A higher regular price would not be the struck one: the previous price stays.
  await price.fill("99999,00");
  await expect(warning).toContainText(`Se mostrará tachado ${previous}, no 99.999,00`);
  await expect(warning).toContainText("Ley 7/1996, art. 20");
  await warning.scrollIntoViewIfNeeded();
  await page.screenshot({ path: adminTest.info().outputPath("aviso-precio-anterior.png") });

  // A sale price above the one in force ends the reduction: nothing will be announced.
  await dialog.getByLabel("Precio de oferta (€)").fill("9000,00");
  await expect(warning).toContainText("No se anunciará ninguna rebaja");
  await warning.scrollIntoViewIfNeeded();
  await page.screenshot({ path: adminTest.info().outputPath("aviso-sin-rebaja.png") });
});
