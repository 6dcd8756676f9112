import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe-core on the current page: no violation of serious or critical impact. */
export async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** Fills and submits the sign-in form of the current /login page. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByRole("main").getByLabel("Correo electrónico", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Acceder" }).click();
}

/**
 * Lists the scripts (/assets/*.js) the page fetches from now on, optionally as if over a slow
 * network (each held back by `delayMs`). Called once a page has hydrated, it shows which code
 * is loaded on demand, and a delay proves that a click made while that code is still on its
 * way is not lost.
 */
export async function watchScripts(page: Page, { delayMs = 0 } = {}): Promise<string[]> {
  const fetched: string[] = [];
  await page.route(/\/assets\/[^/?]+\.js(\?.*)?$/, async (route) => {
    fetched.push(new URL(route.request().url()).pathname);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
  return fetched;
}
