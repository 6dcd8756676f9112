import { expect, type Page } from "@playwright/test";
import { adminTest as test } from "./admin-fixtures";

/*
 * Every admin table shows all its columns at 1280 px without any sliding under the
 * sticky actions column, and stays usable on a 390 px phone (priority columns): the first
 * column and the row's actions in sight, nothing to scroll sideways to reach them.
 */

const TABLES = [
  "/admin/productos",
  "/admin/marketplace-productos",
  "/admin/servicios",
  "/admin/pedidos",
  "/admin/usuarios",
  "/admin/actividad",
];

/** The table's shown headings, and whether each lies wholly in sight (not under a sticky one). */
async function headingsInSight(page: Page) {
  const table = page.locator("main table").first();
  await expect(table).toBeVisible();
  return table.evaluate((element) => {
    const frame = element.parentElement!.getBoundingClientRect();
    const headings = [...element.querySelectorAll("thead th")].filter(
      (th) => (th as HTMLElement).offsetParent !== null,
    );
    const sticky = headings.find((th) => getComputedStyle(th).position === "sticky");
    const right = sticky ? sticky.getBoundingClientRect().left : frame.right;
    return headings.map((th) => {
      const box = th.getBoundingClientRect();
      const isSticky = th === sticky;
      return {
        name: th.textContent!.trim() || "(imagen)",
        inSight: box.left >= frame.left - 1 && box.right <= (isSticky ? frame.right : right) + 1,
      };
    });
  });
}

test.describe("admin tables at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const path of TABLES) {
    test(`${path} shows every column beside the actions`, async ({ page }) => {
      await page.goto(path);
      const headings = await headingsInSight(page);
      expect(headings.filter((h) => !h.inSight)).toEqual([]);
      if (path === "/admin/productos") {
        expect(headings.map((h) => h.name)).toEqual(
          expect.arrayContaining(["Nombre", "Categoría", "Precio", "Stock", "Visible", "Alta"]),
        );
      }
    });
  }
});

test.describe("admin tables on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of TABLES) {
    test(`${path} keeps its first column and the actions in sight`, async ({ page }) => {
      await page.goto(path);
      const headings = await headingsInSight(page);
      expect(headings.length).toBeGreaterThanOrEqual(2);
      expect(headings.filter((h) => !h.inSight)).toEqual([]);
    });
  }

  test("a product row's actions keep the product's name", async ({ page }) => {
    await page.goto("/admin/productos");
    const edit = page.getByRole("link", { name: /^Editar / }).first();
    await edit.scrollIntoViewIfNeeded();
    await expect(edit).toBeInViewport({ ratio: 1 });
    await edit.click();
    await expect(page.getByRole("dialog", { name: "Editar producto" })).toBeVisible();
  });
});
