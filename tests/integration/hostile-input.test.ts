/**
 * The security audit's point 4 (ADR 0023): bodies are bounded (413, Spanish, never read into memory), input
 * PostgreSQL cannot store answers 400 before any loader or action runs, and paths the static
 * handlers refuse answer 404.
 */
import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "~/db/seed/demo-data";
import { BrowserClient } from "../helpers/browser-client";
import { startServer, type TestServer } from "../helpers/server";
import { signedIn } from "../helpers/sessions";

let server: TestServer;
let admin: BrowserClient;
beforeAll(async () => {
  server = await startServer({ seed: true });
  admin = await signedIn(server.url, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
});
afterAll(async () => {
  await server?.stop();
});

/** A request exactly as written (fetch would normalise `..` and percent-escapes in the path). */
function rawRequest(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? "GET",
        headers: options.headers,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const databaseErrors = () =>
  server.output.filter((line) => /invalid byte sequence|Failed query|unhandled error/.test(line));

describe("input PostgreSQL cannot store", () => {
  const queries = [
    "/productos?q=%00",
    "/productos/todos?q=port%00atil",
    "/productos/todos?precioMin=%00",
    "/productos/todos?orden=%00",
    "/productos/%00",
    "/productos/electronica/%00",
    "/novedades?q=%C0",
    "/rebajas?q=%ff",
    "/marketplace/todos?q=%ED%A0%80",
    "/servicios/%00",
    "/pedidos/seguimiento?numero=%00",
    "/rese%C3%B1as?pagina=%00",
    "/login?redirectTo=%00",
    "/restablecer-contrasena?token=%00",
    "/verificar-correo?token=%00",
    "/newsletter/baja?token=%00",
  ];
  it.each(queries)("GET %s answers 400 in Spanish", async (path) => {
    const response = await rawRequest(path, {
      headers: { Accept: "text/html", "X-Forwarded-For": "2001:db8::40" },
    });
    expect(response.status).toBe(400);
    expect(response.body).toContain("caracteres no válidos");
  });

  const adminQueries = [
    "/admin/productos?q=%00",
    "/admin/usuarios?q=%00",
    "/admin/pedidos?q=%00",
    "/admin/pedidos/%00",
    "/admin/contenido/%00",
    "/admin/actividad?tipo=%00",
  ];
  it.each(adminQueries)("GET %s (signed in as admin) answers 400", async (path) => {
    const response = await admin.get(path);
    expect(response.status).toBe(400);
  });

  const forms: [string, Record<string, string>][] = [
    ["/login", { email: "admin@tienda.local\u0000", password: DEMO_ADMIN_PASSWORD }],
    ["/recuperar-contrasena", { email: "nul\u0000@ejemplo.es" }],
    ["/newsletter", { email: "nul\u0000@ejemplo.es", consent: "on", redirectTo: "/" }],
    ["/pedidos/seguimiento", { numero: "TD-\u0000", email: "a@ejemplo.es" }],
    ["/carrito", { intent: "add", productId: "1\u0000" }],
    ["/favoritos", { productId: "1\u0000" }],
  ];
  it.each(forms)("POST %s with a NUL in a field answers 400", async (path, fields) => {
    const response = await new BrowserClient(server.url).post(path, fields, {
      Accept: "text/html",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("caracteres no válidos");
  });

  it("refuses a registration with a NUL and creates no account", async () => {
    const email = `nul.${Date.now()}@ejemplo.es`;
    const fields = {
      fullName: "Nulo\u0000",
      email,
      password: "Tomate-Rosa-2026",
      confirmPassword: "Tomate-Rosa-2026",
      acceptTerms: "on",
    };
    const client = new BrowserClient(server.url);
    expect((await client.post("/registro", fields)).status).toBe(400);
    // Not half-created: the same address registers normally afterwards.
    expect((await client.post("/registro", { ...fields, fullName: "Nulo" })).status).toBe(302);
  });

  it("refuses admin forms (urlencoded and multipart) with a NUL and saves nothing", async () => {
    const name = `Categoría nula ${Date.now()}`;
    const urlencoded = await admin.post("/admin/categorias", {
      intent: "guardar-categoria",
      name: `${name}\u0000`,
      slug: "",
      description: "x",
    });
    expect(urlencoded.status).toBe(400);
    expect(await urlencoded.text()).toContain("caracteres no válidos");
    const multipart = new FormData();
    multipart.set("intent", "guardar-categoria");
    multipart.set("name", name);
    multipart.set("slug", "");
    multipart.set("description", "a\u0000b");
    const refused = await admin.postBody("/admin/categorias", multipart, { Accept: "text/html" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("caracteres no válidos");
    const json = await admin.postBody("/admin/categorias", new URLSearchParams(), {
      "Content-Type": "application/json",
    });
    // (An empty JSON body is simply not a form: the route answers, the guard lets it through.)
    expect(json.status).not.toBe(500);
    const list = await (await admin.get("/admin/categorias")).text();
    expect(list).not.toContain(name);
  });

  it("refuses invalid UTF-8 in a form body", async () => {
    const response = await rawRequest("/login", {
      method: "POST",
      headers: {
        Accept: "text/html",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": "2001:db8::41",
      },
      body: "email=a%C0%AF%40ejemplo.es&password=x",
    });
    expect(response.status).toBe(400);
    expect(response.body).toContain("caracteres no válidos");
  });

  it("logged each refusal as one line with its request id and the path, never the query", () => {
    const refusals = server.output.flatMap((line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      return entry.msg === "request refused" && entry.status === 400 ? [entry] : [];
    });
    expect(refusals.length).toBeGreaterThanOrEqual(queries.length);
    for (const entry of refusals) {
      expect(entry.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(String(entry.path)).not.toContain("?");
    }
  });

  it("never let any of it reach the database", () => {
    expect(databaseErrors()).toEqual([]);
  });
});

describe("paths the static handlers refuse", () => {
  it.each([
    "/uploads/../x",
    "/uploads/%2e%2e/x",
    "/uploads/..%2fx",
    "/uploads/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/uploads/..%5cx",
    "/assets/..%2fx",
    "/assets/%2e%2e/%2e%2e/package.json",
    "/uploads/x%00.jpg",
  ])("%s answers 404, not 500", async (path) => {
    const response = await rawRequest(path, { headers: { Accept: "text/html" } });
    expect([400, 404]).toContain(response.status);
    if (!path.includes("%00")) expect(response.status).toBe(404);
    expect(response.body).not.toContain("Algo salió mal");
  });

  it("logged none of them as an error", () => {
    expect(server.output.filter((line) => line.includes('"level":"error"'))).toEqual([]);
  });
});

describe("bounded bodies", () => {
  it("refuses an ordinary form over 64 KB with a Spanish 413 page", async () => {
    const response = await new BrowserClient(server.url).post(
      "/login",
      { email: "a@ejemplo.es", password: "x".repeat(70 * 1024) },
      { Accept: "text/html" },
    );
    expect(response.status).toBe(413);
    const page = await response.text();
    expect(page).toContain("demasiado grande");
    expect(page).toContain("Código de referencia");
  });

  it("refuses a chunked body (no Content-Length) once it passes the cap", async () => {
    const chunk = "a".repeat(16 * 1024);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 8; i++) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    const response = await fetch(`${server.url}/login`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it("keeps an admin image upload's own limit (a 1 MB image is not refused)", async () => {
    const image = fs.readFileSync("public/Logo.jpg");
    const form = new FormData();
    const padded = Buffer.concat([image, Buffer.alloc(Math.max(0, 1024 * 1024 - image.length))]);
    form.set("file", new File([padded], "logo.jpg", { type: "image/jpeg" }));
    const response = await admin.postBody("/admin/imagenes", form, { Accept: "application/json" });
    expect(response.status).not.toBe(413);
  });

  it("refuses an upload over its limit with the image field's JSON message", async () => {
    const form = new FormData();
    form.set("file", new File([Buffer.alloc(6 * 1024 * 1024)], "big.jpg", { type: "image/jpeg" }));
    const response = await admin.postBody("/admin/imagenes", form, { Accept: "application/json" });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toContain("excede el límite");
  });
});

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]);
}

describe("a 100 MB POST", () => {
  const TOTAL = 100 * 1024 * 1024;

  /** Streams `TOTAL` bytes at the server; resolves with the answer's status (or the reset). */
  function hugePost(headers: Record<string, string>): Promise<number | "reset"> {
    const url = new URL(server.url);
    return new Promise((resolve) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: "/login", method: "POST", headers },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on("error", () => resolve("reset"));
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      let sent = 0;
      const pump = () => {
        while (sent < TOTAL) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    });
  }

  it.each([
    ["with Content-Length", { "Content-Length": String(TOTAL) }],
    ["chunked", { "Transfer-Encoding": "chunked" }],
  ])("is refused %s without the server's memory growing", async (_label, headers) => {
    const pid = server.process.pid!;
    const before = rssKb(pid);
    const status = await hugePost({
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    });
    const grown = rssKb(pid) - before;
    expect(status).toBe(413);
    // Far less than the 100 MB sent (a buffered body would add at least that).
    expect(grown).toBeLessThan(20 * 1024);
    // The server is fine afterwards.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
