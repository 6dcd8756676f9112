import { createHash } from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";
import { DEMO_CUSTOMER_EMAIL } from "~/db/seed/demo-data";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ seed: true });
});
afterAll(async () => {
  await server?.stop();
});

// Raw bytes: Node's fetch would decode them (and set its own Accept-Encoding).
const getRaw = (path: string, acceptEncoding: string) =>
  new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(server.url + path, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });

const timing = (header: string | null, name: string) =>
  Number(new RegExp(`(?:^|, )${name};dur=([\\d.]+)`).exec(header ?? "")?.[1]);

describe("performance plumbing", () => {
  it("splits a page's server time into database and render time (Server-Timing)", async () => {
    const client = new BrowserClient(server.url);
    const page = await client.get("/productos/todos?q=camara");
    expect(page.status).toBe(200);
    const header = page.headers.get("Server-Timing");
    expect(header).toMatch(/db;dur=[\d.]+;desc="\d+ queries"/);
    for (const name of ["db", "app", "render", "total"])
      expect(timing(header, name)).toBeGreaterThanOrEqual(0);
    expect(timing(header, "total")).toBeGreaterThanOrEqual(timing(header, "render"));
    expect(timing(header, "total")).toBeGreaterThanOrEqual(timing(header, "app"));

    // Client-side navigations' data requests say where their time went too (no render).
    const data = await client.get("/productos/todos.data?q=camara");
    expect(data.status).toBe(200);
    const dataHeader = data.headers.get("Server-Timing");
    expect(timing(dataHeader, "db")).toBeGreaterThanOrEqual(0);
    expect(dataHeader).not.toContain("render");

    // And how many catalogue reads the catalogue cache answered (`npm run bench` reports the
    // ratio): the same search again, rendered (its own query string), reads none of them anew.
    const again = await client.get("/productos/todos?q=camara&otra=vez");
    const lookups = /catalog;desc="(\d+) hit (\d+) miss"/.exec(
      again.headers.get("Server-Timing") ?? "",
    );
    expect(again.headers.get("Server-Timing")).toContain("render;dur=");
    expect(Number(lookups?.[1])).toBeGreaterThan(0);
    expect(Number(lookups?.[2])).toBe(0);
  });

  it("compresses a rendered page with brotli for a browser, with gzip for older clients", async () => {
    const rendered = await getRaw("/productos/todos?prueba=br", "gzip, deflate, br, zstd");
    expect(rendered.headers["server-timing"]).toContain("render;dur=");
    expect(rendered.headers["content-encoding"]).toBe("br");
    const html = zlib.brotliDecompressSync(rendered.body).toString("utf8");
    expect(html).toContain("<!DOCTYPE html>");
    expect(html.length).toBeGreaterThan(rendered.body.length * 3);
    const gzip = await getRaw("/productos/todos?prueba=gzip", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString("utf8")).toContain("<!DOCTYPE html>");
  });

  it.runIf(process.env.DATABASE_URL)(
    "shows a price changed outside this app instance on the next request (PostgreSQL)",
    async () => {
      const client = new BrowserClient(server.url);
      const list = await (await client.get("/productos/todos")).text();
      const productPath = /href="(\/productos\/[^/"?]+\/[^/"?]+-(\d+))"/.exec(list);
      expect(productPath).not.toBeNull();
      const [, path, id] = productPath!;
      expect(await (await client.get(path!)).text()).not.toContain(`"price":"4321.09"`);

      const db = new pg.Client({ connectionString: server.databaseUrl });
      await db.connect();
      try {
        await db.query(
          "UPDATE products SET price_cents = 432109, is_on_sale = false WHERE id = $1",
          [Number(id)],
        );
      } finally {
        await db.end();
      }
      expect(await (await client.get(path!)).text()).toContain(`"price":"4321.09"`);
    },
  );
  it("links the stylesheet for every visitor, not inlined, cached for a year (ADR 0022)", async () => {
    const { customer } = await demoSessions(server.url);
    for (const html of [
      await (await fetch(`${server.url}/?prueba=estilos`)).text(),
      await (await customer.get("/productos/todos")).text(),
    ]) {
      expect(html).not.toContain("<style>");
      const link = /<link[^>]*rel="stylesheet" href="(\/assets\/[^"#]+\.css)"[^>]*>/.exec(html);
      expect(link).not.toBeNull();
      // Render-blocking: styled from the first paint.
      expect(link![0]).not.toContain("media=");
      const css = await fetch(`${server.url}${link![1]}`);
      expect(css.status).toBe(200);
      expect(css.headers.get("Cache-Control")).toContain("immutable");
      expect(await css.text()).toContain("font-weight");
    }
  });
});

const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1] ?? "";

describe("shared page cache", () => {
  const sha256 = (text: string) =>
    `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

  // The list page is far larger than zlib's buffer.
  it.each(["/rese%C3%B1as?prueba=hash", "/productos/todos?prueba=hash"])(
    "serves an anonymous page from memory as the same bytes to all, its scripts allowed by hash (%s)",
    async (path) => {
      const url = `${server.url}${path}`;
      const first = await fetch(url);
      const firstHtml = await first.text();
      expect(first.headers.get("Server-Timing")).toContain("render;dur=");
      const firstNonce = nonceOf(first);
      expect(firstNonce).not.toBe("");

      const hits = await Promise.all([
        getRaw(path, "gzip, deflate, br, zstd"),
        getRaw(path, "gzip, deflate, br, zstd"),
        getRaw(path, "gzip, br;q=0"),
        getRaw(path, "identity"),
      ]);
      for (const hit of hits) {
        expect(hit.headers["server-timing"]).toContain('cache;desc="hit"');
        expect(hit.headers["cache-control"]).toBe(first.headers.get("Cache-Control"));
        expect(hit.headers["content-type"]).toBe(first.headers.get("Content-Type"));
        expect(hit.headers.vary).toMatch(/Accept-Encoding/i);
      }
      const [br1, br2, gzip, plain] = hits;
      // Browsers get the brotli bytes kept with the page; other clients as before.
      expect(br1!.headers["content-encoding"]).toBe("br");
      expect(Number(br1!.headers["content-length"])).toBe(br1!.body.length);
      expect(br1!.body.equals(br2!.body)).toBe(true);
      expect(zlib.brotliDecompressSync(br1!.body).toString("utf8")).toBe(firstHtml);
      expect(gzip!.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(gzip!.body).toString("utf8")).toBe(firstHtml);
      expect(plain!.headers["content-encoding"]).toBeUndefined();
      expect(Number(plain!.headers["content-length"])).toBe(plain!.body.length);
      expect(plain!.body.toString("utf8")).toBe(firstHtml);

      // No script nonce to reuse: the policy names exactly the page's inline scripts by hash
      // (style-src-elem keeps the render's nonce for a dialog's scroll lock: ADR 0023).
      const policy = String(br1!.headers["content-security-policy"]);
      expect(/script-src ([^;]*)/.exec(policy)![1]).not.toContain("nonce-");
      const scriptSources = /script-src ([^;]*)/.exec(policy)![1]!.split(" ");
      const inline = [...firstHtml.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !attributes!.includes("src="),
      );
      if (path.startsWith("/productos")) expect(inline.length).toBeGreaterThan(2);
      expect(scriptSources.sort()).toEqual(
        ["'self'", ...new Set(inline.map(([, , text]) => sha256(text!)))].sort(),
      );
      const rest = (csp: string) => csp.replace(/script-src [^;]*/, "");
      expect(rest(policy)).toBe(rest(first.headers.get("Content-Security-Policy")!));
    },
  );

  it("renders again after a catalogue write, and renders a page that shows a toast for its request", async () => {
    const url = `${server.url}/rese%C3%B1as?prueba=escritura`;
    // Kept, then served from memory (asked again should a background write move the
    // catalogue version between the first two requests).
    await expect
      .poll(async () => (await fetch(url)).headers.get("Server-Timing"))
      .toContain('cache;desc="hit"');

    const { customer } = await demoSessions(server.url);
    const comment = `Reseña para la caché ${Date.now()}`;
    const published = await customer.post("/rese%C3%B1as", {
      intent: "create",
      rating: "5",
      comment,
    });
    expect(published.status).toBe(302);

    const after = await fetch(url);
    expect(after.headers.get("Server-Timing")).not.toContain("cache;");
    expect(await after.text()).toContain(comment);

    // The publication's toast comes with the next page: personal, so rendered for the request.
    const signedIn = await customer.get("/rese%C3%B1as?prueba=escritura");
    expect(signedIn.headers.get("Server-Timing")).toContain("render;dur=");
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await signedIn.text()).toContain(DEMO_CUSTOMER_EMAIL);
  });

  it("serves the build's root files by name, with an hour's cache", async () => {
    const favicon = await fetch(`${server.url}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect((await favicon.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it("keeps only shareable answers: a 404 renders every time", async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await fetch(`${server.url}/no-existe-esta-pagina`);
      expect(response.status).toBe(404);
      expect(response.headers.get("Server-Timing")).toContain("render;dur=");
    }
  });
});

describe("shared signed-in pages (ADR 0020)", () => {
  const personalOf = async (client: BrowserClient) => {
    const response = await client.get("/sesion");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    return (await response.json()) as {
      user: { email: string; name: string; isAdmin: boolean } | null;
      cartCount: number;
      favoriteIds: number[];
    };
  };

  it("answers customers with one copy without their account, which /sesion then brings", async () => {
    const path = "/productos/todos?prueba=cliente";
    await fetch(`${server.url}${path}`); // a visitor's copy: the page is shareable
    const { customer } = await demoSessions(server.url);
    const first = await customer.get(path);
    expect(first.headers.get("Server-Timing")).toContain("render;dur=");
    const firstHtml = await first.text();
    const hit = await customer.get(path);
    expect(hit.headers.get("Server-Timing")).toContain('cache;desc="hit"');
    const html = await hit.text();
    expect(html).toBe(firstHtml);
    expect(html).not.toContain(DEMO_CUSTOMER_EMAIL);
    // The header shows the signed-in links without a name until the browser has the account.
    expect(html).toContain('aria-label="Mi perfil"');
    expect(html).not.toContain("Iniciar sesión</a>");

    const productId = Number(/name="productId" value="(\d+)"/.exec(html)?.[1] ?? NaN);
    expect(productId).toBeGreaterThan(0);
    const added = await customer.post("/favoritos", {
      productId: String(productId),
      intent: "add",
    });
    expect(added.status).toBe(200);
    const personal = await personalOf(customer);
    expect(personal.user?.email).toBe(DEMO_CUSTOMER_EMAIL);
    expect(personal.user?.isAdmin).toBe(false);
    expect(personal.favoriteIds).toContain(productId);

    // A client-side navigation's data request carries the account as before.
    const navigation = await customer.get("/productos/todos.data?prueba=cliente");
    expect(navigation.headers.get("Server-Timing")).not.toContain("cache;");
    expect(await navigation.text()).toContain(DEMO_CUSTOMER_EMAIL);
  });

  it("renders for the request: an admin's page, a page with a toast, an account page", async () => {
    const path = "/rese%C3%B1as?prueba=admin";
    await fetch(`${server.url}${path}`);
    const { admin, customer } = await demoSessions(server.url);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const page = await admin.get(path);
      expect(page.headers.get("Server-Timing")).toContain("render;dur=");
      expect(await page.text()).toContain("Resumen (solo administradores)");
    }
    expect((await personalOf(admin)).user?.isAdmin).toBe(true);

    // A toast is personal: the page that shows it renders for the request.
    await customer.get(path);
    const withToast = await customer.get(path, {
      Cookie: `${customer.cookieHeader()}; tienda_toast=x`,
    });
    expect(withToast.headers.get("Server-Timing")).toContain("render;dur=");

    // A page no visitor could share (/perfil) is never rendered as the shared copy.
    const profile = await customer.get("/perfil");
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain(DEMO_CUSTOMER_EMAIL);
  });

  it("gives a visitor, and a session whose signature was tampered with, an empty account", async () => {
    expect(await personalOf(new BrowserClient(server.url))).toEqual({
      user: null,
      cartCount: 0,
      favoriteIds: [],
    });
    const { customer } = await demoSessions(server.url);
    const [name, value] = [...customer.cookies].find(([key]) => key.endsWith("session_token"))!;
    const token = decodeURIComponent(value).split(".")[0]!;
    const forged = new BrowserClient(server.url);
    // The real token, signed with another secret.
    const signature = createHash("sha256").update(token).digest("base64");
    forged.cookies.set(name, encodeURIComponent(`${token}.${signature}`));
    expect((await personalOf(forged)).user).toBeNull();
    forged.cookies.set(name, value);
    expect((await personalOf(forged)).user?.email).toBe(DEMO_CUSTOMER_EMAIL);
  });
});
