import type { RouteConfigEntry } from "@react-router/dev/routes";
import { Secret, TOTP, URI } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { BrowserClient } from "../helpers/browser-client";
import { textOf, unescapeHtml } from "../helpers/html";
import { startServer, type TestServer } from "../helpers/server";
import { confirmEmail } from "../helpers/sessions";

/*
 * Admins' second factor (point 6; ADR 0023), over HTTP as a browser without
 * JavaScript would use it: enrolment at /perfil/seguridad with a code computed here from the
 * secret the page shows, sign-in's second step, recovery codes, the code limit, and
 * ADMIN_REQUIRE_2FA closing /admin to admins without a second factor.
 */

const ADMIN_EMAIL = "jefa@tienda.test";
const PASSWORD = "Girasol-Azul-2026";
const SECURITY = "/perfil/seguridad";
const SECOND_STEP = "/verificacion-en-dos-pasos";
const RECOVERY_CODE = /\b[A-Za-z0-9]{5}-[A-Za-z0-9]{5}\b/g;

/** The recovery codes a page shows (its list of them), or none. */
function recoveryCodesOn(html: string) {
  const list = /<ul aria-label="Códigos de recuperación"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1];
  return textOf(list ?? "").match(RECOVERY_CODE) ?? [];
}

async function register(server: TestServer, email: string, password = PASSWORD) {
  const response = await new BrowserClient(server.url).post("/registro", {
    fullName: "Prueba Dos Pasos",
    email,
    password,
    confirmPassword: password,
    acceptTerms: "on",
  });
  expect(response.status).toBe(302);
}

/** Password sign-in; returns the client and where the server sent it. */
async function signInWithPassword(server: TestServer, email: string, redirectTo = "/") {
  const client = new BrowserClient(server.url);
  const response = await client.post("/login", { email, password: PASSWORD, redirectTo });
  expect(response.status).toBe(302);
  return { client, location: response.headers.get("Location") };
}

async function signedIn(server: TestServer, email: string) {
  const { client, location } = await signInWithPassword(server, email);
  expect(location).toBe("/");
  expect(client.sessionToken()).toBeTruthy();
  return client;
}

/** The app's code for a secret, as an authenticator app computes it. */
function appFor(secret: string) {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
}

/** A 6-digit code the app does not show now (nor 30 s before or after). */
function wrongCode(totp: TOTP) {
  const now = Date.now();
  const valid = new Set([-30_000, 0, 30_000].map((d) => totp.generate({ timestamp: now + d })));
  let code = (Number(totp.generate()) + 500_000) % 1_000_000;
  while (valid.has(String(code).padStart(6, "0"))) code = (code + 1) % 1_000_000;
  return String(code).padStart(6, "0");
}

/** Enrols the signed-in client; returns its app and the recovery codes shown once. */
async function enrol(client: BrowserClient, email: string) {
  const started = await client.post(SECURITY, { intent: "enable", password: PASSWORD });
  expect(started.status).toBe(302);
  expect(started.headers.get("Location")).toBe(SECURITY);

  const page = await client.get(SECURITY);
  expect(page.status).toBe(200);
  const html = await page.text();
  // The key for typing by hand, in groups of four, and the otpauth:// link with the same key.
  const grouped = textOf(/<code\b[^>]*>([\s\S]*?)<\/code>/.exec(html)?.[1] ?? "");
  expect(grouped).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const secret = grouped.replace(/ /g, "");
  const link = unescapeHtml(/href="(otpauth:\/\/[^"]+)"/.exec(html)?.[1] ?? "");
  const uri = URI.parse(link);
  if (!(uri instanceof TOTP)) throw new Error(`not a TOTP link: ${link}`);
  expect(uri.secret.base32).toBe(secret);
  expect(uri.issuer).toBe("Tienda");
  expect(uri.label).toBe(email);
  expect(uri.digits).toBe(6);
  expect(uri.period).toBe(30);

  const app = appFor(secret);
  const wrong = await client.post(SECURITY, { intent: "confirm", code: wrongCode(app) });
  expect(wrong.status).toBe(400);
  expect(textOf(await wrong.text())).toContain("El código no es correcto.");
  expect(textOf(await (await client.get(SECURITY)).text())).not.toContain("Estado: activada");

  const before = client.sessionToken();
  const confirmed = await client.post(SECURITY, { intent: "confirm", code: app.generate() });
  expect(confirmed.status).toBe(200);
  const shown = await confirmed.text();
  expect(textOf(shown)).toContain("Guarda tus códigos de recuperación");
  const recoveryCodes = recoveryCodesOn(shown);
  expect(recoveryCodes).toHaveLength(10);
  // better-auth replaces the session when the second factor is turned on.
  expect(client.sessionToken()).toBeTruthy();
  expect(client.sessionToken()).not.toBe(before);
  return { app, recoveryCodes };
}

describe("admins' second factor", () => {
  let server: TestServer;
  let admin: BrowserClient;
  let app: TOTP;
  let recoveryCodes: string[];

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_EMAIL } });
    await register(server, ADMIN_EMAIL);
    // ADMIN_EMAIL is an admin once the address is confirmed (point 1).
    await confirmEmail(server, ADMIN_EMAIL);
    admin = await signedIn(server, ADMIN_EMAIL);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("an admin enrols with the password, a code from the app and gets recovery codes once", async () => {
    const page = await admin.get(SECURITY);
    expect(page.status).toBe(200);
    const text = textOf(await page.text());
    expect(text).toContain("Verificación en dos pasos");
    expect(text).toContain("Estado: desactivada.");

    const wrongPassword = await admin.post(SECURITY, { intent: "enable", password: "otra-cosa" });
    expect(wrongPassword.status).toBe(400);
    expect(textOf(await wrongPassword.text())).toContain("La contraseña no es correcta.");

    ({ app, recoveryCodes } = await enrol(admin, ADMIN_EMAIL));

    const after = textOf(await (await admin.get(SECURITY)).text());
    expect(after).toContain("Estado: activada.");
    expect(after).toContain("Te quedan 10 códigos de recuperación sin usar.");
    // Shown once: never again on the page.
    for (const code of recoveryCodes) expect(after).not.toContain(code);
    expect(new Set(recoveryCodes).size).toBe(10);
    // The same code again does not show them a second time.
    const again = await admin.post(SECURITY, { intent: "confirm", code: app.generate() });
    expect(again.status).toBe(409);
    const againHtml = await again.text();
    expect(recoveryCodesOn(againHtml)).toEqual([]);
    for (const code of recoveryCodes) expect(againHtml).not.toContain(code);
    expect((await admin.get("/admin/dashboard")).status).toBe(200);
  });

  it("signing in asks for the code: no session before it, a wrong one refused, the right one opens /admin", async () => {
    const { client, location } = await signInWithPassword(server, ADMIN_EMAIL, "/admin/dashboard");
    expect(location).toBe(`${SECOND_STEP}?redirectTo=${encodeURIComponent("/admin/dashboard")}`);
    expect(client.sessionToken()).toBeUndefined();
    const admin = await client.get("/admin/dashboard");
    expect(admin.status).toBe(302);
    expect(admin.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);

    const page = await client.get(location!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(textOf(html)).toContain("Verificación en dos pasos");
    expect(html).toMatch(/autocomplete="one-time-code"/i);

    const wrong = await client.post(location!, {
      code: wrongCode(app),
      redirectTo: "/admin/dashboard",
    });
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain("El código no es correcto.");
    expect(client.sessionToken()).toBeUndefined();

    const right = await client.post(location!, {
      code: app.generate(),
      redirectTo: "/admin/dashboard",
    });
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/admin/dashboard");
    expect(client.sessionToken()).toBeTruthy();
    const dashboard = await client.get("/admin/dashboard");
    expect(dashboard.status).toBe(200);
    expect(textOf(await dashboard.text())).toContain("Panel de control");
  });

  it("the second step without a correct password first sends back to /login", async () => {
    const response = await new BrowserClient(server.url).get(`${SECOND_STEP}?redirectTo=%2Fadmin`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin");
    const post = await new BrowserClient(server.url).post(SECOND_STEP, { code: app.generate() });
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe("/login?redirectTo=%2F");
  });

  it("a recovery code signs in once, and then no more", async () => {
    const [code] = recoveryCodes;
    const first = await signInWithPassword(server, ADMIN_EMAIL);
    const used = await first.client.post(first.location!, { code: code! });
    expect(used.status).toBe(302);
    expect(used.headers.get("Location")).toBe("/");
    expect(first.client.sessionToken()).toBeTruthy();
    expect(textOf(await (await first.client.get(SECURITY)).text())).toContain(
      "Te quedan 9 códigos de recuperación sin usar.",
    );

    const second = await signInWithPassword(server, ADMIN_EMAIL);
    const reused = await second.client.post(second.location!, { code: code! });
    expect(reused.status).toBe(400);
    expect(textOf(await reused.text())).toContain(
      "Ese código de recuperación no es válido o ya se ha usado.",
    );
    expect(second.client.sessionToken()).toBeUndefined();
  });

  it("new recovery codes replace the old ones", async () => {
    const fresh = await admin.post(SECURITY, { intent: "regenerate", password: PASSWORD });
    expect(fresh.status).toBe(200);
    const codes = recoveryCodesOn(await fresh.text());
    expect(codes).toHaveLength(10);

    const old = await signInWithPassword(server, ADMIN_EMAIL);
    const refused = await old.client.post(old.location!, { code: recoveryCodes[1]! });
    expect(refused.status).toBe(400);
    const accepted = await old.client.post(old.location!, { code: codes[0]! });
    expect(accepted.status).toBe(302);
    expect(old.client.sessionToken()).toBeTruthy();
  });

  it("limits the codes typed from one address, across accounts", async () => {
    // A second admin, so that neither account reaches better-auth's own lock (10 in a row).
    const otherEmail = "segunda@tienda.test";
    const created = await admin.post("/admin/usuarios?nuevo=", {
      intent: "create",
      email: otherEmail,
      password: PASSWORD,
      fullName: "Segunda Admin",
      role: "admin",
      avatarUrl: "",
    });
    expect(created.status).toBe(302);
    const other = await enrol(await signedIn(server, otherEmail), otherEmail);

    const attacker = new BrowserClient(server.url);
    const challenge = async (email: string) => {
      const response = await attacker.post("/login", { email, password: PASSWORD });
      expect(response.headers.get("Location")).toMatch(new RegExp(`^${SECOND_STEP}`));
    };
    // better-auth allows 5 codes per password sign-in; the shop 10 per address.
    for (const [email, totp] of [
      [ADMIN_EMAIL, app],
      [otherEmail, other.app],
    ] as const) {
      await challenge(email);
      for (let i = 0; i < 5; i++) {
        const wrong = await attacker.post(SECOND_STEP, { code: wrongCode(totp) });
        expect(wrong.status).toBe(400);
      }
    }
    await challenge(otherEmail);
    const limited = await attacker.post(SECOND_STEP, { code: other.app.generate() });
    expect(limited.status).toBe(429);
    expect(textOf(await limited.text())).toContain("Demasiados intentos.");
    expect(attacker.sessionToken()).toBeUndefined();

    // From another address the right code still works (the account is not locked).
    const { client, location } = await signInWithPassword(server, otherEmail);
    const ok = await client.post(location!, { code: other.app.generate() });
    expect(ok.status).toBe(302);
    expect(client.sessionToken()).toBeTruthy();
  });

  it("customers are never asked for a code and have no security page, unlike admins", async () => {
    const email = "cliente@tienda.test";
    await register(server, email);
    const customer = await signedIn(server, email);
    const refused = await customer.get(SECURITY);
    expect(refused.status).toBe(404);
    // The way on is home: reloading a refusal would only refuse again.
    const refusal = await refused.text();
    expect(refusal).toContain("Esta página es solo para administradores.");
    expect(refusal).toMatch(/<a[^>]*href="\/"[^>]*>Volver al inicio<\/a>/);
    expect(refusal).not.toContain("Volver a cargar");
    const enable = await customer.post(SECURITY, { intent: "enable", password: PASSWORD });
    expect(enable.status).toBe(404);
    const perfil = await (await customer.get("/perfil")).text();
    expect(perfil).not.toContain(`href="${SECURITY}"`);
    await signedIn(server, email);

    // The admin, enrolled, is asked; and finds the page in the account menu.
    const { location } = await signInWithPassword(server, ADMIN_EMAIL);
    expect(location).toMatch(new RegExp(`^${SECOND_STEP}`));
    expect(await (await admin.get("/perfil")).text()).toContain(`href="${SECURITY}"`);
  });

  it("turning it off needs the password; then sign-in has one step again", async () => {
    const wrong = await admin.post(SECURITY, { intent: "disable", password: "otra-cosa" });
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain("La contraseña no es correcta.");
    const off = await admin.post(SECURITY, { intent: "disable", password: PASSWORD });
    expect(off.status).toBe(302);
    expect(off.headers.get("Location")).toBe(SECURITY);
    expect(textOf(await (await admin.get(SECURITY)).text())).toContain("Estado: desactivada.");
    await signedIn(server, ADMIN_EMAIL);
  });
});

/** Every /admin URL the route config declares, with sample values for dynamic segments. */
function adminPaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const sample = own.replace(/:[^/]+/g, "1").replace(/\*$/, "ruta-inexistente");
    const here = entry.index || entry.path ? [`/${sample}`.replace(/\/+/g, "/")] : [];
    return [...here, ...adminPaths(entry.children ?? [], own)].filter(
      (p) => p === "/admin" || p.startsWith("/admin/"),
    );
  });
}

describe("ADMIN_REQUIRE_2FA=true", () => {
  let server: TestServer;
  let admin: BrowserClient;

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_EMAIL, ADMIN_REQUIRE_2FA: "true" } });
    await register(server, ADMIN_EMAIL);
    // ADMIN_EMAIL is an admin once the address is confirmed (point 1).
    await confirmEmail(server, ADMIN_EMAIL);
    admin = await signedIn(server, ADMIN_EMAIL);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const paths = [...new Set(adminPaths(routes))];

  it.each(paths)(
    "%s sends an admin without a second factor to enrol (page, data, POST)",
    async (path) => {
      const page = await admin.get(path);
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe(SECURITY);

      // Client-side navigations fetch `{path}.data`: a redirect comes back as data (status 202).
      const dataRequest = await admin.get(`${path}.data`);
      const body = await dataRequest.text();
      expect(dataRequest.status).toBe(202);
      expect(body).toContain(`"${SECURITY}"`);
      expect(body).not.toContain("Panel de control");

      const post = await admin.post(path, { intent: "delete", id: "1" });
      expect(post.status).toBe(302);
      expect(post.headers.get("Location")).toBe(SECURITY);
    },
  );

  it("sends admins to enrol but leaves customers alone", async () => {
    const email = "cliente@tienda.test";
    await register(server, email);
    const customer = await signedIn(server, email);
    expect((await customer.get("/perfil")).status).toBe(200);
    expect((await customer.get("/perfil/pedidos")).status).toBe(200);
    expect((await customer.get("/admin/dashboard")).headers.get("Location")).toBe("/");

    expect((await admin.get("/perfil")).status).toBe(200);
    expect((await admin.get("/admin/dashboard")).headers.get("Location")).toBe(SECURITY);
  });

  it("an admin without a second factor has no admin powers on the shop's pages either", async () => {
    // The admin's own review (a confirmed address may write one), then its deletion.
    const REVIEWS = "/rese%C3%B1as";
    const posted = await admin.post(REVIEWS, {
      intent: "create",
      rating: "5",
      comment: "Reseña de prueba de la administradora",
    });
    expect(posted.status).toBe(302);
    const reviewsPage = await (await admin.get(REVIEWS)).text();
    expect(reviewsPage).toContain("Reseña de prueba de la administradora");
    // The page shows no delete button to an admin who has not enrolled.
    expect(reviewsPage).not.toMatch(/name="reviewId"/);
    const deletion = await admin.post(REVIEWS, { intent: "delete", reviewId: "1" });
    expect(deletion.status).toBe(403);
    expect(await (await admin.get(REVIEWS)).text()).toContain(
      "Reseña de prueba de la administradora",
    );
  });

  it("refuses an admin action until enrolled, then allows it", async () => {
    const newUser = {
      intent: "create",
      email: "nuevo@tienda.test",
      password: "Membrillo-Tostado-48",
      fullName: "Nuevo Usuario",
      role: "admin",
      avatarUrl: "",
    };
    const refused = await admin.post("/admin/usuarios?nuevo=", newUser);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(SECURITY);
    // Nothing was created: that account cannot sign in.
    const attempt = await new BrowserClient(server.url).post("/login", {
      email: newUser.email,
      password: newUser.password,
    });
    expect(attempt.status).toBe(400);

    const page = textOf(await (await admin.get(SECURITY)).text());
    expect(page).toContain(
      "Para entrar en el panel de administración tienes que activar la verificación en dos pasos.",
    );

    await enrol(admin, ADMIN_EMAIL);
    expect((await admin.get("/admin/dashboard")).status).toBe(200);
    const created = await admin.post("/admin/usuarios?nuevo=", newUser);
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).not.toBe(SECURITY);
  });
});
