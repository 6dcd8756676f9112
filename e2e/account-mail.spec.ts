import { expect, test, type Page } from "@playwright/test";
import { linkIn, mailsTo, readOutbox, type ReceivedMail } from "../tests/helpers/mail";
import { expectNoSeriousViolations, submitLogin } from "./helpers";

/*
 * The e-mail links, as a customer meets them: the e2e server sends every message by SMTP to
 * a loopback sink (e2e/smtp-sink.mjs) that files it in the outbox folder (DATA_DIR=.tmp/e2e),
 * where these tests open them.
 */
const DATA_DIR = ".tmp/e2e";

function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@ejemplo.es`;
}

/** The newest message to `to` whose subject matches, once there are `count` of them. */
async function openMail(to: string, subject: RegExp, count = 1): Promise<ReceivedMail> {
  const read = () => readOutbox(DATA_DIR);
  await expect.poll(async () => (await mailsTo(read, to, subject)).length).toBe(count);
  return (await mailsTo(read, to, subject)).at(-1)!;
}

async function register(page: Page, name: string, email: string, password: string) {
  await page.goto("/registro");
  await page.getByLabel("Nombre completo").fill(name);
  await page.getByRole("main").getByLabel("Correo electrónico", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByLabel("Confirmar contraseña").fill(password);
  await page.getByLabel(/acepto los términos y condiciones/i).check();
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText("Revisa tu correo para confirmar tu cuenta.", { exact: true }),
  ).toBeVisible();
}

const CONFIRM = /^Confirma tu correo electrónico/;
const RESET = /^Restablece tu contraseña/;

test("register → confirmation e-mail → follow the link → reviews open", async ({
  page,
  baseURL,
}) => {
  test.slow(); // a whole journey: register, sign in, two e-mails, axe
  const email = uniqueEmail("confirma");
  const password = "Remolacha-Dulce-31";
  await register(page, "Irene Castro Vidal", email, password);
  const first = await openMail(email, CONFIRM);
  expect(first.html).toContain("Confirmar mi correo");

  // Signed in but unconfirmed: the reviews page asks to confirm first and offers a new link.
  await submitLogin(page, email, password);
  await expect(page.getByText("Bienvenido de nuevo", { exact: true })).toBeVisible();
  await page.goto("/reseñas");
  await expect(page.getByText(/confirma antes tu correo electrónico/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Escribir una reseña" })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Reenviar el enlace de confirmación" }).click();
  await expect(
    page.getByText(`Te hemos enviado un nuevo enlace de confirmación a ${email}.`, { exact: true }),
  ).toBeVisible();

  const second = await openMail(email, CONFIRM, 2);
  await page.goto(linkIn(second, baseURL!, "/verificar-correo"));
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Correo confirmado", { exact: true })).toBeVisible();
  await page.goto("/reseñas");
  await expect(page.getByRole("button", { name: "Escribir una reseña" })).toBeVisible();

  // The first link still says the address is confirmed (using it again changes nothing).
  await page.goto(linkIn(first, baseURL!, "/verificar-correo"));
  await expect(
    page.getByText("Tu correo electrónico ya estaba confirmado.", { exact: true }),
  ).toBeVisible();
});

test("a broken confirmation link explains itself in Spanish and offers a new one", async ({
  page,
}) => {
  await page.goto("/verificar-correo?token=roto");
  await expect(page.getByRole("heading", { name: "Enlace no válido" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Enviar un nuevo enlace" })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole("main").getByLabel("Correo electrónico").fill(uniqueEmail("nadie"));
  await page.getByRole("button", { name: "Enviar un nuevo enlace" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText(
      "Si hay una cuenta sin confirmar con ese correo electrónico, te hemos enviado un nuevo enlace de confirmación.",
      { exact: true },
    ),
  ).toBeVisible();
});

test("forgot password → reset link from the e-mail → signed in → new password works @mobile", async ({
  page,
  baseURL,
}) => {
  test.slow(); // a whole journey: register, reset, sign out and in twice, four axe checks
  const email = uniqueEmail("olvido");
  const oldPassword = "Castana-Asada-64";
  const newPassword = "Membrillo-Nuevo-19";
  await register(page, "Tomás Gil", email, oldPassword);

  await page.getByRole("link", { name: "¿Has olvidado tu contraseña?" }).click();
  await expect(page).toHaveURL(/\/recuperar-contrasena$/);
  await expect(page.getByRole("heading", { name: "¿Has olvidado tu contraseña?" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole("main").getByLabel("Correo electrónico").fill(email);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Revisa tu correo" })).toBeVisible();
  await expectNoSeriousViolations(page);

  const mail = await openMail(email, RESET);
  await page.goto(linkIn(mail, baseURL!, "/restablecer-contrasena"));
  await expect(page.getByRole("heading", { name: "Elige una contraseña nueva" })).toBeVisible();
  await expectNoSeriousViolations(page);

  // A common password is refused with the registration rules; nothing is lost but the passwords.
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("password123");
  await page.getByLabel("Confirmar contraseña").fill("password123");
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page.getByText(/demasiado común/)).toBeVisible();

  await page.getByLabel("Nueva contraseña", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirmar contraseña").fill(newPassword);
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Contraseña Actualizada", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Menú de cuenta" }).click();
  await expect(page.getByText(/Hola, Tomás/)).toBeVisible();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(page.getByText("Sesión Cerrada", { exact: true })).toBeVisible();

  // The link was single-use.
  await page.goto(linkIn(mail, baseURL!, "/restablecer-contrasena"));
  await expect(page.getByRole("heading", { name: "Enlace no válido" })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto("/login");
  await submitLogin(page, email, oldPassword);
  await expect(
    page.getByText("Correo electrónico o contraseña incorrectos.").first(),
  ).toBeVisible();
  await submitLogin(page, email, newPassword);
  await expect(page.getByText("Bienvenido de nuevo", { exact: true })).toBeVisible();
});
