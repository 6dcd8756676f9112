import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe-core on the current page at rest: no violation of serious or critical impact. A toast
 * fading in or out (e.g. "Sesión iniciada" after signing in) is half transparent for a moment
 * and axe would measure its text's contrast mid-fade, so motion is reduced (the app's CSS
 * shortens every animation to 1 ms then) and finite animations are awaited first.
 */
export async function expectNoSeriousViolations(page: Page) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  await page.emulateMedia({ reducedMotion: null });
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

/** Registers a new customer (through the registration form's own endpoint) and returns it. */
export async function registerCustomer(
  page: Page,
  fullName = "Irene Soto Vega",
  password = "Berenjena-Frita-61",
) {
  const email = `perfil.${Date.now()}.${Math.floor(Math.random() * 1e6)}@ejemplo.es`;
  const response = await page.request.post("/registro", {
    form: { fullName, email, password, confirmPassword: password, acceptTerms: "on" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return { email, password };
}

/** The checkout's shipping address (its exact labels: the billing fields share the words). */
export async function fillShippingAddress(
  page: Page,
  address: { line1: string; postalCode: string; city: string; province: string },
) {
  await page.getByLabel("Dirección", { exact: true }).fill(address.line1);
  await page.getByLabel("Código postal", { exact: true }).fill(address.postalCode);
  await page.getByLabel("Localidad", { exact: true }).fill(address.city);
  await page.getByLabel("Provincia", { exact: true }).selectOption({ label: address.province });
}

/**
 * From a filled-in checkout: «Pagar» → the test payment page → «Pagar» → the confirmation.
 * Returns the order's number.
 */
export async function payOnTestPage(page: Page): Promise<string> {
  await page.getByRole("button", { name: /^Pagar/ }).click();
  await expect(page.getByText("Modo de pruebas")).toBeVisible();
  const number = (await page.getByText(/^Pedido P-\d{4}-/).textContent())!.replace("Pedido ", "");
  await page.getByRole("button", { name: "Pagar", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Pedido Confirmado!" })).toBeVisible();
  return number;
}
