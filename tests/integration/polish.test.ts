import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PRODUCTS } from "~/db/seed/demo-data";
import { BrowserClient } from "../helpers/browser-client";
import { textOf } from "../helpers/html";
import { storedFilesOf } from "../helpers/images";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions, signedIn } from "../helpers/sessions";

/*
 * The polish (ADR 0024) a shop owner notices, read through HTTP like a browser: the heading order
 * of the storefront's lists (no level skipped), the sign-in pages' meta descriptions, the
 * avatar's accessible name, and the admin's Spanish.
 */

let server: TestServer;
let sessions: Awaited<ReturnType<typeof demoSessions>>;

beforeAll(async () => {
  server = await startServer({ seed: true });
  sessions = await demoSessions(server.url);
});
afterAll(async () => {
  await server?.stop({ cleanup: true });
});

/** The levels of the page's headings, in document order. */
function headingLevels(html: string): number[] {
  return [...html.matchAll(/<h([1-6])\b/g)].map(([, level]) => Number(level));
}

/** The first heading that skips a level ("h1 → h3"), or null when the outline is whole. */
function skippedLevel(levels: number[]): string | null {
  if (levels[0] !== 1) return `starts at h${levels[0]}`;
  for (let i = 1; i < levels.length; i += 1) {
    if (levels[i]! > levels[i - 1]! + 1) return `h${levels[i - 1]} → h${levels[i]}`;
  }
  return null;
}

const firstVisible = DEMO_PRODUCTS.find((product) => !product.hidden)!;

describe("heading order", () => {
  it("skips no level on home, the lists and a product page", async () => {
    const visitor = new BrowserClient(server.url);
    const list = await (await visitor.get("/productos/todos")).text();
    const productPath = /href="(\/productos\/[^/"]+\/[^"]+-\d+)"/.exec(list)?.[1];
    expect(productPath).toBeDefined();
    const paths = [
      "/",
      "/productos/todos",
      "/productos/todos?view=list",
      "/novedades",
      "/rebajas",
      "/productos/electronica",
      `/productos/todos?q=${encodeURIComponent(firstVisible.name.split(" ")[0]!)}`,
      productPath!,
      "/marketplace",
      "/marketplace/explorar",
    ];
    for (const path of paths) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(200);
      const levels = headingLevels(await response.text());
      // Every list has cards (h3); the product page streams its related products.
      if (path !== productPath) expect(levels, path).toContain(3);
      expect(skippedLevel(levels), path).toBeNull();
    }
  });

  it("skips no level in the customer's favourites", async () => {
    const html = await (await sessions.customer.get("/perfil/favoritos")).text();
    const levels = headingLevels(html);
    expect(levels).toContain(3);
    expect(skippedLevel(levels)).toBeNull();
  });
});

describe("meta descriptions", () => {
  it.each(["/login", "/registro"])("%s describes itself to search engines", async (path) => {
    const html = await (await new BrowserClient(server.url).get(path)).text();
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
    expect(description.length).toBeGreaterThan(40);
  });
});

describe("the avatar's accessible name", () => {
  it("starts with the initials it shows (WCAG 2.5.3)", async () => {
    const html = await (await sessions.customer.get("/perfil/favoritos")).text();
    const link =
      /<a[^>]*aria-label="([^"]*)"[^>]*href="\/perfil"[^>]*>\s*<span aria-hidden="true">([^<]+)<\/span>/.exec(
        html,
      ) ??
      /<a[^>]*href="\/perfil"[^>]*aria-label="([^"]*)"[^>]*>\s*<span aria-hidden="true">([^<]+)<\/span>/.exec(
        html,
      );
    expect(link).not.toBeNull();
    const [, label, visible] = link!;
    expect(label!.startsWith(`${visible}, `)).toBe(true);
  });
});

describe("the admin's Spanish", () => {
  it("says «correo electrónico», «comparados con los del…» and «contáctalos»", async () => {
    const users = textOf(await (await sessions.admin.get("/admin/usuarios")).text());
    expect(users).toContain("Correo electrónico");
    expect(users).not.toMatch(/\bEmail\b/);
    const analytics = textOf(await (await sessions.admin.get("/admin/analisis")).text());
    expect(analytics).toMatch(/comparados con los del \d/);
    const requests = textOf(
      await (await sessions.admin.get("/admin/servicios/solicitudes")).text(),
    );
    expect(requests).toContain("contáctalos");
  });
});

describe("the profile picture", () => {
  const PASSWORD = "Cebolla-Morada-93";

  async function newCustomer() {
    const email = `avatar.${Date.now()}@ejemplo.es`;
    const response = await new BrowserClient(server.url).post("/registro", {
      fullName: "Rosa Vidal Pons",
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: "on",
    });
    expect(response.status).toBe(302);
    return signedIn(server.url, email, PASSWORD);
  }

  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: "#3a7" } })
      .jpeg()
      .toBuffer();

  async function sendAvatar(
    client: BrowserClient,
    file: File | null,
    extra: Record<string, string> = {},
  ) {
    const form = new FormData();
    if (file) form.append("avatar", file);
    for (const [name, value] of Object.entries(extra)) form.append(name, value);
    const response = await client.postBody("/perfil/avatar", form);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/perfil");
    return textOf(await (await client.get("/perfil")).text());
  }

  it("is uploaded through /perfil's form, re-encoded, shown, replaced and removed", async () => {
    const client = await newCustomer();
    const settings = await (await client.get("/perfil")).text();
    expect(settings).toContain('action="/perfil/avatar"');
    expect(settings).toMatch(/enctype="multipart\/form-data"/i);
    expect(settings).not.toContain("URL del avatar");

    const first = new File([(await picture(400, 200)) as BlobPart], "yo.jpg", {
      type: "image/jpeg",
    });
    expect(await sendAvatar(client, first)).toContain("Foto de perfil actualizada");
    const page = await (await client.get("/perfil")).text();
    const src = /<img[^>]*src="(\/uploads\/([A-Za-z0-9_-]{16})-320\.webp)"/.exec(page);
    expect(src).not.toBeNull();
    const key = src![2]!;
    expect(storedFilesOf(server.dataDir, key).length).toBeGreaterThan(0);
    // Re-encoded to WebP and its shape kept (400×200 → 320×160, no square crop).
    const served = await client.get(src![1]!);
    expect(served.headers.get("Content-Type")).toContain("image/webp");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 320, 160]);

    // A new picture replaces it; the old files go.
    const second = new File([(await picture(300, 300)) as BlobPart], "otra.png", {
      type: "image/jpeg",
    });
    await sendAvatar(client, second);
    const replaced = await (await client.get("/perfil")).text();
    expect(replaced).not.toContain(key);
    expect(storedFilesOf(server.dataDir, key)).toEqual([]);

    // "Quitar foto": back to the initials.
    expect(await sendAvatar(client, null, { quitar: "1" })).toContain("se muestran tus iniciales");
    const cleared = await (await client.get("/perfil")).text();
    expect(cleared).not.toMatch(/<img[^>]*src="\/uploads\/[^"]*-320\.webp"/);
    expect(cleared).toMatch(/<span aria-hidden="true"[^>]*>R[VP]<\/span>/);
  });

  it("refuses a file that is not an image, whatever its name, and changes nothing", async () => {
    const client = await newCustomer();
    const fake = new File(["<svg onload=alert(1)></svg>"], "foto.jpg", { type: "image/jpeg" });
    const text = await sendAvatar(client, fake);
    expect(text).toContain("No se pudo cambiar tu foto de perfil");
    const page = await (await client.get("/perfil")).text();
    expect(page).not.toMatch(/<img[^>]*src="\/uploads\//);
    const empty = await sendAvatar(client, null);
    expect(empty).toContain("Elige una imagen JPG, PNG o WebP");
  });
});
