import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PRODUCTS } from "~/db/seed/demo-data";
import { BrowserClient } from "../helpers/browser-client";
import { textOf } from "../helpers/html";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

/*
 * Issue 23's polish a shop owner notices, read through HTTP like a browser: the heading order
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
