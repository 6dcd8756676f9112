import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { activityLog, pageContentVersions } from "~/db/schema";
import { openDatabase } from "~/db/client.server";
import { getContentPage } from "~/modules/content/page-content";
import { BrowserClient } from "../helpers/browser-client";
import { textOf, unescapeHtml } from "../helpers/html";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

/*
 * /admin/contenido on the demo data: the page selector, the editor (save, validation, versions,
 * restore), and the public pages showing what was saved — to visitors through the shared page
 * cache too — with the admin-only edit buttons.
 */

let server: TestServer;
let admin: BrowserClient;
let customer: BrowserClient;

const SAVED = "Contenido Guardado";
const FAILED = "No se pudo guardar el contenido. Inténtalo de nuevo.";
const home = getContentPage("home")!;
const heroDefaults = home.sections.find((section) => section.id === "hero")!.defaults;

beforeAll(async () => {
  server = await startServer({ seed: true });
  ({ admin, customer } = await demoSessions(server.url));
});
afterAll(async () => {
  await server?.stop();
});

const visitor = () => new BrowserClient(server.url);

async function page(client: BrowserClient, path: string) {
  const response = await client.get(path);
  expect(response.status, path).toBe(200);
  return { response, html: unescapeHtml(await response.text()) };
}

function save(page: string, section: string, fields: Record<string, string>) {
  return admin.post(`/admin/contenido/${page}`, { intent: "save", section, ...fields });
}

/** The visible text of the first element with this id. */
function textById(html: string, id: string) {
  const match = new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</`).exec(html);
  return match ? textOf(match[1]!) : null;
}

const h1 = (html: string) => textOf(/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "");

describe("the page selector and the editor", () => {
  it("lists every editable page, with the sidebar entry", async () => {
    const { response, html } = await page(admin, "/admin/contenido");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(html).toContain('href="/admin/contenido"');
    for (const key of [
      "home",
      "products",
      "productos-electronica",
      "reviews",
      "aviso-legal",
      "necesitas-ayuda",
      "contacto",
      "empleo",
    ]) {
      expect(html).toContain(`href="/admin/contenido/${key}"`);
    }
  });

  it("shows each section's fields with what the public page shows today", async () => {
    const { html } = await page(admin, "/admin/contenido/home");
    expect(html).toContain(">Contenido: Inicio</h1>");
    expect(html).toContain('id="hero"');
    expect(html).toContain(`value="${heroDefaults.title}"`);
    expect(html).toContain("Muestra el texto predeterminado (aún no se ha guardado).");
    // The electronics page starts from the category's own texts.
    const electronics = (await page(admin, "/admin/contenido/productos-electronica")).html;
    expect(electronics).toContain('value="Electrónica"');
    expect(electronics).toContain("Móviles, televisores, sonido y fotografía");
    expect((await admin.get("/admin/contenido/no-existe")).status).toBe(404);
  });

  it("refuses customers and visitors, changing nothing", async () => {
    const fields = { intent: "save", section: "hero", ...heroDefaults, title: "Pirata" };
    const byCustomer = await customer.post("/admin/contenido/home", fields);
    expect(byCustomer.status).toBe(302);
    expect(byCustomer.headers.get("Location")).toBe("/");
    const byVisitor = await visitor().post("/admin/contenido/home", fields);
    expect(byVisitor.status).toBe(302);
    expect(byVisitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect((await customer.get("/admin/contenido")).headers.get("Location")).toBe("/");
    expect((await page(visitor(), "/")).html).not.toContain("Pirata");
  });
});

describe("the home page", () => {
  it("shows the defaults, and the edit buttons only to the admin", async () => {
    const anonymous = await page(visitor(), "/");
    expect(h1(anonymous.html)).toBe(heroDefaults.title);
    expect(anonymous.response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(anonymous.html).not.toContain("data-admin-edit");
    expect(anonymous.html).not.toContain("/admin/contenido");

    const forCustomer = await page(customer, "/");
    expect(forCustomer.html).not.toContain("data-admin-edit");

    const forAdmin = await page(admin, "/");
    expect(forAdmin.response.headers.get("Cache-Control")).toBe("private, no-store");
    for (const section of ["hero", "categorias", "novedades", "resenas", "ofertas"]) {
      expect(forAdmin.html).toContain(`href="/admin/contenido/home#${section}"`);
    }
    expect(forAdmin.html).toContain('aria-label="Editar «Portada»"');

    // The admin's page never reaches a visitor (the anonymous page was cached above).
    const again = await page(visitor(), "/");
    expect(again.response.headers.get("Server-Timing")).toContain('cache;desc="hit"');
    expect(again.html).not.toContain("data-admin-edit");
  });

  it("saves the hero: 'Contenido Guardado', and every visitor sees it at once", async () => {
    const response = await save("home", "hero", {
      ...heroDefaults,
      title: "Estrena tecnología con garantía",
      subtitle: "Ofertas nuevas cada semana.",
      ctaButtonText: "Descubre el catálogo",
      linkUrl: "/productos/todos",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/contenido/home#hero");
    const editor = (await page(admin, "/admin/contenido/home")).html;
    expect(editor).toContain(SAVED);
    expect(editor).toContain('value="Estrena tecnología con garantía"');
    expect(editor).toContain("Versiones guardadas (1)");

    const { html } = await page(visitor(), "/");
    expect(h1(html)).toBe("Estrena tecnología con garantía");
    expect(html).toContain("Ofertas nuevas cada semana.");
    expect(html).toMatch(/<a [^>]*href="\/productos\/todos"[^>]*>Descubre el catálogo<\/a>/);
    expect(html).not.toContain(heroDefaults.title!);
  });

  it("refuses bad input with Spanish messages, changing nothing", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ title: "" }, "El campo «Título» es obligatorio."],
      [{ title: "x".repeat(151) }, "«Título» admite como máximo 150 caracteres."],
      [{ linkUrl: "javascript:alert(1)" }, "«URL del enlace» debe empezar por https://"],
      [{ imageUrl: "//evil.example/x.png" }, "«URL de la imagen» debe empezar por https://"],
    ];
    for (const [fields, message] of cases) {
      const response = await save("home", "hero", { ...heroDefaults, ...fields });
      expect(response.status, message).toBe(400);
      const html = unescapeHtml(await response.text());
      expect(html).toContain(message);
      expect(html).not.toContain(FAILED);
    }
    expect(h1((await page(visitor(), "/")).html)).toBe("Estrena tecnología con garantía");
  });

  it("lists the versions and restores one as a new version", async () => {
    await save("home", "hero", { ...heroDefaults, title: "Segunda portada" });
    expect(h1((await page(visitor(), "/")).html)).toBe("Segunda portada");

    const editor = (await page(admin, "/admin/contenido/home")).html;
    expect(editor).toContain("Versiones guardadas (2)");
    const restore = [
      ...editor.matchAll(
        /name="version" value="(\d+)"[\s\S]*?aria-label="Restaurar la versión del ([^"]+)"/g,
      ),
    ];
    // The current version has no restore button; the first save has one.
    expect(restore).toHaveLength(1);
    const response = await admin.post("/admin/contenido/home", {
      intent: "restore",
      section: "hero",
      version: restore[0]![1]!,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/contenido/home#hero");
    expect(h1((await page(visitor(), "/")).html)).toBe("Estrena tecnología con garantía");
    const after = (await page(admin, "/admin/contenido/home")).html;
    expect(after).toContain(SAVED);
    expect(after).toContain("Versiones guardadas (3)");
    expect(after).toContain("Guardado el");

    // A version of another section (or none) is refused.
    const wrong = await admin.post("/admin/contenido/home", {
      intent: "restore",
      section: "ofertas",
      version: restore[0]![1]!,
    });
    expect(wrong.status).toBe(404);
    expect(unescapeHtml(await wrong.text())).toContain("Esa versión ya no existe.");
  });
});

describe("the other public pages", () => {
  it("product list headings: /productos, /productos/todos and /productos/electronica", async () => {
    expect(h1((await page(visitor(), "/productos")).html)).toBe("Nuestros Productos");
    expect(h1((await page(visitor(), "/productos/electronica")).html)).toBe("Electrónica");

    expect((await save("products", "cabecera", { title: "Catálogo", subtitle: "" })).status).toBe(
      302,
    );
    expect(
      (await save("products", "todos", { title: "Todo", description: "Cada producto." })).status,
    ).toBe(302);
    expect(
      (
        await save("productos-electronica", "cabecera", {
          title: "Electrónica de confianza",
          description: "Revisada por nuestro equipo.",
        })
      ).status,
    ).toBe(302);

    const list = (await page(visitor(), "/productos")).html;
    expect(h1(list)).toBe("Catálogo");
    expect(list).not.toContain("Elige una categoría para ver sus productos.");
    const all = (await page(visitor(), "/productos/todos")).html;
    expect(h1(all)).toBe("Todo");
    expect(all).toContain("Cada producto.");
    const electronics = (await page(visitor(), "/productos/electronica")).html;
    expect(h1(electronics)).toBe("Electrónica de confianza");
    expect(electronics).toContain("Revisada por nuestro equipo.");
    expect((await page(admin, "/productos/electronica")).html).toContain(
      'href="/admin/contenido/productos-electronica#cabecera"',
    );
  });

  it("reviews page heading", async () => {
    expect(h1((await page(visitor(), "/reseñas")).html)).toBe("Opiniones de clientes");
    await save("reviews", "cabecera", {
      title: "Lo que dicen de nosotros",
      subtitle: "Sin filtros.",
    });
    const { html } = await page(visitor(), "/reseñas");
    expect(h1(html)).toBe("Lo que dicen de nosotros");
    expect(html).toContain("Sin filtros.");
  });

  it("static pages: defaults, saved formatted text rendered safely, anchors kept", async () => {
    const before = (await page(visitor(), "/necesitas-ayuda")).html;
    expect(textById(before, "faq")).toBe("Preguntas frecuentes");
    expect(before).toContain("¿Cuánto tarda en llegar mi pedido?</h3>");

    const response = await save("necesitas-ayuda", "faq", {
      sectionTitle: "Dudas frecuentes",
      fullText: [
        "## Envíos",
        "Llegan en **24 horas** y *sin coste*. Más en [devoluciones](/politica-de-devoluciones).",
        "",
        "- Península",
        "- Baleares",
        "",
        '<script>alert("x")</script> <img src=x onerror="alert(1)">',
        "",
        "[no](javascript:alert(1)) [correo](mailto:ayuda@tienda.es)",
      ].join("\n"),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/contenido/necesitas-ayuda#faq");

    const raw = await (await visitor().get("/necesitas-ayuda")).text();
    const html = unescapeHtml(raw);
    expect(textById(html, "faq")).toBe("Dudas frecuentes");
    expect(html).toContain("<strong>24 horas</strong>");
    expect(html).toContain("<em>sin coste</em>");
    expect(html).toMatch(/<a href="\/politica-de-devoluciones"[^>]*>devoluciones<\/a>/);
    expect(html).toMatch(/<li>Península<\/li><li>Baleares<\/li>/);
    expect(html).toMatch(/<a href="mailto:ayuda@tienda.es"[^>]*>correo<\/a>/);
    // The typed markup is text: escaped in the page, never an element or a handler.
    expect(raw).toContain("&lt;script&gt;alert(");
    expect(raw).not.toMatch(/<script>alert\(/);
    expect(raw).not.toMatch(/<img src="?x/);
    expect(raw).not.toContain('href="javascript:');
    expect(html).not.toContain("¿Cuánto tarda en llegar mi pedido?");

    // The aviso legal's header, and the final button.
    await save("aviso-legal", "cabecera", {
      title: "Aviso legal y condiciones",
      subtitle: "Datos del titular.",
      description: "Quién somos.",
    });
    const legal = (await page(visitor(), "/aviso-legal")).html;
    expect(h1(legal)).toBe("Aviso legal y condiciones");
    expect(legal).toContain("<title>Aviso legal y condiciones · Tienda</title>");
    expect(legal).toContain('content="Quién somos."');

    await save("compramos", "enlace", { ctaButtonText: "Quiero vender", linkUrl: "/contacto" });
    expect((await page(visitor(), "/compramos")).html).toMatch(
      /<a [^>]*href="\/contacto"[^>]*>Quiero vender<\/a>/,
    );
  });
});

describe("the record", () => {
  it("keeps a version and an activity line for every save and restore", async () => {
    await server.stop({ cleanup: false });
    const database = await openDatabase({
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl,
      DATABASE_POOL_MAX: 1,
    });
    try {
      const versions = await database.db
        .select()
        .from(pageContentVersions)
        .orderBy(asc(pageContentVersions.id));
      const lines = await database.db.select().from(activityLog).orderBy(asc(activityLog.id));
      const content = lines.filter((line) => line.entityType === "content");
      expect(content.map((line) => [line.action, line.entityId])).toEqual(
        versions.map((version, index) => [
          index === 2 ? "restore" : "update",
          `${version.page}/${version.section}`,
        ]),
      );
      expect(content.every((line) => line.actorEmail === "admin@tienda.local")).toBe(true);
      expect(versions.slice(0, 3).map((version) => version.fields.title)).toEqual([
        "Estrena tecnología con garantía",
        "Segunda portada",
        "Estrena tecnología con garantía",
      ]);
    } finally {
      await database.close();
      server = await server.restart();
    }
  });
});
