import fs from "node:fs";
import { parse } from "csv-parse/sync";
import { expect, type Page } from "@playwright/test";
import { adminTest as test } from "./admin-fixtures";
import { expectNoSeriousViolations } from "./helpers";

type Rows = Record<string, string>[];

/** Rows as the export writes them (`;`, CRLF, quotes only when needed), with the BOM. */
function csvOf(header: string[], rows: Rows): Buffer {
  const cell = (v: string) => (/[";\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const line = (cells: string[]) => `${cells.map(cell).join(";")}\r\n`;
  const text = line(header) + rows.map((r) => line(header.map((c) => r[c] ?? ""))).join("");
  return Buffer.from(`\uFEFF${text}`, "utf8");
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test("an admin exports the catalogue, sees a bad file's errors, then imports a good one", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString().slice(-6);
  const newSku = `CSV-E2E-${stamp}`;

  await page.goto("/admin/productos");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exportar CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^productos-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const text = bytes.toString("utf8").slice(1);
  const header = text.slice(0, text.indexOf("\r\n")).split(";");
  const rows = parse(text, { delimiter: ";", columns: true }) as Rows;
  expect(rows.length).toBeGreaterThan(10);

  // A product off sale gets a new price; a second row has a price no one could read.
  const target = rows.findIndex((r) => r.en_oferta === "no");
  const edited = rows.map((r, i) => (i === target ? { ...r, precio: "321,00" } : r));
  const newRow = { ...rows[target]!, sku: newSku, nombre: `Importado ${stamp}` };
  const bad = [...edited, { ...newRow, precio: "gratis", categoria: "no-existe" }];

  await page.getByRole("link", { name: "Importar CSV" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Importar productos" })).toBeVisible();
  const fileInput = page.getByLabel("Archivo CSV");
  // No file chosen: the browser's own check stops the form, in Spanish.
  await page.getByRole("button", { name: "Comprobar archivo" }).click();
  await expect
    .poll(() => fileInput.evaluate((input: HTMLInputElement) => input.validationMessage))
    .toBe("Selecciona un archivo CSV para importar.");
  await fileInput.setInputFiles({
    name: "malo.csv",
    mimeType: "text/csv",
    buffer: csvOf(header, bad),
  });
  await page.getByRole("button", { name: "Comprobar archivo" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "tiene 2 errores" });
  await expect(alert).toContainText("No se ha guardado nada.");
  const errors = page.getByRole("table", { name: "Errores del archivo por fila" });
  const badRow = String(bad.length + 1);
  await expect(errors.getByRole("row", { name: new RegExp(`^${badRow} precio`) })).toContainText(
    "Introduce un precio válido",
  );
  await expect(errors.getByRole("row", { name: new RegExp(`^${badRow} categoria`) })).toContainText(
    "No existe ninguna categoría «no-existe».",
  );
  await expectNoSeriousViolations(page);
  await screenshot(page, "import-errors-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "import-errors-phone");
  await page.setViewportSize({ width: 1280, height: 800 });

  // Import refuses the same file: nothing is written.
  await page.getByRole("button", { name: "Importar", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "tiene 2 errores" })).toBeVisible();

  // The corrected file: the dry run says what would change, then «Importar» writes it.
  await fileInput.setInputFiles({
    name: "bueno.csv",
    mimeType: "text/csv",
    buffer: csvOf(header, [...edited, newRow]),
  });
  await page.getByRole("button", { name: "Comprobar archivo" }).click();
  const ok = page.getByRole("status").filter({ hasText: "no tiene errores" });
  await expect(ok).toContainText("1 productos nuevos, 1 con cambios");
  await screenshot(page, "import-checked-desktop");
  await page.getByRole("button", { name: "Importar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/productos$/);
  await expect(
    page.getByRole("region", { name: /Notificaciones/ }).getByText("Productos importados."),
  ).toBeVisible();

  await page.goto(`/admin/productos?sku=${newSku}`);
  await expect(page.getByRole("row").filter({ hasText: `Importado ${stamp}` })).toBeVisible();
  await page.goto(`/admin/productos?sku=${encodeURIComponent(rows[target]!.sku!)}`);
  await expect(page.getByRole("row").filter({ hasText: "321,00" })).toBeVisible();
  await screenshot(page, "products-after-import");
});
