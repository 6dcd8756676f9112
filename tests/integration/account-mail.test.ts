/*
 * E-mail verification and password reset, end to end over HTTP against the production build,
 * with the e-mails caught by a real SMTP server on loopback (SMTP_URL) — and, in the last
 * block, written to the outbox folder when SMTP_URL is not set.
 */
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, verifications } from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import { openDatabase } from "~/db/client.server";
import { BrowserClient } from "../helpers/browser-client";
import { textOf } from "../helpers/html";
import {
  linkIn,
  mailsTo,
  readOutbox,
  signVerificationToken,
  startSmtpServer,
  waitForMail,
  type TestSmtpServer,
} from "../helpers/mail";
import { startServer, TEST_AUTH_SECRET, type TestServer } from "../helpers/server";

const PASSWORD = "Pimiento-Verde-48";
const NEW_PASSWORD = "Nabo-Asado-Lento-2";
const REVIEWS = "/rese%C3%B1as";
const CONFIRM_SUBJECT = /^Confirma tu correo electrónico en Tienda$/;
const RESET_SUBJECT = /^Restablece tu contraseña de Tienda$/;
const CHANGED_SUBJECT = /^Tu contraseña de Tienda ha cambiado$/;

let smtp: TestSmtpServer;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({
    env: { SMTP_URL: smtp.url, MAIL_FROM: "Tienda de Pruebas <hola@tienda.test>" },
  });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const received = () => smtp.messages;
let counter = 0;
function newEmail(prefix = "lucia") {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@ejemplo.es`;
}

async function register(email: string, password = PASSWORD) {
  const client = new BrowserClient(server.url);
  const response = await client.post("/registro", {
    fullName: "Lucía Martín <b>Ruiz</b>",
    email,
    password,
    confirmPassword: password,
    acceptTerms: "on",
  });
  expect(response.status).toBe(302);
  return client;
}

async function signIn(email: string, password = PASSWORD) {
  const client = new BrowserClient(server.url);
  const response = await client.post("/login", { email, password });
  return { client, status: response.status };
}

async function confirmationLink(email: string, count = 1) {
  const mail = await waitForMail(received, email, CONFIRM_SUBJECT, { count });
  return linkIn(mail, server.url, "/verificar-correo");
}

async function resetLink(email: string, count = 1) {
  const mail = await waitForMail(received, email, RESET_SUBJECT, { count });
  return linkIn(mail, server.url, "/restablecer-contrasena");
}

/** Path and query of an absolute link of this server. */
const local = (link: string) => link.slice(server.url.length);

async function publishReview(client: BrowserClient, comment: string) {
  return client.post(REVIEWS, { intent: "create", rating: "4", comment });
}

describe("confirmation e-mail at registration", () => {
  it("registration says 'Revisa tu correo…' and sends a branded Spanish e-mail with the link", async () => {
    const email = newEmail();
    const client = await register(email);
    const login = await client.get("/login");
    const page = textOf(await login.text());
    expect(page).toContain("¡Registro Exitoso!");
    expect(page).toContain("Revisa tu correo para confirmar tu cuenta.");

    const mail = await waitForMail(received, email, CONFIRM_SUBJECT);
    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('"Tienda de Pruebas" <hola@tienda.test>');
    const link = linkIn(mail, server.url, "/verificar-correo");
    // Plain text and HTML carry the same words and link. The address is not confirmed yet, so
    // the name typed at sign-up (by anyone, for any address) is not written to it.
    expect(mail.text).toContain("Hola:");
    expect(mail.text).toContain("El enlace caduca en 24 horas.");
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain("Confirmar mi correo");
    expect(mail.html).toContain("Hola:");
    for (const part of [mail.text, mail.html]) expect(part).not.toContain("Ruiz");
    expect(mail.html).toContain(">Tienda</a>");
  });
});

describe("following the confirmation link", () => {
  it("confirms the address, with a Spanish toast; the same link again says it already was", async () => {
    const email = newEmail();
    await register(email);
    const link = await confirmationLink(email);

    const visitor = new BrowserClient(server.url);
    const first = await visitor.get(local(link));
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/login");
    const toast = textOf(await (await visitor.get("/login")).text());
    expect(toast).toContain("Correo confirmado");
    expect(toast).toContain(
      "Tu correo electrónico ha quedado confirmado. Ya puedes iniciar sesión.",
    );

    // Confirmed: the shop's e-mails greet the account by its name, escaped in the HTML.
    expect((await visitor.post("/recuperar-contrasena", { email })).status).toBe(302);
    const reset = await waitForMail(received, email, RESET_SUBJECT);
    expect(reset.text).toContain("Hola, Lucía Martín <b>Ruiz</b>:");
    expect(reset.html).toContain("Hola, Lucía Martín &lt;b&gt;Ruiz&lt;/b&gt;:");
    expect(reset.html).not.toContain("<b>Ruiz</b>");

    // Confirmed: the account may now publish a review.
    const { client } = await signIn(email);
    expect((await publishReview(client, "Todo llegó perfecto.")).status).toBe(302);

    const again = await client.get(local(link));
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/");
    expect(textOf(await (await client.get("/")).text())).toContain(
      "Tu correo electrónico ya estaba confirmado.",
    );
  });

  it("refuses an invalid or tampered link with a Spanish page and confirms nothing", async () => {
    const email = newEmail();
    const client = await register(email);
    const link = await confirmationLink(email);
    const token = new URL(link).searchParams.get("token")!;
    const [header, , signature] = token.split(".");
    const otherPayload = Buffer.from(JSON.stringify({ email, exp: 9999999999 })).toString(
      "base64url",
    );

    for (const bad of ["no-es-un-token", `${header}.${otherPayload}.${signature}`]) {
      const response = await client.get(`/verificar-correo?token=${encodeURIComponent(bad)}`);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(textOf(html)).toContain("Enlace no válido");
      expect(textOf(html)).toContain("El enlace de confirmación no es válido.");
      expect(html).toContain("Enviar un nuevo enlace");
    }
    await client.post("/login", { email, password: PASSWORD });
    expect((await publishReview(client, "¿Confirmado?")).status).toBe(403);
  });

  it("refuses an expired link, and offers a new one that works", async () => {
    const email = newEmail();
    await register(email);
    await confirmationLink(email);
    const { client } = await signIn(email);
    const expired = signVerificationToken(TEST_AUTH_SECRET, { email }, new Date(Date.now() - 1000));

    const response = await client.get(`/verificar-correo?token=${expired}`);
    expect(response.status).toBe(400);
    const page = textOf(await response.text());
    expect(page).toContain("El enlace ha caducado");
    expect(page).toContain("Los enlaces de confirmación caducan en 24 horas.");
    expect(page).toContain(`Lo enviaremos a ${email}`);
    expect((await publishReview(client, "Aún no.")).status).toBe(403);

    // "Enviar un nuevo enlace" (signed in): a second e-mail, whose link confirms.
    const resend = await client.post("/verificar-correo", { redirectTo: "/verificar-correo" });
    expect(resend.status).toBe(302);
    expect(textOf(await (await client.get("/verificar-correo")).text())).toContain(
      `Te hemos enviado un nuevo enlace de confirmación a ${email}.`,
    );
    const fresh = await confirmationLink(email, 2);
    expect((await client.get(local(fresh))).headers.get("Location")).toBe("/");
    expect((await publishReview(client, "Ya confirmada.")).status).toBe(302);
  });
});

describe("reviews need a confirmed e-mail (ADR 0009)", () => {
  it("refuses an unconfirmed account's review on the server and offers to resend the link", async () => {
    const email = newEmail();
    await register(email);
    const { client } = await signIn(email);
    const page = await (await client.get(REVIEWS)).text();
    expect(textOf(page)).toContain(
      "Para publicar reseñas, confirma antes tu correo electrónico con el enlace que te enviamos al registrarte.",
    );
    expect(page).toContain("Reenviar el enlace de confirmación");
    expect(page).not.toContain("Escribir una reseña");

    const comment = `Reseña sin confirmar ${Date.now()}`;
    const response = await publishReview(client, comment);
    expect(response.status).toBe(403);
    expect(textOf(await response.text())).toContain("confirma antes tu correo electrónico");
    expect(await (await client.get(REVIEWS)).text()).not.toContain(comment);

    // The notice's button sends a new link and comes back to the reviews with a toast.
    const resend = await client.post("/verificar-correo", { redirectTo: REVIEWS });
    expect(resend.status).toBe(302);
    expect(resend.headers.get("Location")).toBe(REVIEWS);
    expect(textOf(await (await client.get(REVIEWS)).text())).toContain("Correo enviado");
    await confirmationLink(email, 2);
  });

  it("limits the new links a signed-in user can ask for", async () => {
    const email = newEmail();
    await register(email);
    const { client } = await signIn(email);
    const answers: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      await client.post("/verificar-correo", { redirectTo: "/" });
      answers.push(textOf(await (await client.get("/")).text()));
    }
    expect(answers.slice(0, 3).every((a) => a.includes("Correo enviado"))).toBe(true);
    expect(answers[3]).toContain("Espera un poco");
    await waitForMail(received, email, CONFIRM_SUBJECT, { count: 4 });
    expect(await mailsTo(received, email, CONFIRM_SUBJECT)).toHaveLength(4); // 1 + 3
  });

  it("a visitor asking for a new link gets the same answer whether or not the account exists", async () => {
    const email = newEmail();
    await register(email);
    const unknown = newEmail("nadie");
    const answers = [];
    for (const address of [email, unknown]) {
      const visitor = new BrowserClient(server.url);
      const response = await visitor.post("/verificar-correo", { email: address });
      expect(response.status).toBe(302);
      const page = textOf(await (await visitor.get(response.headers.get("Location")!)).text());
      answers.push([
        response.headers.get("Location"),
        page.includes("Si hay una cuenta sin confirmar"),
      ]);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual(["/login", true]);
    await confirmationLink(email, 2);
    expect(await mailsTo(received, unknown, /./)).toEqual([]);
  });
});

describe("password reset", () => {
  it("/login links to the request page", async () => {
    const html = await (await new BrowserClient(server.url).get("/login")).text();
    expect(html).toMatch(
      /<a[^>]*href="\/recuperar-contrasena"[^>]*>¿Has olvidado tu contraseña\?<\/a>/,
    );
  });

  it("answers the same for an existing and an unknown e-mail, and only e-mails the account", async () => {
    const email = newEmail();
    await register(email);
    const unknown = newEmail("fantasma");

    const answers = [];
    for (const address of [email, unknown]) {
      const client = new BrowserClient(server.url);
      const started = performance.now();
      const response = await client.post("/recuperar-contrasena", { email: address });
      const elapsed = performance.now() - started;
      const location = response.headers.get("Location");
      const page = await (await client.get(location!)).text();
      answers.push({
        status: response.status,
        location,
        page: textOf(page).replaceAll(address, ""),
      });
      // The answer waits for a fixed minimum either way (timing tells nothing).
      expect(elapsed).toBeGreaterThanOrEqual(LIMITS.passwordResetRequestMinMs - 5);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(302);
    expect(answers[0]!.location).toBe("/recuperar-contrasena?enviado");
    expect(answers[0]!.page).toContain(
      "Si existe una cuenta con ese correo electrónico, te hemos enviado un enlace para elegir una contraseña nueva. Caduca en 1 hora y solo puede usarse una vez.",
    );

    const mail = await waitForMail(received, email, RESET_SUBJECT);
    const link = linkIn(mail, server.url, "/restablecer-contrasena");
    expect(mail.text).toContain("El enlace caduca en 1 hora y solo puede usarse una vez.");
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain("Elegir una contraseña nueva");
    // Not confirmed yet: no name typed at sign-up goes to the address.
    expect(mail.text).toContain("Hola:");
    expect(mail.text).not.toContain("Ruiz");
    expect(await mailsTo(received, unknown, /./)).toEqual([]);
  });

  it("refuses a malformed e-mail with a Spanish message and rate-limits one address", async () => {
    const client = new BrowserClient(server.url);
    const bad = await client.post("/recuperar-contrasena", { email: "no-es-correo" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Introduce un correo electrónico válido.");

    const email = newEmail("insistente");
    const statuses = [];
    // One visitor (address) asking for one e-mail; from other addresses the answer stays the
    // same, with fewer e-mails sent (throttling.test.ts).
    const visitor = new BrowserClient(server.url);
    for (let i = 0; i < 6; i += 1) {
      const response = await visitor.post("/recuperar-contrasena", { email });
      statuses.push(response.status);
      if (response.status === 429) expect(await response.text()).toContain("Demasiados intentos");
    }
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
  });

  it("sets a new password, ends the other sessions, signs in and confirms the e-mail", async () => {
    const email = newEmail();
    await register(email);
    const laptop = (await signIn(email)).client;
    const phone = (await signIn(email)).client;
    expect((await laptop.get("/perfil")).status).toBe(200);
    expect((await publishReview(laptop, "Sin confirmar.")).status).toBe(403);

    const browser = new BrowserClient(server.url);
    await browser.post("/recuperar-contrasena", { email });
    const link = await resetLink(email);
    const form = await browser.get(local(link));
    expect(form.status).toBe(200);
    // The last policy of the list is the one browsers apply.
    expect(form.headers.get("Referrer-Policy")?.split(",").at(-1)?.trim()).toBe("no-referrer");
    expect(form.headers.get("Cache-Control")).toBe("private, no-store");
    expect(textOf(await form.text())).toContain("Elige una contraseña nueva");

    const token = new URL(link).searchParams.get("token")!;
    const response = await browser.post(local(link), {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(browser.sessionToken()).toBeDefined();
    const home = textOf(await (await browser.get("/")).text());
    expect(home).toContain("Contraseña Actualizada");
    expect(home).toContain("Has iniciado sesión con tu nueva contraseña.");
    expect((await browser.get("/perfil")).status).toBe(200);

    // The sessions opened before the reset are over.
    for (const stale of [laptop, phone]) {
      expect((await stale.get("/perfil")).headers.get("Location")).toContain("/login");
    }
    expect((await signIn(email, PASSWORD)).status).toBe(400);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(302);
    // Using the link proved the mailbox: reviews are open now.
    expect((await publishReview(browser, "Contraseña nueva y correo confirmado.")).status).toBe(
      302,
    );
    const notice = await waitForMail(received, email, CHANGED_SUBJECT);
    expect(notice.text).toContain("La contraseña de tu cuenta se acaba de cambiar");
    expect(notice.text).toContain(`${server.url}/recuperar-contrasena`);
  });

  it("refuses the same link a second time", async () => {
    const email = newEmail();
    await register(email);
    await new BrowserClient(server.url).post("/recuperar-contrasena", { email });
    const link = await resetLink(email);
    const token = new URL(link).searchParams.get("token")!;
    const fields = { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect((await new BrowserClient(server.url).post(local(link), fields)).status).toBe(302);

    const again = await new BrowserClient(server.url).post(local(link), {
      ...fields,
      password: "Otra-Clave-Segura-9",
      confirmPassword: "Otra-Clave-Segura-9",
    });
    expect(again.status).toBe(400);
    expect(textOf(await again.text())).toContain(
      "Este enlace no es válido o ya se ha utilizado. Pide un enlace nuevo.",
    );
    const page = await new BrowserClient(server.url).get(local(link));
    expect(page.status).toBe(400);
    const text = textOf(await page.text());
    expect(text).toContain("Enlace no válido");
    expect(text).toContain("Pedir un enlace nuevo");
    expect((await signIn(email, "Otra-Clave-Segura-9")).status).toBe(400);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(302);
  });

  it("refuses an unknown token", async () => {
    const client = new BrowserClient(server.url);
    const page = await client.get("/restablecer-contrasena?token=inventado123");
    expect(page.status).toBe(400);
    expect(textOf(await page.text())).toContain("Este enlace no es válido o ya se ha utilizado.");
    const response = await client.post("/restablecer-contrasena?token=inventado123", {
      token: "inventado123",
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.status).toBe(400);
    expect(client.sessionToken()).toBeUndefined();
  });

  it.each([
    [{ password: "password123", confirmPassword: "password123" }, "demasiado común"],
    [
      { password: "Corta-1", confirmPassword: "Corta-1" },
      "La contraseña debe tener al menos 8 caracteres.",
    ],
    [
      { password: NEW_PASSWORD, confirmPassword: "No-Coincide-77" },
      "Las contraseñas no coinciden.",
    ],
  ])(
    "refuses %o with the registration rules, and the link still works",
    async (override, message) => {
      const email = newEmail();
      await register(email);
      await new BrowserClient(server.url).post("/recuperar-contrasena", { email });
      const link = await resetLink(email);
      const token = new URL(link).searchParams.get("token")!;
      const client = new BrowserClient(server.url);
      const refused = await client.post(local(link), { token, ...override });
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain(message);
      // Nothing typed in the password fields comes back.
      expect(html).not.toContain(override.password);
      expect((await signIn(email, PASSWORD)).status).toBe(302);

      const ok = await client.post(local(link), {
        token,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(ok.status).toBe(302);
    },
  );

  it("refuses an expired link and changes nothing", async () => {
    const email = newEmail();
    await register(email);
    await new BrowserClient(server.url).post("/recuperar-contrasena", { email });
    const link = await resetLink(email);
    const token = new URL(link).searchParams.get("token")!;

    // Age the link past its lifetime in the database (PGlite allows one process: stop first).
    await server.stop({ cleanup: false });
    const database = await openDatabase({
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl,
      DATABASE_POOL_MAX: 1,
    });
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    const aged = await database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, user!.id))
      .returning();
    expect(aged).toHaveLength(1);
    // Stored hashed: the token itself is nowhere in the table.
    expect(aged[0]!.identifier).not.toContain(token);
    await database.close();
    server = await server.restart();

    const path = `/restablecer-contrasena?token=${encodeURIComponent(token)}`;
    const client = new BrowserClient(server.url);
    const response = await client.post(path, {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.status).toBe(400);
    const text = textOf(await response.text());
    expect(text).toContain("El enlace ha caducado");
    expect(text).toContain("Los enlaces para restablecer la contraseña caducan en 1 hora.");
    expect(text).toContain("Pedir un enlace nuevo");
    expect(client.sessionToken()).toBeUndefined();
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(400);
    expect((await signIn(email, PASSWORD)).status).toBe(302);
  });
});

describe("without SMTP_URL: the outbox folder", () => {
  let local: TestServer;
  beforeAll(async () => {
    local = await startServer();
  });
  afterAll(async () => {
    await local?.stop();
  });

  it("writes each message as an .eml file, logs its path and subject, and the link works", async () => {
    const email = newEmail("outbox");
    const client = new BrowserClient(local.url);
    await client.post("/registro", {
      fullName: "Olga",
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: "on",
    });
    const mail = await waitForMail(() => readOutbox(local.dataDir), email, CONFIRM_SUBJECT);
    const file = (await readOutbox(local.dataDir)).find((m) => m.to.includes(email))!.file;
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(mail.from).toBe('"Tienda" <no-reply@127.0.0.1>');
    expect(mail.html).toContain("Confirmar mi correo");
    const logLine = local.output.find((line) => line.includes(file));
    expect(JSON.parse(logLine!)).toMatchObject({
      msg: "e-mail written to the outbox",
      path: file,
      subject: "Confirma tu correo electrónico en Tienda",
    });

    const link = linkIn(mail, local.url, "/verificar-correo");
    const response = await client.get(link.slice(local.url.length));
    expect(response.headers.get("Location")).toBe("/login");
  });
});
