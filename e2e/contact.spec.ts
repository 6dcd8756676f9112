import { expect, test, type Page } from "@playwright/test";
import { readOutbox } from "../tests/helpers/mail";
import { expectNoSeriousViolations } from "./helpers";

/*
 * The contact form of /contacto, as a visitor uses it: with JavaScript the form's
 * checks (the action's schema, loaded on first focus) answer in the browser; without it the
 * server answers with the same messages and keeps what was typed. The message reaches the
 * shop's mailbox (delivered by SMTP to the loopback sink, filed in .tmp/e2e/outbox) with
 * Reply-To the visitor.
 */
const DATA_DIR = ".tmp/e2e";

async function mailWithSubject(subject: string) {
  await expect
    .poll(async () => (await readOutbox(DATA_DIR)).filter((m) => m.subject === subject).length)
    .toBe(1);
  return (await readOutbox(DATA_DIR)).find((m) => m.subject === subject)!;
}

function contactForm(page: Page) {
  return page.getByRole("region", { name: "Escríbenos" });
}

test("a visitor writes to the shop; the browser checks the form first @mobile", async ({
  page,
}) => {
  const subject = `Consulta ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await page.goto("/contacto");
  await expect(page.getByRole("heading", { level: 1, name: "Contacto" })).toBeVisible();
  const form = contactForm(page);
  // The checks load on the first focus. Leaving the empty name shows its error once they run:
  // the sign that they are there (the script's download alone is not; a loaded CI machine ran
  // it after the click).
  await form.getByLabel("Nombre").focus();
  await form.getByLabel("Nombre").blur();
  await expect(form.getByText("Escribe tu nombre.")).toBeVisible();
  await expect(form.getByText("Escribe tu mensaje.")).toHaveCount(0);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });

  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(form.getByText("Escribe tu nombre.")).toBeVisible();
  await expect(form.getByText("Escribe tu mensaje.")).toBeVisible();
  await expect(form.getByLabel("Nombre")).toBeFocused();
  expect(posts).toEqual([]);

  await form.getByLabel("Nombre").fill("Visitante Con Script");
  await form.getByLabel("Correo electrónico").fill("con.script@example.com");
  await form.getByLabel("Asunto (opcional)").fill(subject);
  await form.getByLabel("Mensaje").fill("¿Tenéis el portátil en otro color?");
  await form.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(form.getByRole("status")).toContainText("¡Gracias! Hemos recibido tu mensaje");
  await expectNoSeriousViolations(page);

  const mail = await mailWithSubject(`Mensaje de contacto: ${subject}`);
  expect(mail.headers["reply-to"]).toContain("con.script@example.com");
  expect(mail.text).toContain("¿Tenéis el portátil en otro color?");
});

test("pressing «Enviar mensaje» straight from the field being typed in checks the whole form @mobile", async ({
  page,
}) => {
  await page.goto("/contacto");
  const form = contactForm(page);
  // Loaded checks (see above): leaving the e-mail wrong shows its error.
  await form.getByLabel("Correo electrónico").fill("x@y");
  await form.getByLabel("Mensaje").focus();
  await expect(form.getByText(/^Introduce un correo electrónico válido/)).toBeVisible();
  // The message's own check, on leaving it for the button, must not push the button away from
  // under the press: then nothing would be sent nor checked.
  await form.getByLabel("Mensaje").fill("Hola");
  // A finger on a phone, a mouse on a computer.
  const send = form.getByRole("button", { name: "Enviar mensaje" });
  if (test.info().project.name === "mobile") await send.tap();
  else await send.click();
  await expect(form.getByLabel("Nombre")).toBeFocused();
  await expect(form.getByText("Escribe tu nombre.")).toBeVisible();
  await expect(form.getByText(/^Cuéntanos un poco más/)).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server refuses with its messages, keeps the input, then sends", async ({ page }) => {
    const subject = `Sin script ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    await page.goto("/contacto");
    const form = contactForm(page);
    await form.getByLabel("Nombre").fill("Sin JavaScript");
    await form.getByLabel("Correo electrónico").fill("sinjs@example.com");
    await form.getByLabel("Asunto (opcional)").fill(subject);
    await form.getByLabel("Número de pedido (opcional)").fill("12345");
    await form.getByLabel("Mensaje").fill("Corto");
    await form.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(form.getByText(/^Cuéntanos un poco más/)).toBeVisible();
    await expect(form.getByText(/^El número de pedido tiene la forma/)).toBeVisible();
    // Nothing typed is lost.
    await expect(form.getByLabel("Nombre")).toHaveValue("Sin JavaScript");
    await expect(form.getByLabel("Asunto (opcional)")).toHaveValue(subject);
    await expect(form.getByLabel("Mensaje")).toHaveValue("Corto");

    await form.getByLabel("Número de pedido (opcional)").fill("");
    await form.getByLabel("Mensaje").fill("Quiero saber cómo devolver un pedido.");
    await form.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(form.getByRole("status")).toContainText("¡Gracias! Hemos recibido tu mensaje");
    const mail = await mailWithSubject(`Mensaje de contacto: ${subject}`);
    expect(mail.headers["reply-to"]).toContain("sinjs@example.com");
  });
});
