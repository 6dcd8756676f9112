/*
 * The security audit's points 1 and 5 and the refusal log of point 9 (ADR 0023), over HTTP against the production
 * build: the ADMIN_EMAIL role only after the address is proven, reset links voided by a
 * reset or a password change, admin sessions that end when idle or old, and a session IP
 * that the client cannot choose. Session timestamps are moved in the database (the server is
 * stopped meanwhile: PGlite has one writer), never waited for.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PASSWORD,
} from "~/db/seed/demo-data";
import { sessions } from "~/db/schema";
import type { Database } from "~/db/client.server";
import { BrowserClient } from "../helpers/browser-client";
import { textOf } from "../helpers/html";
import { linkIn, readOutbox, waitForMail } from "../helpers/mail";
import { startServer, withStoppedServer, type TestServer } from "../helpers/server";

const ADMIN_EMAIL = "jefa@tienda.test";
const PASSWORD = "Girasol-Azul-2026";
const NEW_PASSWORD = "Nabo-Asado-Lento-2";
const CONFIRM_SUBJECT = /^Confirma tu correo electrónico en Tienda$/;
const RESET_SUBJECT = /^Restablece tu contraseña de Tienda$/;
const EXPIRED_TOAST = "Tu sesión ha caducado. Vuelve a iniciar sesión.";
const MINUTE = 60_000;

/** Server A: seeded, behind one trusted proxy (as every test server). */
let server: TestServer;
/** Server B: no proxy trusted (TRUST_PROXY=0), the same ADMIN_EMAIL. */
let direct: TestServer;

beforeAll(async () => {
  [server, direct] = await Promise.all([
    startServer({ seed: true, env: { ADMIN_EMAIL } }),
    startServer({ env: { ADMIN_EMAIL, TRUST_PROXY: "0" } }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), direct?.stop()]);
});

let counter = 0;
function newEmail(prefix: string) {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@ejemplo.es`;
}

async function register(on: TestServer, email: string) {
  const response = await new BrowserClient(on.url).post("/registro", {
    fullName: "Prueba Seguridad",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: "on",
  });
  expect(response.status).toBe(302);
}

async function signIn(
  on: TestServer,
  email: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
) {
  const client = new BrowserClient(on.url);
  const response = await client.post("/login", { email, password }, headers);
  expect(response.status).toBe(302);
  await client.get("/"); // consumes the welcome toast
  return client;
}

const local = (on: TestServer, link: string) => link.slice(on.url.length);

async function mailedLink(on: TestServer, email: string, subject: RegExp, count = 1) {
  const mail = await waitForMail(() => readOutbox(on.dataDir), email, subject, { count });
  const path = subject === CONFIRM_SUBJECT ? "/verificar-correo" : "/restablecer-contrasena";
  return local(on, linkIn(mail, on.url, path));
}

interface RefusalLine {
  msg: string;
  level: string;
  requestId?: unknown;
  userId?: unknown;
  path?: unknown;
  reason?: unknown;
}
function refusals(on: TestServer): RefusalLine[] {
  return on.output
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as RefusalLine)
    .filter((entry) => entry.msg === "authorization refused");
}

interface AccountExport {
  cuenta: { id: string };
  sesiones: { ultimaActividadEl: string; direccionIp: string | null; esEstaSesion: boolean }[];
}
/** The signed-in user's RGPD export (/perfil/mis-datos): their id and their sessions. */
async function exportOf(client: BrowserClient): Promise<AccountExport> {
  const response = await client.get("/perfil/mis-datos");
  expect(response.status).toBe(200);
  return (await response.json()) as AccountExport;
}
const thisSession = async (client: BrowserClient) =>
  (await exportOf(client)).sesiones.find((session) => session.esEstaSesion)!;

/**
 * Stops the seeded server, runs `task` on its database, and starts it again (on a new port:
 * carry clients over with `moved`).
 */
async function withDatabase(task: (db: Database) => Promise<unknown>) {
  server = await withStoppedServer(server, task);
}

/** The same browser (its cookies) talking to the restarted server. */
function moved(client: BrowserClient, to: TestServer) {
  const copy = new BrowserClient(to.url);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

function sessionToken(client: BrowserClient) {
  const [, value] = [...client.cookies].find(([name]) => name.endsWith("session_token"))!;
  return decodeURIComponent(value).split(".")[0]!;
}

describe("ADMIN_EMAIL grants the admin role only to a proven address", () => {
  it("register, sign in, then verify: a customer (refused and logged) until the link is followed", async () => {
    await register(server, ADMIN_EMAIL);
    const client = await signIn(server, ADMIN_EMAIL);

    const refused = await client.get("/admin/pedidos?token=secreto");
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/");
    expect((await client.get("/perfil")).status).toBe(200);
    const customerLine = refusals(server).at(-1);

    const anonymous = await new BrowserClient(server.url).get("/admin/productos");
    expect(anonymous.status).toBe(302);
    expect(refusals(server).at(-1)).toMatchObject({
      level: "warn",
      userId: null,
      path: "/admin/productos",
      reason: "anonymous",
    });

    // Following the e-mailed link proves the address: the open session is now an admin's.
    const link = await mailedLink(server, ADMIN_EMAIL, CONFIRM_SUBJECT);
    expect((await new BrowserClient(server.url).get(link)).status).toBe(302);
    expect((await client.get("/admin/dashboard")).status).toBe(200);

    const userId = (await exportOf(client)).cuenta.id;
    expect(customerLine).toMatchObject({
      level: "warn",
      userId,
      path: "/admin/pedidos",
      reason: "not_admin",
    });
    expect(typeof customerLine?.requestId).toBe("string");
    expect(JSON.stringify(customerLine)).not.toContain("secreto");
    expect(JSON.stringify(customerLine)).not.toContain("session_token");
  });

  it("register, verify, then sign in: admin at the sign-in after the link, not before", async () => {
    await register(direct, ADMIN_EMAIL);
    const before = await signIn(direct, ADMIN_EMAIL);
    expect((await before.get("/admin")).headers.get("Location")).toBe("/");

    const link = await mailedLink(direct, ADMIN_EMAIL, CONFIRM_SUBJECT);
    expect((await new BrowserClient(direct.url).get(link)).status).toBe(302);

    const after = await signIn(direct, ADMIN_EMAIL);
    expect((await after.get("/admin/dashboard")).status).toBe(200);
  });
});

describe("reset links are voided by a reset or a password change", () => {
  it("two links requested, the second used: the first is refused", async () => {
    const email = newEmail("olvidadiza");
    await register(server, email);
    const browser = new BrowserClient(server.url);
    await browser.post("/recuperar-contrasena", { email });
    const first = await mailedLink(server, email, RESET_SUBJECT, 1);
    await browser.post("/recuperar-contrasena", { email });
    const second = await mailedLink(server, email, RESET_SUBJECT, 2);
    expect(second).not.toBe(first);
    expect((await browser.get(first)).status).toBe(200);

    const token = (link: string) => new URL(link, server.url).searchParams.get("token")!;
    const used = await browser.post(second, {
      token: token(second),
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(used.status).toBe(302);

    const page = await new BrowserClient(server.url).get(first);
    expect(page.status).toBe(400);
    expect(textOf(await page.text())).toContain("Enlace no válido");
    const attempt = await new BrowserClient(server.url).post(first, {
      token: token(first),
      password: "Otra-Clave-Larga-77",
      confirmPassword: "Otra-Clave-Larga-77",
    });
    expect(attempt.status).toBe(400);
    // The password is the one set with the second link.
    await signIn(server, email, NEW_PASSWORD);
  });

  it("a password change in the profile voids a reset link sent before", async () => {
    const email = newEmail("prudente");
    await register(server, email);
    const client = await signIn(server, email);
    await new BrowserClient(server.url).post("/recuperar-contrasena", { email });
    const link = await mailedLink(server, email, RESET_SUBJECT);
    expect((await new BrowserClient(server.url).get(link)).status).toBe(200);

    const changed = await client.post("/perfil/configuracion", {
      intent: "password",
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(302);

    const page = await new BrowserClient(server.url).get(link);
    expect(page.status).toBe(400);
    expect(textOf(await page.text())).toContain("Enlace no válido");
  });
});

describe("admin sessions end when idle or old; customers keep theirs", () => {
  it("30 minutes idle or 12 hours old ends an admin session with a Spanish toast", async () => {
    const signedIdle = await signIn(server, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    const signedOld = await signIn(server, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    const signedRecent = await signIn(server, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    const signedCustomer = await signIn(server, DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD);
    const now = Date.now();
    await withDatabase(async (db) => {
      const set = (client: BrowserClient, createdAt: number, updatedAt: number) =>
        db
          .update(sessions)
          .set({ createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) })
          .where(eq(sessions.token, sessionToken(client)));
      await set(signedIdle, now - 60 * MINUTE, now - 31 * MINUTE);
      await set(signedOld, now - 12 * 60 * MINUTE - MINUTE, now - MINUTE);
      await set(signedRecent, now - 11 * 60 * MINUTE, now - 29 * MINUTE);
      await set(signedCustomer, now - 20 * 24 * 60 * MINUTE, now - 2 * 24 * 60 * MINUTE);
    });
    const [idle, old, recent, customer] = [signedIdle, signedOld, signedRecent, signedCustomer].map(
      (client) => moved(client, server),
    ) as [BrowserClient, BrowserClient, BrowserClient, BrowserClient];

    for (const client of [idle, old]) {
      const cookieBefore = client.cookieHeader();
      const response = await client.get("/admin/productos");
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fproductos");
      expect([...client.cookies.keys()].some((name) => name.endsWith("session_token"))).toBe(false);
      expect(textOf(await (await client.get("/login")).text())).toContain(EXPIRED_TOAST);
      // The session row is gone: the old cookie is now just an anonymous visitor's.
      const replay = await fetch(`${server.url}/admin/productos`, {
        redirect: "manual",
        headers: { Cookie: cookieBefore },
      });
      expect(replay.status).toBe(302);
      expect(replay.headers.getSetCookie().join(";")).not.toContain("toast");
    }

    // 29 minutes idle and 11 hours old: still in, and the request counts as activity.
    expect((await recent.get("/admin/dashboard")).status).toBe(200);
    expect((await customer.get("/perfil")).status).toBe(200);
    const activity = Date.parse((await thisSession(recent)).ultimaActividadEl);
    expect(activity).toBeGreaterThan(now - MINUTE);
  });

  it("an admin's password change ends the admin's other sessions", async () => {
    // The last test of the seeded server to use the demo admin: its password changes here.
    const laptop = await signIn(server, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    const phone = await signIn(server, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    expect((await phone.get("/admin/dashboard")).status).toBe(200);
    const changed = await laptop.post("/perfil/configuracion", {
      intent: "password",
      currentPassword: DEMO_ADMIN_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(302);
    expect((await laptop.get("/admin/dashboard")).status).toBe(200);
    const kicked = await phone.get("/admin/dashboard");
    expect(kicked.status).toBe(302);
    expect(kicked.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fdashboard");
  });
});

describe("the session's IP comes from the connection", () => {
  it("X-Client-IP is ignored; behind a trusted proxy, X-Forwarded-For is used", async () => {
    const email = newEmail("viajera");
    await register(server, email);
    const client = await signIn(server, email, PASSWORD, {
      "X-Client-IP": "6.6.6.6",
      "X-Forwarded-For": "203.0.113.7",
    });
    expect((await thisSession(client)).direccionIp).toBe("203.0.113.7");
  });

  it("with TRUST_PROXY=0 neither X-Client-IP nor X-Forwarded-For is believed", async () => {
    const email = newEmail("directa");
    await register(direct, email);
    const client = await signIn(direct, email, PASSWORD, {
      "X-Client-IP": "6.6.6.6",
      "X-Forwarded-For": "203.0.113.9",
    });
    expect((await thisSession(client)).direccionIp).toBe("127.0.0.1");
    // A request that came through a proxy is a sign of a misconfiguration: said once.
    const warnings = direct.output.filter((line) =>
      line.includes("X-Forwarded-For received with TRUST_PROXY=0"),
    );
    expect(warnings).toHaveLength(1);
    expect(server.output.join("\n")).not.toContain("received with TRUST_PROXY=0");
  });
});
