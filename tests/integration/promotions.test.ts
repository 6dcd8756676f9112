/*
 * /admin/promociones, the unsubscribe link and the footer's newsletter, over HTTP against the
 * production build (demo data), with every e-mail caught by a real SMTP server on loopback.
 * The outbox's own rules (restart, concurrency, retries) are tested on the database in
 * app/modules/promotions/outbox.server.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL } from "~/db/seed/demo-data";
import { TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import { createToken } from "~/modules/promotions/tokens.server";
import { BrowserClient } from "../helpers/browser-client";
import { textOf } from "../helpers/html";
import {
  linkIn,
  mailsTo,
  startSmtpServer,
  waitForMail,
  type TestSmtpServer,
} from "../helpers/mail";
import { startServer, TEST_AUTH_SECRET, type TestServer } from "../helpers/server";
import { demoSessions, signedIn } from "../helpers/sessions";

const PATH = "/admin/promociones";
/** The demo accounts that accepted marketing e-mails (app/db/seed/demo-data.ts). */
const DEMO_RECIPIENTS = [
  DEMO_CUSTOMER_EMAIL,
  "carmen.sanchez@tienda.local",
  "elena.jimenez@tienda.local",
];
const CONFIRM_SUBJECT = /^Confirma tu suscripción a la newsletter/;

let smtp: TestSmtpServer;
let server: TestServer;
let admin: BrowserClient;
let customer: BrowserClient;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({
    seed: true,
    env: { SMTP_URL: smtp.url, MAIL_FROM: "Tienda de Pruebas <hola@tienda.test>" },
  });
  ({ admin, customer } = await demoSessions(server.url));
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const received = () => smtp.messages;

async function pageText(client = admin, path = PATH) {
  const response = await client.get(path);
  expect(response.status).toBe(200);
  return textOf(await response.text());
}

/**
 * «Enviar promoción…»: the text is saved and the confirmation step opens; nothing is sent yet.
 * Returns the step's address, its text and the reviewed draft's id and version.
 */
async function review(title: string, body: string) {
  const response = await admin.post(PATH, { intent: "review", title, body });
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  expect(location).toMatch(/^\/admin\/promociones\?borrador=\d+&confirmar=1$/);
  const html = await (await admin.get(location)).text();
  const id = /name="id" value="(\d+)"/.exec(html)?.[1];
  const version = /name="version" value="([^"]+)"/.exec(html)?.[1];
  return { location, text: textOf(html), id: id!, version };
}

/** «Enviar ahora» on the confirmation step. */
async function confirmSend(step: { id: string; version?: string }) {
  const response = await admin.post(PATH, {
    intent: "send",
    id: step.id,
    version: step.version ?? "",
  });
  expect(response.status).toBe(302);
  return response;
}

async function recipientCount() {
  const match = /Se enviará a (\d+) destinatarios?/.exec(await pageText());
  return Number(match?.[1]);
}

describe("who may use it", () => {
  it("sends visitors to sign in and customers home, and a customer's post sends nothing", async () => {
    const anonymous = await new BrowserClient(server.url).get(PATH);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect((await customer.get(PATH)).headers.get("Location")).toBe("/");
    const post = await customer.post(PATH, { intent: "send", title: "Hola", body: "Texto" });
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe("/");
    expect(await recipientCount()).toBe(3);
    expect(smtp.messages).toHaveLength(0);
  });
});

describe("the promotion form", () => {
  it("counts the accounts that accepted marketing e-mails", async () => {
    expect(await recipientCount()).toBe(DEMO_RECIPIENTS.length);
  });

  it("refuses an empty title or body with the spec's message, and keeps what was typed", async () => {
    for (const fields of [
      { title: "", body: "" },
      { title: "Solo título", body: "  " },
    ]) {
      const response = await admin.post(PATH, { intent: "review", ...fields });
      expect(response.status).toBe(400);
      const text = textOf(await response.text());
      expect(text).toContain("Campos Vacíos: El título y el cuerpo del mensaje son obligatorios.");
    }
    const tooLong = await admin.post(PATH, { intent: "save", title: "x".repeat(201), body: "y" });
    expect(tooLong.status).toBe(400);
    expect(textOf(await tooLong.text())).toContain("El título no puede superar 200 caracteres.");
    expect(await pageText()).toContain("Aún no hay borradores guardados.");
  });

  it("saves drafts in the database: the latest five listed, all reachable, each editable", async () => {
    let lastLocation = "";
    for (let i = 1; i <= 6; i += 1) {
      const response = await admin.post(PATH, {
        intent: "save",
        title: `Borrador ${i}`,
        body: `Cuerpo ${i}`,
      });
      expect(response.status).toBe(302);
      lastLocation = response.headers.get("Location")!;
      expect(lastLocation).toMatch(/^\/admin\/promociones\?borrador=\d+$/);
    }
    const text = await pageText();
    expect(text).toContain("Borrador guardado");
    for (let i = 2; i <= 6; i += 1) expect(text).toContain(`Borrador ${i}`);
    expect(text).not.toContain("Borrador 1 ");
    expect(text).toContain("Ver todos los borradores (6)");
    expect(await pageText(admin, `${PATH}?borradores=todos`)).toContain("Borrador 1");

    // Editing the last one keeps its id.
    const editing = await admin.get(lastLocation);
    const html = await editing.text();
    expect(html).toContain("Cuerpo 6");
    const id = lastLocation.split("=")[1]!;
    const again = await admin.post(PATH, {
      intent: "save",
      id,
      title: "Borrador 6 corregido",
      body: "Cuerpo 6 corregido",
    });
    expect(again.headers.get("Location")).toBe(lastLocation);
    expect(await pageText(admin, `${PATH}?borradores=todos`)).toContain("Borrador 6 corregido");
  });
});

describe("asking before sending", () => {
  it("«Enviar promoción…» asks «Se enviará a N destinatarios. ¿Enviar ahora?» and sends nothing until confirmed", async () => {
    const step = await review("Pregunta antes", "Texto de la pregunta.");
    expect(step.text).toContain("Confirmar el envío");
    expect(step.text).toContain("Se enviará a 3 destinatarios. ¿Enviar ahora?");
    expect(step.text).toContain("Texto de la pregunta.");
    expect(step.version).toBeDefined();
    // Nothing queued: no history row, no message, still a draft.
    expect(await pageText()).not.toContain("Envío en curso");
    expect(smtp.messages.filter((m) => m.subject === "Pregunta antes")).toEqual([]);
    expect(await pageText(admin, `${PATH}?borradores=todos`)).toContain("Pregunta antes");

    // A version the admin did not review is not sent: the draft changed in another tab.
    const edited = await admin.post(PATH, {
      intent: "save",
      id: step.id,
      title: "Pregunta antes",
      body: "Texto cambiado.",
    });
    expect(edited.status).toBe(302);
    const stale = await confirmSend(step);
    expect(stale.headers.get("Location")).toBe(step.location);
    expect(await pageText(admin, step.location)).toContain("El borrador ha cambiado");
    // Nor is a hand-made post without the reviewed version.
    await confirmSend({ id: step.id });
    expect(await pageText()).not.toContain("Envío en curso");
    expect(smtp.messages.filter((m) => m.subject === "Pregunta antes")).toEqual([]);
  });

  it("«Enviarme una prueba» sends it to the signed-in admin only, marked as a test, and keeps the draft", async () => {
    const response = await admin.post(PATH, {
      intent: "test",
      title: "Prueba de otoño",
      body: "Castañas asadas.",
    });
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/admin\/promociones\?borrador=\d+$/);
    const page = await pageText(admin, location);
    expect(page).toContain("Prueba enviada");
    expect(page).toContain(DEMO_ADMIN_EMAIL);
    const mail = await waitForMail(received, DEMO_ADMIN_EMAIL, /^\[Prueba\] Prueba de otoño$/);
    expect(mail.text).toContain("Esto es una prueba de la promoción: solo la recibes tú.");
    expect(mail.text).toContain("Castañas asadas.");
    expect(smtp.messages.filter((m) => m.subject.includes("Prueba de otoño"))).toHaveLength(1);

    // From the confirmation step, the test leads back to it.
    const step = await review("Prueba de otoño", "Castañas asadas.");
    const again = await admin.post(PATH, {
      intent: "test",
      id: step.id,
      title: "Prueba de otoño",
      body: "Castañas asadas.",
      next: "confirmar",
    });
    expect(again.headers.get("Location")).toBe(step.location);
    await waitForMail(received, DEMO_ADMIN_EMAIL, /^\[Prueba\] Prueba de otoño$/, { count: 2 });
    expect(smtp.messages.filter((m) => m.subject.includes("Prueba de otoño"))).toHaveLength(2);
    expect(await pageText()).not.toContain("Envío en curso");
  });
});

describe("sending", () => {
  it("queues one e-mail per recipient; they arrive by SMTP with one-click unsubscribe; the history shows it", async () => {
    const step = await review(
      "Rebajas de invierno",
      "Hasta un 50 % en abrigos.\n\nSolo esta semana.",
    );
    const response = await confirmSend(step);
    expect(response.headers.get("Location")).toBe(PATH);
    for (const email of DEMO_RECIPIENTS) {
      const mail = await waitForMail(received, email, /^Rebajas de invierno$/);
      expect(mail.text).toContain("Hasta un 50 % en abrigos.");
      expect(mail.headers["list-unsubscribe"]).toBe(
        `<${linkIn(mail, server.url, "/newsletter/baja")}>`,
      );
      expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    }
    await expect.poll(async () => pageText(), { timeout: 10_000 }).toContain("Enviada 3 de 3 0");
    expect(await pageText()).toContain("Historial de envíos");
    expect(smtp.messages.filter((m) => m.subject === "Rebajas de invierno")).toHaveLength(3);
  });

  it("one click unsubscribes: GET asks, a mail provider's POST without cookies or origin acts at once", async () => {
    const mail = await waitForMail(received, DEMO_CUSTOMER_EMAIL, /^Rebajas de invierno$/);
    const link = linkIn(mail, server.url, "/newsletter/baja");

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const pageHtml = textOf(await page.text());
    expect(pageHtml).toContain("Darme de baja");
    expect(await recipientCount()).toBe(3); // GET changed nothing

    // RFC 8058: the provider's server posts this body, from another origin, with no cookie.
    const post = await fetch(link, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://correo.ejemplo.net",
      },
    });
    expect(post.status).toBe(200);
    expect(textOf(await post.text())).toContain("Te has dado de baja");
    expect(await recipientCount()).toBe(2);

    // The customer's preferences show it.
    const settings = await customer.get("/perfil/configuracion");
    const html = await settings.text();
    expect(html).not.toMatch(/name="receiveMarketingEmails"[^>]*checked/);

    const forged = link.replace(/token=([^&]+)/, (_, t: string) => `token=${t.slice(0, -2)}xx`);
    const forgedPage = await fetch(forged);
    expect(forgedPage.status).toBe(400);
    expect(textOf(await forgedPage.text())).toContain("Enlace no válido");
    expect(
      (await fetch(forged, { method: "POST", body: "List-Unsubscribe=One-Click" })).status,
    ).toBe(400);
  });

  it("says 'Sin Destinatarios' when nobody accepts promotions, and saves nothing", async () => {
    for (const email of DEMO_RECIPIENTS.slice(1)) {
      const token = createToken("unsubscribe", email, { secret: TEST_AUTH_SECRET });
      const response = await fetch(`${server.url}/newsletter/baja?token=${token}`, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(response.status).toBe(200);
    }
    expect(await recipientCount()).toBe(0);
    const response = await admin.post(PATH, { intent: "review", title: "Nadie", body: "Texto" });
    expect(response.status).toBe(400);
    const text = textOf(await response.text());
    expect(text).toContain("Sin Destinatarios");
    expect(text).toContain("Nadie"); // what was typed is still there
    expect(await pageText(admin, `${PATH}?borradores=todos`)).not.toContain("Nadie");
  });
});

describe("the newsletter", () => {
  it("double opt-in from the footer: the same answer for everyone, nothing before confirming, the link confirms", async () => {
    const email = `boletin.${Date.now()}@ejemplo.es`;
    const visitor = new BrowserClient(server.url);
    const before = await recipientCount();
    const response = await visitor.post("/newsletter", { email, consent: "on", redirectTo: "/" });
    expect(response.headers.get("Location")).toBe("/");
    const answer = textOf(await (await visitor.get("/")).text());
    expect(answer).toContain("Te hemos enviado un correo para confirmar la suscripción.");
    const mail = await waitForMail(received, email, CONFIRM_SUBJECT);
    expect(await recipientCount()).toBe(before);

    const link = linkIn(mail, server.url, "/newsletter/confirmar");
    const confirmed = await fetch(link);
    expect(confirmed.status).toBe(200);
    expect(textOf(await confirmed.text())).toContain("Suscripción confirmada");
    expect(await recipientCount()).toBe(before + 1);

    // Already subscribed: the very same answer.
    const again = new BrowserClient(server.url);
    await again.post("/newsletter", { email, consent: "on", redirectTo: "/" });
    expect(textOf(await (await again.get("/")).text())).toContain(
      "Te hemos enviado un correo para confirmar la suscripción.",
    );
  });

  it("explains expired and forged confirmation links in Spanish", async () => {
    const expired = createToken("newsletter-confirm", "tarde@ejemplo.es", {
      secret: TEST_AUTH_SECRET,
      expiresAt: new Date(Date.now() - 60_000),
    });
    const expiredPage = await fetch(`${server.url}/newsletter/confirmar?token=${expired}`);
    expect(expiredPage.status).toBe(400);
    expect(textOf(await expiredPage.text())).toContain("El enlace ha caducado");
    const forged = createToken("newsletter-confirm", "falso@ejemplo.es", {
      secret: "otro-secreto-que-no-es-el-del-servidor-0123",
      expiresAt: new Date(Date.now() + 60_000),
    });
    const forgedPage = await fetch(`${server.url}/newsletter/confirmar?token=${forged}`);
    expect(forgedPage.status).toBe(400);
    expect(textOf(await forgedPage.text())).toContain("Enlace no válido");
  });

  it("is rate-limited per address", async () => {
    const email = `insistente.${Date.now()}@ejemplo.es`;
    let last = "";
    for (let i = 0; i < 4; i += 1) {
      const visitor = new BrowserClient(server.url);
      await visitor.post("/newsletter", { email, consent: "on", redirectTo: "/" });
      last = textOf(await (await visitor.get("/")).text());
    }
    expect(last).toContain(TOO_MANY_ATTEMPTS);
    await waitForMail(received, email, CONFIRM_SUBJECT, { count: 3 });
  });

  it("the signed-in customer's «newsletter» box and the subscription are one state", async () => {
    const box = /name="receiveNewsletter"[^>]*checked/;
    const before = await recipientCount();
    expect(await (await customer.get("/perfil/configuracion")).text()).not.toMatch(box);
    const saved = await customer.post("/perfil/configuracion", {
      intent: "preferences",
      receiveNewsletter: "on",
    });
    expect(saved.status).toBe(302);
    expect(await (await customer.get("/perfil/configuracion")).text()).toMatch(box);
    // A verified account's address is confirmed at once: it receives promotions.
    expect(await recipientCount()).toBe(before + 1);
    expect(await mailsTo(received, DEMO_CUSTOMER_EMAIL, CONFIRM_SUBJECT)).toHaveLength(0);

    await customer.post("/perfil/configuracion", { intent: "preferences" });
    expect(await recipientCount()).toBe(before);
    expect(await (await customer.get("/perfil/configuracion")).text()).not.toMatch(box);
  });
});

describe("an account whose address is not confirmed", () => {
  // Anyone can register someone else's address and sign in before confirming it (ADR 0009):
  // until the link in the confirmation e-mail is followed, the account neither brings the
  // address promotions nor reads or ends its owner's newsletter subscription.
  const PASSWORD = "Zq7#montaña-Farola-91";
  const ACCOUNT_CONFIRM_SUBJECT = /^Confirma tu correo electrónico/;
  const NOTE = "Tu correo electrónico aún no está confirmado";
  const newsletterBox = /name="receiveNewsletter"[^>]*checked/;

  async function register(email: string, extra: Record<string, string> = {}) {
    const response = await new BrowserClient(server.url).post("/registro", {
      fullName: "Alguien Ajeno",
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: "on",
      ...extra,
    });
    expect(response.status).toBe(302);
    return signedIn(server.url, email, PASSWORD);
  }

  it("gets promotions only once the address is confirmed, and says so in its preferences", async () => {
    const email = `ofertas.${Date.now()}@ejemplo.es`;
    const before = await recipientCount();
    const account = await register(email, { marketingOptIn: "on" });
    expect(await recipientCount()).toBe(before);
    expect(textOf(await (await account.get("/perfil/configuracion")).text())).toContain(NOTE);

    const mail = await waitForMail(received, email, ACCOUNT_CONFIRM_SUBJECT);
    const link = linkIn(mail, server.url, "/verificar-correo");
    expect((await account.get(link.slice(server.url.length))).status).toBe(302);
    expect(await recipientCount()).toBe(before + 1);
    expect(textOf(await (await account.get("/perfil/configuracion")).text())).not.toContain(NOTE);
  });

  it("neither sees nor ends, nor deletes with itself, the owner's confirmed subscription", async () => {
    const email = `dueno.${Date.now()}@ejemplo.es`;
    await new BrowserClient(server.url).post("/newsletter", {
      email,
      consent: "on",
      redirectTo: "/",
    });
    const confirmation = await waitForMail(received, email, CONFIRM_SUBJECT);
    expect((await fetch(linkIn(confirmation, server.url, "/newsletter/confirmar"))).status).toBe(
      200,
    );
    const subscribed = await recipientCount();

    const stranger = await register(email);
    expect(await (await stranger.get("/perfil/configuracion")).text()).not.toMatch(newsletterBox);
    // Nor does the download of «my data» tell it.
    const exported = await stranger.get("/perfil/mis-datos");
    expect(exported.status).toBe(200);
    expect(
      (JSON.parse(await exported.text()) as { suscripcionNewsletter: unknown })
        .suscripcionNewsletter,
    ).toBeNull();
    const saved = await stranger.post("/perfil/configuracion", { intent: "preferences" });
    expect(saved.status).toBe(302);
    expect(await recipientCount()).toBe(subscribed);

    const deleted = await stranger.post("/perfil/configuracion", {
      intent: "delete-account",
      password: PASSWORD,
    });
    expect(deleted.status).toBe(302);
    expect((await stranger.get("/perfil/configuracion")).status).toBe(302);
    expect(await recipientCount()).toBe(subscribed);
  });
});

describe("a restart", () => {
  it("resumes the queue and sends nobody the same promotion twice", async () => {
    // Someone to send to: a confirmed footer subscriber.
    const email = `reinicio.${Date.now()}@ejemplo.es`;
    await new BrowserClient(server.url).post("/newsletter", { email, consent: "on" });
    const confirm = await waitForMail(received, email, CONFIRM_SUBJECT);
    expect((await fetch(linkIn(confirm, server.url, "/newsletter/confirmar"))).status).toBe(200);
    const recipients = await recipientCount();
    expect(recipients).toBeGreaterThan(0);

    await confirmSend(await review("Tras el reinicio", "x"));
    // Stopped at once (SIGTERM: the worker finishes the message in hand), then started again.
    await server.stop({ cleanup: false });
    server = await server.restart();
    ({ admin } = await demoSessions(server.url));

    await expect
      .poll(async () => pageText(), { timeout: 15_000 })
      .toMatch(new RegExp(`Tras el reinicio Enviada ${recipients} de ${recipients}`));
    const messages = smtp.messages.filter((m) => m.subject === "Tras el reinicio");
    expect(messages).toHaveLength(recipients);
    expect(new Set(messages.map((m) => m.to.join())).size).toBe(recipients);
    expect(messages.some((m) => m.to.includes(email))).toBe(true);
  });
});
