import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./helpers";

const SIDE_MENU = [
  ["Inicio", "/"],
  ["Productos", "/productos"],
  ["Servicios", "/servicios"],
  ["Marketplace", "/marketplace"],
  ["Novedades", "/novedades"],
  ["Rebajas", "/rebajas"],
  ["Compramos", "/compramos"],
  ["Afiliados", "/afiliados"],
  ["Invertir", "/invertir"],
  ["Proyectos Benéficos", "/proyectos-beneficos"],
  ["¿Necesitas Ayuda?", "/necesitas-ayuda"],
] as const;

test("the side menu has the 11 links and each leads to a real page @mobile", async ({ page }) => {
  // Eleven page loads in one test: more than the default 30 s on a busy 2-core machine.
  test.slow();
  for (const [name, href] of SIDE_MENU) {
    await page.goto("/contacto");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    const menu = page.getByRole("dialog", { name: "Menú" });
    await expect(menu.getByRole("link")).toHaveCount(SIDE_MENU.length);
    const link = menu.getByRole("link", { name, exact: true });
    await expect(link).toHaveAttribute("href", href);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace("?", "\\?")}$`));
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toHaveCount(0);
  }
});

test("an unknown path shows the Spanish not-found page @mobile", async ({ page }) => {
  const response = await page.goto("/esto-no-existe/de-verdad");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  await expect(
    page.getByText("La página que buscas no existe o fue movida.", { exact: true }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Volver al inicio" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the footer newsletter form subscribes with a toast", async ({ page }) => {
  await page.goto("/aviso-legal");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Tu correo electrónico").fill(`news.${Date.now()}@ejemplo.es`);
  await footer.getByRole("checkbox").check();
  await footer.getByRole("button", { name: "Suscribir" }).click();
  await expect(page.getByText("¡Gracias por suscribirte!", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/aviso-legal$/);
});

for (const path of ["/", "/login", "/registro", "/esto-no-existe"]) {
  test(`axe finds no serious or critical violation on ${path} @mobile`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test("pages hydrate without console errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  for (const path of [
    "/",
    "/productos",
    "/productos/todos",
    "/novedades",
    "/servicios",
    "/marketplace",
    "/login",
    "/registro",
    "/aviso-legal",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Hydrated: the client-only account menu button has replaced the no-JS link.
    await expect(page.getByRole("button", { name: "Menú de cuenta" })).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test("the shell works from the keyboard @mobile", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Menú de cuenta" })).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Saltar al contenido" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Tab");
  const toggle = page.getByRole("button", { name: "Abrir menú" });
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("dialog", { name: "Menú" });
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
});

test("on a wide screen the visitor's header does not move when the account menu hydrates", async ({
  browser,
}) => {
  const signInLinkX = async (javaScriptEnabled: boolean) => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      javaScriptEnabled,
    });
    const page = await context.newPage();
    await page.goto("/");
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Menú de cuenta" })).toBeVisible();
    }
    const box = await page
      .getByRole("banner")
      .getByRole("link", { name: "Iniciar sesión", exact: true })
      .filter({ hasText: "Iniciar sesión" })
      .boundingBox();
    await context.close();
    return box?.x;
  };
  const before = await signInLinkX(false);
  expect(before).toBeGreaterThan(0);
  expect(await signInLinkX(true)).toBe(before);
});

test("on a phone the visitor's header shows one avatar, before and after hydration", async ({
  browser,
}) => {
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled,
    });
    const page = await context.newPage();
    await page.goto("/");
    const avatar = page.getByRole("banner").getByText("EM", { exact: true });
    // The avatar is a sign-in link before hydration and the account menu after it.
    const control = javaScriptEnabled
      ? page.getByRole("button", { name: "Menú de cuenta" })
      : page.getByRole("banner").getByRole("link", { name: "Iniciar sesión" });
    await expect(control).toBeVisible();
    await expect(avatar.filter({ visible: true })).toHaveCount(1);
    await context.close();
  }
});
