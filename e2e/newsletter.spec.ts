import { expect, test } from "@playwright/test";
import { linkIn, mailsTo, readOutbox, type ReceivedMail } from "../tests/helpers/mail";
import { expectNoSeriousViolations } from "./helpers";

/*
 * The footer's newsletter with double opt-in: a visitor subscribes, opens the confirmation
 * e-mail (delivered by SMTP to the loopback sink, filed in .tmp/e2e/outbox) and confirms.
 */
const DATA_DIR = ".tmp/e2e";
const CONFIRM = /^Confirma tu suscripción a la newsletter/;

async function openMail(to: string, subject: RegExp): Promise<ReceivedMail> {
  const read = () => readOutbox(DATA_DIR);
  await expect.poll(async () => (await mailsTo(read, to, subject)).length).toBe(1);
  return (await mailsTo(read, to, subject))[0]!;
}

test("a visitor subscribes from the footer, opens the confirmation e-mail and confirms @mobile", async ({
  page,
  baseURL,
}) => {
  const email = `boletin.${Date.now()}.${Math.floor(Math.random() * 1e6)}@ejemplo.es`;
  await page.goto("/aviso-legal");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Tu correo electrónico").fill(email);
  await footer.getByRole("checkbox").check();
  await footer.getByRole("button", { name: "Suscribir" }).click();
  await expect(
    page.getByText(
      "Te hemos enviado un correo para confirmar la suscripción. No recibirás nada hasta que la confirmes.",
      { exact: true },
    ),
  ).toBeVisible();

  const mail = await openMail(email, CONFIRM);
  await page.goto(linkIn(mail, baseURL!, "/newsletter/confirmar"));
  await expect(
    page.getByRole("heading", { level: 1, name: "Suscripción confirmada" }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the footer's own checks speak Spanish, and a refused form keeps what was typed", async ({
  page,
}) => {
  await page.goto("/aviso-legal");
  const footer = page.getByRole("contentinfo");
  const email = footer.getByLabel("Tu correo electrónico");
  const consent = footer.getByRole("checkbox");
  const subscribe = footer.getByRole("button", { name: "Suscribir" });
  const messageOf = (field: typeof email) =>
    field.evaluate((input: HTMLInputElement) => input.validationMessage);

  await subscribe.click();
  await expect.poll(() => messageOf(email)).toBe("El correo electrónico es obligatorio.");
  await email.fill("no-es-un-correo");
  await subscribe.click();
  await expect.poll(() => messageOf(email)).toBe("Introduce un correo electrónico válido.");
  const address = `lector.${Date.now()}.${Math.floor(Math.random() * 1e6)}@ejemplo.es`;
  await email.fill(address);
  await subscribe.click();
  await expect.poll(() => messageOf(consent)).toBe("Debes aceptar recibir la newsletter.");
  // Nothing was sent: the same page, no answer, the address still typed.
  await expect(page).toHaveURL(/\/aviso-legal$/);
  await expect(page.getByText("¡Gracias por suscribirte!", { exact: true })).toHaveCount(0);
  await expect(email).toHaveValue(address);
  expect(await messageOf(email)).toBe("");
  // Ticked now, the same form goes: no Spanish message is left behind to block it.
  await consent.check();
  expect(await messageOf(consent)).toBe("");
  await subscribe.click();
  await expect(page.getByText("¡Gracias por suscribirte!", { exact: true })).toBeVisible();
});

test("a damaged confirmation link gets a clear Spanish page @mobile", async ({ page }) => {
  const response = await page.goto("/newsletter/confirmar?token=roto.roto");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1, name: "Enlace no válido" })).toBeVisible();
  await expectNoSeriousViolations(page);
  const unsubscribe = await page.goto("/newsletter/baja?token=roto.roto");
  expect(unsubscribe?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1, name: "Enlace no válido" })).toBeVisible();
  await expectNoSeriousViolations(page);
});
