import { expect, type Page } from "@playwright/test";
import { adminTest as test } from "./admin-fixtures";
import { expectNoSeriousViolations, watchScripts } from "./helpers";

const ANALYTICS = "/admin/analisis";
const ACTIVITY = "/admin/actividad";

async function openAnalytics(page: Page, search = "") {
  await page.goto(`${ANALYTICS}${search}`);
  await expect(page.getByRole("heading", { level: 1, name: "Análisis" })).toBeVisible();
}

test("admin changes the range, sees the cards, a chart and its table; recharts loads only there", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));

  // A public page never fetches the charts' code.
  const scripts = await watchScripts(page);
  await page.goto("/");
  await expect(page.getByRole("main")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((s) => /\/charts-/.test(s))).toEqual([]);

  await openAnalytics(page);
  const cards = page.getByRole("list", { name: "Indicadores del periodo" }).getByRole("listitem");
  await expect(cards).toHaveCount(10);
  await expect(cards.filter({ hasText: "Ingresos" }).first()).toBeVisible();
  await expect(page.getByText(/\(30 días, hora de Madrid\)/)).toBeVisible();

  // Preset: the last 7 days.
  await page.getByRole("link", { name: "Últimos 7 días" }).click();
  await expect(page).toHaveURL(/periodo=7/);
  await expect(page.getByText(/\(7 días, hora de Madrid\)/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Últimos 7 días" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // Custom range.
  const custom = page.getByRole("form", { name: "Periodo personalizado" });
  await custom.getByLabel("Desde").fill("2026-01-01");
  await custom.getByLabel("Hasta").fill("2026-01-31");
  await custom.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL(/desde=2026-01-01&hasta=2026-01-31/);
  await expect(page.getByText(/\(31 días, hora de Madrid\)/)).toBeVisible();

  // A bad range explains itself and falls back to 30 days.
  await custom.getByLabel("Desde").fill("2026-02-10");
  await custom.getByLabel("Hasta").fill("2026-02-01");
  await custom.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "La fecha «Desde» no puede ser posterior a «Hasta».",
  );

  // The sales chart is drawn (recharts' SVG, after hydration) and its table opens.
  await page.getByRole("link", { name: "Últimos 90 días" }).click();
  await expect(page).toHaveURL(/periodo=90/);
  const sales = page.getByRole("region", { name: "Ventas por día" });
  const chart = sales.getByRole("img", { name: /Gráfico de ingresos por día/ });
  await expect(chart.locator("svg.recharts-surface")).toBeVisible();
  expect(scripts.filter((s) => /\/charts-/.test(s))).toHaveLength(1);
  await sales.getByText(/Ver la tabla de datos/).click();
  const table = sales.getByRole("table", { name: /Ingresos y pedidos por día/ });
  await expect(table).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(91); // header + 90 days
  await expectNoSeriousViolations(page);
  expect(errors).toEqual([]);
});

test("an admin's change appears in the activity log (filtered) and on the dashboard", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = `Registro e2e ${Date.now().toString(36)}`;
  await page.goto("/admin/categorias");
  await page.getByRole("link", { name: "Nueva categoría" }).click();
  const dialog = page.getByRole("dialog", { name: "Nueva categoría" });
  await expect(dialog.getByText("Se genera a partir del nombre.")).toBeVisible();
  await dialog.getByLabel("Nombre").fill(name);
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Categoría creada.", { exact: true })).toBeVisible();

  await page
    .getByRole("navigation", { name: "Administración" })
    .first()
    .getByRole("link", { name: "Actividad" })
    .click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Registro de actividad" }),
  ).toBeVisible();
  const summary = `Categoría «${name}» creada`;
  const row = page.getByRole("row").filter({ hasText: summary });
  await expect(row).toBeVisible();
  await expect(row).toContainText("admin@tienda.local");
  await expect(row.getByRole("link", { name: summary })).toBeVisible();

  // Filters: type and text keep it; another type hides it.
  const filters = page.getByRole("search", { name: "Filtrar la actividad" });
  await filters.getByLabel("Tipo").selectOption("category");
  await filters.getByLabel("Buscar").fill(name);
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/tipo=category/);
  await expect(page.getByRole("row").filter({ hasText: summary })).toBeVisible();
  await page
    .getByRole("search", { name: "Filtrar la actividad" })
    .getByLabel("Tipo")
    .selectOption("order");
  await page
    .getByRole("search", { name: "Filtrar la actividad" })
    .getByRole("button", { name: "Filtrar" })
    .click();
  await expect(page).toHaveURL(/tipo=order/);
  await expect(page.getByText("No hay actividad que coincida con los filtros.")).toBeVisible();

  await page.goto("/admin/dashboard");
  const recent = page.getByRole("region", { name: "Actividad reciente" });
  await expect(recent.getByRole("link", { name: summary })).toBeVisible();
  await expect(recent).toContainText("admin@tienda.local");
});

test("analytics and activity log pages pass axe @mobile", async ({ page }) => {
  await openAnalytics(page, "?periodo=30");
  await expect(
    page.getByRole("region", { name: "Ventas por día" }).locator("svg.recharts-surface"),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goto(ACTIVITY);
  await expect(
    page.getByRole("heading", { level: 1, name: "Registro de actividad" }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
});
