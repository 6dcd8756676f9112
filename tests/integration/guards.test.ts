import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { BrowserClient } from "../helpers/browser-client";
import { startServer, type TestServer } from "../helpers/server";
import { confirmEmail } from "../helpers/sessions";

/** Every URL path the route config declares, with sample values for dynamic segments. */
function allPaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const sample = own.replace(/:[^/]+/g, "1").replace(/\*$/, "ruta-inexistente");
    const here = entry.index || entry.path ? [`/${sample}`.replace(/\/+/g, "/")] : [];
    return [...here, ...allPaths(entry.children ?? [], own)];
  });
}

const adminPaths = [
  ...new Set(allPaths(routes).filter((p) => p === "/admin" || p.startsWith("/admin/"))),
];
const profilePaths = [
  ...new Set(allPaths(routes).filter((p) => p === "/perfil" || p.startsWith("/perfil/"))),
];

const ADMIN_EMAIL = "jefa@tienda.test";
const PASSWORD = "Girasol-Azul-2026";
let server: TestServer;
let customer: BrowserClient;
let admin: BrowserClient;

async function signedIn(email: string) {
  const client = new BrowserClient(server.url);
  await client.post("/registro", {
    fullName: "Prueba",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: "on",
  });
  if (email === ADMIN_EMAIL) await confirmEmail(server, email);
  const response = await client.post("/login", { email, password: PASSWORD });
  expect(response.status).toBe(302);
  return client;
}

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_EMAIL } });
  customer = await signedIn("cliente@tienda.test");
  admin = await signedIn(ADMIN_EMAIL);
});
afterAll(async () => {
  await server?.stop();
});

describe("admin routes", () => {
  it("the route config has admin routes to check", () => {
    expect(adminPaths).toContain("/admin");
    expect(adminPaths).toContain("/admin/dashboard");
  });

  it.each(adminPaths)("%s sends anonymous visitors to /login with redirectTo", async (path) => {
    const response = await new BrowserClient(server.url).get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });

  it.each(adminPaths)("%s refuses customers (page, data request and POST)", async (path) => {
    const page = await customer.get(path);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/");

    // Client-side navigations fetch `{path}.data`: the guard covers those too.
    const dataRequest = await customer.get(`${path}.data`);
    const body = await dataRequest.text();
    expect(body).not.toContain("pendingMarketplace");
    expect(body).not.toContain("Panel de control");

    const post = await customer.post(path, { intent: "delete", id: "1" });
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe("/");
  });

  it("lets the admin in, with the real figures", async () => {
    const response = await admin.get("/admin/dashboard");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Panel de control");
    // One customer; the other account is the admin.
    expect(html).toMatch(/Clientes(?:<\/a>)?<\/p><p[^>]*>1</);
    expect((await admin.get("/admin")).headers.get("Location")).toBe("/admin/dashboard");
  });
});

describe("profile routes", () => {
  it.each(profilePaths)("%s requires sign-in", async (path) => {
    const response = await new BrowserClient(server.url).get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    // Past the guard: the page itself answers. A detail page (an order "1" the new customer
    // does not have) answers its own 404, not a sign-in redirect; so does the admins' security
    // page (ADR 0023) for a customer.
    // The avatar's address only takes the upload's post: a GET goes back to /perfil.
    const notForThisCustomer = path.startsWith("/perfil/pedidos/") || path === "/perfil/seguridad";
    const signedIn = await customer.get(path);
    if (path === "/perfil/avatar") {
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("Location")).toBe("/perfil");
    } else {
      expect(signedIn.status).toBe(notForThisCustomer ? 404 : 200);
    }
  });
});
