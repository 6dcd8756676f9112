import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client";
import { isChecked } from "../helpers/html";
import { startServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const PASSWORD = "Cebolla-Morada-93";
let counter = 0;
function newUser() {
  counter += 1;
  return {
    fullName: "Ana Pérez Gil",
    email: `ana.${Date.now()}.${counter}@ejemplo.es`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: "on",
  };
}

async function register(client: BrowserClient, fields: Record<string, string>) {
  return client.post("/registro", fields);
}

async function login(
  client: BrowserClient,
  email: string,
  password = PASSWORD,
  extra: Record<string, string> = {},
) {
  return client.post("/login", { email, password, ...extra });
}

describe("registration", () => {
  it("creates a customer and leads to /login with '¡Registro Exitoso!'", async () => {
    const client = new BrowserClient(server.url);
    const user = newUser();
    const response = await register(client, { ...user, marketingOptIn: "on" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    const page = await client.get("/login");
    expect(await page.text()).toContain("¡Registro Exitoso!");

    // The account works, and the marketing opt-in set the preferences row.
    expect((await login(client, user.email)).status).toBe(302);
    const profile = await (await client.get("/perfil")).text();
    expect(profile).toContain(user.email);
    expect(isChecked(profile, "receiveMarketingEmails")).toBe(true);
    expect(isChecked(profile, "receiveNewsletter")).toBe(true);
  });

  it("leaves marketing off when the opt-in is not ticked", async () => {
    const client = new BrowserClient(server.url);
    const user = newUser();
    await register(client, user);
    await login(client, user.email);
    const profile = await (await client.get("/perfil")).text();
    expect(isChecked(profile, "receiveMarketingEmails")).toBe(false);
    expect(isChecked(profile, "receiveNewsletter")).toBe(false);
  });

  it.each([
    [{ confirmPassword: "Otra-Cosa-123" }, "Las contraseñas no coinciden."],
    [{ acceptTerms: "" }, "Debes aceptar los términos y condiciones."],
    [
      { password: "corta", confirmPassword: "corta" },
      "La contraseña debe tener al menos 8 caracteres.",
    ],
    [{ password: "password123", confirmPassword: "password123" }, "demasiado común"],
    [{ password: "contraseña", confirmPassword: "contraseña" }, "demasiado común"],
    [{ password: "tienda123", confirmPassword: "tienda123" }, "demasiado común"],
    [{ password: "Tienda2026", confirmPassword: "Tienda2026" }, "demasiado común"],
    [{ password: "españa2026", confirmPassword: "españa2026" }, "demasiado común"],
    [{ email: "no-es-un-correo" }, "Introduce un correo electrónico válido."],
    [{ fullName: "   " }, "El nombre completo es obligatorio."],
  ])("refuses %o with a Spanish message and creates nothing", async (override, message) => {
    const client = new BrowserClient(server.url);
    const user = newUser();
    const fields = Object.fromEntries(
      Object.entries({ ...user, ...override }).filter(([, v]) => v !== ""),
    );
    const response = await register(client, fields);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message);
    // Nothing was created: the e-mail can still register.
    if (fields.email === user.email) {
      expect((await register(client, user)).status).toBe(302);
    }
  });

  it("keeps what was typed except the passwords", async () => {
    const client = new BrowserClient(server.url);
    const user = newUser();
    const html = await (await register(client, { ...user, confirmPassword: "x" })).text();
    expect(html).toContain(user.email);
    expect(html).not.toContain(PASSWORD);
  });

  it("refuses an e-mail that already has an account", async () => {
    const client = new BrowserClient(server.url);
    const user = newUser();
    expect((await register(client, user)).status).toBe(302);
    const again = await register(client, { ...user, email: user.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Ya existe una cuenta con ese correo electrónico");
  });
});

describe("login, sessions and logout", () => {
  it("signs in with a hardened session cookie and the welcome toast", async () => {
    const client = new BrowserClient(server.url);
    const user = newUser();
    await register(client, user);
    const response = await login(client, user.email);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Secure/i); // production build
    const home = await (await client.get("/")).text();
    expect(home).toContain("Bienvenido de nuevo");
    expect(home).toContain("Has iniciado sesión correctamente.");
  });

  it("returns to a safe relative redirectTo only", async () => {
    const client = new BrowserClient(server.url);
    const user = newUser();
    await register(client, user);
    const ok = await login(client, user.email, PASSWORD, { redirectTo: "/perfil/favoritos" });
    expect(ok.headers.get("Location")).toBe("/perfil/favoritos");
    for (const evil of ["//evil.example/x", "https://evil.example", "/\\evil.example"]) {
      const other = new BrowserClient(server.url);
      const response = await login(other, user.email, PASSWORD, { redirectTo: evil });
      expect(response.headers.get("Location")).toBe("/");
    }
  });

  it("refuses a wrong password with the spec's Spanish message", async () => {
    const client = new BrowserClient(server.url);
    const user = newUser();
    await register(client, user);
    const response = await login(client, user.email, "Contraseña-Mala-1");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Correo electrónico o contraseña incorrectos.");
    expect(client.sessionToken()).toBeUndefined();
  });

  it("issues a new session id at login and revokes the previous one", async () => {
    const client = new BrowserClient(server.url);
    const user = newUser();
    await register(client, user);
    await login(client, user.email);
    const first = client.sessionToken();
    expect(first).toBeDefined();
    await login(client, user.email);
    const second = client.sessionToken();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    const stale = new BrowserClient(server.url);
    stale.cookies.set(
      [...client.cookies.keys()].find((k) => k.includes("session_token"))!,
      first!,
    );
    const response = await stale.get("/perfil");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/login");
  });

  it("logs out server-side: the old cookie no longer works, and 'Sesión Cerrada' shows", async () => {
    const client = new BrowserClient(server.url);
    const user = newUser();
    await register(client, user);
    await login(client, user.email);
    const cookieName = [...client.cookies.keys()].find((k) => k.includes("session_token"))!;
    const token = client.sessionToken()!;
    const response = await client.post("/logout", {});
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(client.sessionToken()).toBeUndefined();
    expect(await (await client.get("/")).text()).toContain("Sesión Cerrada");

    const replay = new BrowserClient(server.url);
    replay.cookies.set(cookieName, token);
    expect((await replay.get("/perfil")).headers.get("Location")).toContain("/login");
  });

  it("GET /logout never signs anyone out", async () => {
    const client = new BrowserClient(server.url);
    const user = newUser();
    await register(client, user);
    await login(client, user.email);
    await client.get("/logout");
    expect((await client.get("/perfil")).status).toBe(200);
  });

  it("does not count successful sign-ins against the limits", async () => {
    const user = newUser();
    await register(new BrowserClient(server.url), user);
    const statuses: number[] = [];
    // More than the per-(account, address) limit of failed attempts, each one a success
    // (throttling itself: throttling.test.ts).
    for (let i = 0; i < 10; i += 1) {
      statuses.push((await login(new BrowserClient(server.url), user.email)).status);
    }
    expect(statuses).toEqual(Array(10).fill(302));
  });

  it("rate-limits registrations from one address", async () => {
    const client = new BrowserClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await register(client, newUser())).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(302));
    expect(statuses[10]).toBe(429);
    const blocked = await register(client, newUser());
    expect(await blocked.text()).toContain("Demasiados intentos");
  });
});
