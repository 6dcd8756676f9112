import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_EMAIL } from "~/db/seed/demo-data";
import { RATE_LIMITS } from "~/lib/constants";
import { TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import { CONTACT_MESSAGES } from "~/modules/contact/contact-constants";
import { BrowserClient } from "../helpers/browser-client";
import { inputValue, textareaValue, textOf, unescapeHtml } from "../helpers/html";
import { mailsTo, readOutbox, waitForMail, type ReceivedMail } from "../helpers/mail";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

/*
 * The contact form of /contacto: one schema with Spanish messages, the input kept on
 * error, e-mailed to the shop (the active admins until a contact address is set, then that
 * address) with Reply-To the visitor, a thanks page after the redirect, and a rate limit.
 * Everything through HTTP as a browser without JavaScript would post it.
 */

let server: TestServer;
let admin: BrowserClient;

beforeAll(async () => {
  server = await startServer({ seed: true });
  ({ admin } = await demoSessions(server.url));
});
afterAll(async () => {
  await server?.stop();
});

const outbox = () => readOutbox(server.dataDir);

function valid(overrides: Record<string, string> = {}) {
  return {
    name: "Irene Consulta",
    email: "irene.consulta@example.com",
    subject: "Garantía de mi portátil",
    orderNumber: "p-2026-7k3m9q",
    message: "Hola, mi portátil reacondicionado no carga. ¿Cómo tramito la garantía?",
    ...overrides,
  };
}

async function post(client: BrowserClient, fields: Record<string, string>) {
  const response = await client.post("/contacto", fields);
  return { response, html: unescapeHtml(await response.text()) };
}

describe("/contacto", () => {
  it("shows a form that works without JavaScript: a plain POST to the page", async () => {
    const response = await new BrowserClient(server.url).get("/contacto");
    expect(response.status).toBe(200);
    const html = await response.text();
    const form = /<form\b[^>]*>/.exec(html.slice(html.indexOf('id="formulario"')))?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/contacto"');
    for (const name of ["name", "email", "subject", "orderNumber"]) {
      expect(inputValue(html, name), name).toBeDefined();
    }
    expect(textareaValue(html, "message")).toBeDefined();
    expect(textOf(html)).toContain("Enviar mensaje");
  });

  it("refuses bad input with Spanish messages, keeping what was typed, and sends nothing", async () => {
    const before = (await outbox()).length;
    const fields = valid({
      name: "",
      email: "irene@",
      orderNumber: "12345",
      message: "Hola",
    });
    const { response, html } = await post(new BrowserClient(server.url), fields);
    expect(response.status).toBe(400);
    const text = textOf(html);
    expect(text).toContain(CONTACT_MESSAGES.nameRequired);
    expect(text).toContain(CONTACT_MESSAGES.emailInvalid);
    expect(text).toContain(CONTACT_MESSAGES.orderNumberInvalid);
    expect(text).toContain(CONTACT_MESSAGES.messageTooShort);
    expect(inputValue(html, "email")).toBe("irene@");
    expect(inputValue(html, "subject")).toBe(fields.subject);
    expect(textareaValue(html, "message")).toBe("Hola");
    expect(html).toMatch(/id="contacto-email"[^>]*aria-invalid="true"/);

    const empty = await post(new BrowserClient(server.url), {});
    expect(empty.response.status).toBe(400);
    expect(textOf(empty.html)).toContain(CONTACT_MESSAGES.messageRequired);
    expect((await outbox()).length).toBe(before);
  });

  it("e-mails the active admins while no contact address is set, Reply-To the visitor", async () => {
    const fields = valid();
    const { response } = await post(new BrowserClient(server.url), fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contacto?mensaje=enviado#formulario");

    const mail = await waitForMail(outbox, DEMO_ADMIN_EMAIL, /^Mensaje de contacto/);
    expect(mail.subject).toBe("Mensaje de contacto: Garantía de mi portátil");
    expect(mail.headers["reply-to"]).toContain(fields.email);
    for (const value of [fields.name, fields.email, "P-2026-7K3M9Q", fields.message]) {
      expect(mail.text).toContain(value);
    }
    expect(mail.html).toContain("¿Cómo tramito la garantía?");

    const thanks = await new BrowserClient(server.url).get("/contacto?mensaje=enviado");
    expect(textOf(await thanks.text())).toContain(CONTACT_MESSAGES.sent);
  });

  it("e-mails the contact address once it is set (and not the admins)", async () => {
    const saved = await admin.post("/admin/configuracion", {
      intent: "general",
      siteName: "Tienda",
      contactEmail: "buzon@tienda.example",
      logoUrl: "",
    });
    expect(saved.status).toBe(302);
    const adminMailsBefore = (await mailsTo(outbox, DEMO_ADMIN_EMAIL, /^Mensaje de contacto/))
      .length;

    const fields = valid({ subject: "", orderNumber: "", name: "Pablo Sinasunto" });
    const { response } = await post(new BrowserClient(server.url), fields);
    expect(response.status).toBe(302);
    const mail: ReceivedMail = await waitForMail(
      outbox,
      "buzon@tienda.example",
      /^Mensaje de contacto/,
    );
    expect(mail.subject).toBe("Mensaje de contacto de Pablo Sinasunto");
    expect(mail.headers["reply-to"]).toContain(fields.email);
    expect(mail.text).toContain("Asunto: sin asunto");
    expect((await mailsTo(outbox, DEMO_ADMIN_EMAIL, /^Mensaje de contacto/)).length).toBe(
      adminMailsBefore,
    );
  });

  it(`allows ${RATE_LIMITS.contactPerIp.limit} messages an hour per address, then refuses keeping the fields`, async () => {
    const client = new BrowserClient(server.url);
    for (let i = 0; i < RATE_LIMITS.contactPerIp.limit; i++) {
      const { response } = await post(client, valid({ name: `Límite ${i}` }));
      expect(response.status).toBe(302);
    }
    const sentBefore = (await outbox()).length;
    const fields = valid({ name: "Demasiadas Veces" });
    const refused = await post(client, fields);
    expect(refused.response.status).toBe(429);
    expect(textOf(refused.html)).toContain(TOO_MANY_ATTEMPTS);
    expect(inputValue(refused.html, "name")).toBe("Demasiadas Veces");
    expect(textareaValue(refused.html, "message")).toBe(fields.message);
    // Another address is not affected.
    expect((await post(new BrowserClient(server.url), valid())).response.status).toBe(302);
    await waitForMail(outbox, "buzon@tienda.example", /^Mensaje de contacto/, {
      count: RATE_LIMITS.contactPerIp.limit + 2,
    });
    const all = await outbox();
    expect(all.length).toBe(sentBefore + 1);
    expect(all.some((mail) => mail.text.includes("Demasiadas Veces"))).toBe(false);
  });
});

describe("/contacto when the mail server cannot be reached", () => {
  let down: TestServer;
  beforeAll(async () => {
    // The demo admins are the recipients; nothing listens on the discard port to take it.
    down = await startServer({ seed: true, env: { SMTP_URL: "smtp://127.0.0.1:9" } });
  });
  afterAll(async () => {
    await down?.stop();
  });

  it("answers unavailable (500) with the message above the form, keeps what was typed, never cached", async () => {
    const fields = valid({ name: "Irene Sincorreo" });
    const response = await new BrowserClient(down.url).post("/contacto", fields);
    expect(response.status).toBe(500);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const html = unescapeHtml(await response.text());
    expect(textOf(html)).toContain(CONTACT_MESSAGES.notSent);
    expect(inputValue(html, "name")).toBe("Irene Sincorreo");
    expect(textareaValue(html, "message")).toBe(fields.message);
  });
});
