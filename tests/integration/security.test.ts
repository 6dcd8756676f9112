import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client";
import { startServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const PASSWORD = "Tomate-Rosa-2026";
const registration = (email: string) => ({
  fullName: "Víctima",
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  acceptTerms: "on",
});

describe("CSRF", () => {
  it.each([
    ["a foreign Origin", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site", Origin: "null" }],
    ["a sibling site", { "Sec-Fetch-Site": "same-site", Origin: "https://shop.evil.example" }],
  ])("refuses a cross-site POST with %s and changes nothing", async (_label, headers) => {
    const email = `csrf.${Date.now()}.${Math.random()}@ejemplo.es`;
    const attacker = new BrowserClient(server.url);
    const response = await attacker.post("/registro", registration(email), headers);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Solicitud rechazada");

    // Nothing was created: logging in fails and the same e-mail can still register.
    const victim = new BrowserClient(server.url);
    expect((await victim.post("/login", { email, password: PASSWORD })).status).toBe(400);
    expect((await victim.post("/registro", registration(email))).status).toBe(302);
  });

  it("refuses a cross-site logout, which keeps the session alive", async () => {
    const client = new BrowserClient(server.url);
    const email = `logout.${Date.now()}@ejemplo.es`;
    await client.post("/registro", registration(email));
    await client.post("/login", { email, password: PASSWORD });
    const response = await client.post(
      "/logout",
      {},
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    );
    expect(response.status).toBe(403);
    expect((await client.get("/perfil")).status).toBe(200);
  });
});

describe("security headers", () => {
  it("sends a nonce CSP that matches the page's scripts, and the baseline headers", async () => {
    // A page rendered for this request (the shared page cache's hash policy: performance tests).
    const response = await new BrowserClient(server.url).get("/?prueba=csp");
    expect(response.status).toBe(200);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
    expect(response.headers.get("X-Powered-By")).toBeNull();
    expect(html).toContain('<html lang="es"');
  });

  it("uses a new nonce per rendered response", async () => {
    const client = new BrowserClient(server.url);
    const a = (await client.get("/?prueba=nonce-1")).headers.get("Content-Security-Policy");
    const b = (await client.get("/?prueba=nonce-2")).headers.get("Content-Security-Policy");
    expect(a).toMatch(/'nonce-[^']+'/);
    expect(a).not.toBe(b);
  });
});

describe("caching", () => {
  it("lets shared caches keep pages without anything personal, never one with a toast or a user", async () => {
    const client = new BrowserClient(server.url);
    expect((await client.get("/aviso-legal")).headers.get("Cache-Control")).toBe(
      "public, max-age=300",
    );

    const subscribed = await client.post("/newsletter", {
      email: `cache.${Date.now()}@ejemplo.es`,
      consent: "on",
      redirectTo: "/aviso-legal",
    });
    expect(subscribed.headers.get("Location")).toBe("/aviso-legal");
    const withToast = await client.get("/aviso-legal");
    expect(await withToast.text()).toContain("¡Gracias por suscribirte!");
    expect(withToast.headers.get("Cache-Control")).toBe("private, no-store");

    const email = `cache.user.${Date.now()}@ejemplo.es`;
    await client.post("/registro", registration(email));
    await client.post("/login", { email, password: PASSWORD });
    await client.get("/"); // consumes the welcome toast
    // A signed-in page may be shareable only without anything of the account in it (ADR 0020).
    const signedIn = await client.get("/aviso-legal");
    const html = await signedIn.text();
    expect(html).toContain("Aviso legal");
    expect(signedIn.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(signedIn.headers.get("Vary")).toContain("Cookie");
    expect(html).not.toContain(email);
    // The account's own pages stay personal.
    const profile = await client.get("/perfil");
    expect(profile.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await profile.text()).toContain(email);
  });

  it("refuses a newsletter sign-up without consent, with a Spanish message", async () => {
    const client = new BrowserClient(server.url);
    const response = await client.post("/newsletter", {
      email: "sin.consentimiento@ejemplo.es",
      redirectTo: "/contacto",
    });
    expect(response.headers.get("Location")).toBe("/contacto");
    expect(await (await client.get("/contacto")).text()).toContain(
      "Debes aceptar recibir la newsletter.",
    );
  });
});

describe("logs", () => {
  it("every line the server writes is one JSON object, better-auth's own warnings included", async () => {
    const client = new BrowserClient(server.url);
    const from = server.output.length;
    // An unknown account: better-auth warns "User not found" through its logger.
    const response = await client.post("/login", {
      email: `nadie.${Date.now()}@ejemplo.es`,
      password: "Clave-Inventada-77",
    });
    expect(response.status).toBe(400);
    await expect
      .poll(() => server.output.slice(from).some((l) => l.includes("better-auth")))
      .toBe(true);
    for (const line of server.output.slice(from)) {
      expect(() => JSON.parse(line), line).not.toThrow();
    }
  });
});
