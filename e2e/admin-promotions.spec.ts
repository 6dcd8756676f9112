import { expect } from "@playwright/test";
import { linkIn, mailsTo, readOutbox, type ReceivedMail } from "../tests/helpers/mail";
import { ADMIN, adminTest } from "./admin-fixtures";
import { expectNoSeriousViolations } from "./helpers";

/*
 * /admin/promociones end to end: the admin writes a promotion, keeps a draft, sends it, watches
 * the progress turn into the history, and the messages arrive at the loopback SMTP server the
 * e2e shop delivers to (e2e/smtp-sink.mjs files them in .tmp/e2e/outbox).
 */
const DATA_DIR = ".tmp/e2e";
const PATH = "/admin/promociones";
/** Demo accounts that accepted marketing e-mails (app/db/seed/demo-data.ts). */
const RECIPIENTS = ["carmen.sanchez@tienda.local", "elena.jimenez@tienda.local"];

async function openMail(to: string, subject: RegExp): Promise<ReceivedMail> {
  const read = () => readOutbox(DATA_DIR);
  await expect.poll(async () => (await mailsTo(read, to, subject)).length).toBe(1);
  return (await mailsTo(read, to, subject))[0]!;
}

adminTest(
  "the admin saves a draft, sends it, and every recipient gets it by SMTP",
  async ({ page, baseURL }) => {
    // Draft, confirmation step, test e-mail, sending, delivery and unsubscribe: a long walk.
    adminTest.slow();
    const title = `Rebajas de invierno ${Date.now()}`;
    await page.goto(PATH);
    await expect(page.getByRole("heading", { level: 1, name: "Promociones" })).toBeVisible();
    await expect(page.getByText(/Se enviará a \d+ destinatarios/)).toBeVisible();

    // Both fields are required: the spec's message.
    await page.getByRole("button", { name: "Enviar promoción…" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Campos Vacíos" })).toContainText(
      "El título y el cuerpo del mensaje son obligatorios.",
    );

    await page.getByLabel("Título").fill(title);
    await page
      .getByLabel("Cuerpo del mensaje")
      .fill("Hasta un 50 % en abrigos.\n\nSolo esta semana.");
    await page.getByRole("button", { name: "Guardar borrador" }).click();
    await expect(page.getByText("Borrador guardado", { exact: true })).toBeVisible();
    const drafts = page.getByRole("region", { name: /borradores/ });
    await expect(drafts.getByRole("link", { name: title })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Editar borrador" })).toBeVisible();
    await expect(page.getByLabel("Título")).toHaveValue(title);

    // The confirmation step: nothing leaves before «Enviar ahora»; a test to oneself first.
    await page.getByRole("button", { name: "Enviar promoción…" }).click();
    const confirm = page.getByRole("region", { name: "Confirmar el envío" });
    await expect(confirm).toBeVisible();
    await expect(
      confirm.getByText(/^Se enviará a \d+ destinatarios\. ¿Enviar ahora\?$/),
    ).toBeVisible();
    await expect(confirm).toContainText(title);
    await confirm.getByRole("button", { name: "Enviarme una prueba" }).click();
    await expect(page.getByText("Prueba enviada", { exact: true })).toBeVisible();
    await expect(confirm).toBeVisible();
    const test = await openMail(ADMIN.email, new RegExp(`^\\[Prueba\\] ${title}$`));
    expect(test.text).toContain("Hasta un 50 % en abrigos.");
    for (const email of RECIPIENTS) {
      expect(await mailsTo(() => readOutbox(DATA_DIR), email, new RegExp(title))).toEqual([]);
    }
    await expectNoSeriousViolations(page);

    await confirm.getByRole("button", { name: "Enviar ahora" }).click();
    await expect(page.getByText("Promoción en envío", { exact: true })).toBeVisible();
    // The page refreshes itself until the worker has delivered every message.
    const history = page.getByRole("region", { name: "Historial de envíos" });
    const row = history.getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("Enviada", { timeout: 20_000 });
    await expect(row).toContainText("Administración Tienda");
    await expect(drafts.getByRole("link", { name: title })).toHaveCount(0);

    for (const email of RECIPIENTS) {
      const mail = await openMail(email, new RegExp(`^${title}$`));
      expect(mail.text).toContain("Hasta un 50 % en abrigos.");
      const unsubscribe = linkIn(mail, baseURL!, "/newsletter/baja");
      expect(mail.headers["list-unsubscribe"]).toBe(`<${unsubscribe}>`);
      expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    }
    await expectNoSeriousViolations(page);

    // The last recipient follows the link at the bottom: a page that asks, then one click.
    const mail = await openMail(RECIPIENTS[1]!, new RegExp(`^${title}$`));
    await page.goto(linkIn(mail, baseURL!, "/newsletter/baja"));
    await expect(page.getByRole("heading", { level: 1, name: "Darse de baja" })).toBeVisible();
    await expect(page.getByText(RECIPIENTS[1]!)).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole("button", { name: "Darme de baja" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Te has dado de baja" }),
    ).toBeVisible();
  },
);

adminTest("axe finds no serious violation on /admin/promociones @mobile", async ({ page }) => {
  await page.goto(PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Promociones" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

adminTest.describe("without JavaScript", () => {
  adminTest.use({ javaScriptEnabled: false });

  adminTest(
    "the confirmation step is a page whose button posts; going back keeps the text",
    async ({ page }) => {
      const title = `Sin JavaScript ${Date.now()}`;
      await page.goto(PATH);
      await page.getByLabel("Título").fill(title);
      await page.getByLabel("Cuerpo del mensaje").fill("Solo HTML.");
      await page.getByRole("button", { name: "Enviar promoción…" }).click();
      await expect(page).toHaveURL(/\?borrador=\d+&confirmar=1$/);
      const confirm = page.getByRole("region", { name: "Confirmar el envío" });
      await expect(
        confirm.getByText(/^Se enviará a \d+ destinatarios?\. ¿Enviar ahora\?$/),
      ).toBeVisible();

      await confirm.getByRole("link", { name: "Volver a editar" }).click();
      await expect(page.getByLabel("Título")).toHaveValue(title);
      await page.getByRole("button", { name: "Enviar promoción…" }).click();
      await page
        .getByRole("region", { name: "Confirmar el envío" })
        .getByRole("button", { name: "Enviar ahora" })
        .click();
      await expect(page).toHaveURL(/\/admin\/promociones$/);
      const history = page.getByRole("region", { name: "Historial de envíos" });
      await expect(history.getByRole("row").filter({ hasText: title })).toBeVisible();
    },
  );
});
