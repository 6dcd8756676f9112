import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, subcategories } from "~/db/schema";
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from "~/db/seed/demo-data";
import { openDatabase } from "~/db/client.server";
import { slugify } from "~/lib/slug";
import { BrowserClient } from "../helpers/browser-client";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

/*
 * /admin/categorias on the demo data, plus one nested category ("Accesorios para móviles",
 * inside Electrónica) holding one orphan subcategory ("Fundas"): the admin UI never makes
 * those, so they are written to the database before the server starts.
 */

const PATH = "/admin/categorias";
const CATEGORY_REQUIRED = "El nombre y el slug son obligatorios para la categoría.";
const SUBCATEGORY_REQUIRED =
  "Nombre, slug y categoría padre son obligatorios para la subcategoría.";

let server: TestServer;
let admin: BrowserClient;
let customer: BrowserClient;

beforeAll(async () => {
  server = await startServer({ seed: true });
  await server.stop({ cleanup: false });
  const database = await openDatabase({
    DATA_DIR: server.dataDir,
    DATABASE_URL: server.databaseUrl,
    DATABASE_POOL_MAX: 1,
  });
  const [electronica] = await database.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, "electronica"));
  const [nested] = await database.db
    .insert(categories)
    .values({
      name: "Accesorios para móviles",
      slug: "accesorios-moviles",
      parentCategoryId: electronica!.id,
    })
    .returning({ id: categories.id });
  await database.db
    .insert(subcategories)
    .values({ name: "Fundas", slug: "fundas", categoryId: nested!.id });
  await database.close();
  server = await server.restart();
  ({ admin, customer } = await demoSessions(server.url));
});
afterAll(async () => {
  await server?.stop();
});

const unescape = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

async function adminPage(query = "") {
  const response = await admin.get(PATH + query);
  expect(response.status).toBe(200);
  return unescape(await response.text());
}

/** The id of a category or subcategory, from its edit link's aria-label. */
async function idOf(kind: "categoría" | "subcategoría", name: string) {
  const html = await adminPage();
  for (const [tag] of html.matchAll(/<a\b[^>]*>/g)) {
    if (tag.includes(`aria-label="Editar ${kind} ${name}"`)) {
      return Number(/[?&]editar=(\d+)/.exec(tag)![1]);
    }
  }
  throw new Error(`no ${kind} ${name}`);
}

function save(client: BrowserClient, fields: Record<string, string>, query = "") {
  return client.post(PATH + query, fields);
}

async function storefrontCategories() {
  return unescape(await (await new BrowserClient(server.url).get("/productos")).text());
}

describe("the page", () => {
  it("shows the main categories with their subcategories, and the sidebar entry", async () => {
    const response = await admin.get(PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = unescape(await response.text());
    expect(html).toContain('href="/admin/categorias"');
    expect(html).toContain(">Categorías</h1>");
    for (const category of DEMO_CATEGORIES) {
      expect(html).toContain(category.name);
      for (const sub of category.subcategories) expect(html).toContain(sub.name);
    }
    expect(html).toContain(
      `${DEMO_CATEGORIES.length} categorías principales · ${DEMO_CATEGORIES.flatMap((c) => c.subcategories).length + 1} subcategorías`,
    );
  });

  it("lists orphan subcategories and the nested category they hang from", async () => {
    const html = await adminPage();
    const orphans = html.slice(html.indexOf("Subcategorías huérfanas"));
    expect(orphans).toContain("Fundas");
    expect(orphans).toContain("cuelga de «Accesorios para móviles»");
    expect(orphans).toContain("Categorías con categoría padre");
    expect(orphans).toContain("dentro de «Electrónica»");
    // Not a main category: neither in the admin tree nor in the storefront.
    expect(html.slice(0, html.indexOf("Subcategorías huérfanas"))).not.toContain(
      "Accesorios para móviles",
    );
    expect(await storefrontCategories()).not.toContain("Accesorios para móviles");
  });

  it("opens the add and edit dialogs from the URL; an unknown id goes back with a message", async () => {
    expect(await adminPage("?nuevo")).toContain("Nueva categoría</h2>");
    const id = await idOf("categoría", "Electrónica");
    const edit = await adminPage(`?editar=${id}`);
    expect(edit).toContain("Editar categoría «Electrónica»");
    expect(edit).toContain('value="electronica"');

    const missing = await admin.get(`${PATH}?editar=999999`);
    expect(missing.status).toBe(302);
    expect(missing.headers.get("Location")).toBe(PATH);
    expect(await adminPage()).toContain("Categoría no encontrada.");
    expect((await admin.get(`${PATH}?editar=abc&tipo=subcategoria`)).status).toBe(302);

    // The subcategory dialogs: `tipo=subcategoria`, and `padre` presets the new one's parent.
    const sub = DEMO_CATEGORIES[0]!.subcategories[0]!.name;
    const subEdit = await adminPage(`?editar=${await idOf("subcategoría", sub)}&tipo=subcategoria`);
    expect(subEdit).toContain(`Editar subcategoría «${sub}»`);
    const preset = await adminPage(`?nuevo&tipo=subcategoria&padre=${id}`);
    expect(preset).toContain("Nueva subcategoría</h2>");
    expect(preset).toMatch(new RegExp(`<option value="${id}" selected="">Electrónica</option>`));
    const missingSub = await admin.get(`${PATH}?editar=999999&tipo=subcategoria`);
    expect(missingSub.status).toBe(302);
    expect(await adminPage()).toContain("Subcategoría no encontrada.");
  });
});

describe("categories", () => {
  it("refuses a category without name or slug, with the spec's message, creating nothing", async () => {
    for (const fields of [
      { name: "", slug: "" },
      { name: "Ferretería", slug: "" },
      { name: "", slug: "ferreteria" },
    ]) {
      const response = await save(
        admin,
        { intent: "guardar-categoria", ...fields, description: "Herramientas" },
        "?nuevo",
      );
      expect(response.status).toBe(400);
      const html = unescape(await response.text());
      expect(html).toContain(CATEGORY_REQUIRED);
      expect(html).toContain("No se pudo guardar la categoría");
      // What was typed is still there.
      expect(html).toContain("Herramientas");
    }
    expect(await storefrontCategories()).not.toContain("Ferretería");
  });

  it("creates a category (slug as typed, normalised) that the storefront lists at once", async () => {
    const response = await save(admin, {
      intent: "guardar-categoria",
      name: "Artículos de Fiesta",
      slug: "Artículos de Fiesta",
      description: "Globos, guirnaldas y disfraces.",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PATH);
    const html = await adminPage();
    expect(html).toContain("Éxito");
    expect(html).toContain("Categoría creada.");
    expect(html).toContain("/articulos-de-fiesta");
    const shop = await storefrontCategories();
    expect(shop).toContain("Artículos de Fiesta");
    expect(shop).toContain('href="/productos/articulos-de-fiesta"');
    const list = await new BrowserClient(server.url).get("/productos/articulos-de-fiesta");
    expect(list.status).toBe(200);
  });

  it("keeps slugs unique with a clear error on the slug, keeping what was typed", async () => {
    const response = await save(
      admin,
      { intent: "guardar-categoria", name: "Otra electrónica", slug: "electronica" },
      "?nuevo",
    );
    expect(response.status).toBe(409);
    const html = unescape(await response.text());
    expect(html).toContain('Ya existe una categoría con el slug "electronica".');
    expect(html).toContain('value="Otra electrónica"');
    expect(html).toContain("No se pudo guardar la categoría");

    const reserved = await save(
      admin,
      { intent: "guardar-categoria", name: "Todos", slug: "todos" },
      "?nuevo",
    );
    expect(reserved.status).toBe(400);
    expect(unescape(await reserved.text())).toContain(
      'El slug "todos" está reservado por la tienda. Elige otro.',
    );
  });

  it("updates a category, and the storefront follows", async () => {
    const id = await idOf("categoría", "Artículos de Fiesta");
    const taken = await save(
      admin,
      { intent: "guardar-categoria", itemId: String(id), name: "Fiestas", slug: "moda" },
      `?editar=${id}`,
    );
    expect(taken.status).toBe(409);
    expect(unescape(await taken.text())).toContain('Ya existe una categoría con el slug "moda".');

    const response = await save(admin, {
      intent: "guardar-categoria",
      itemId: String(id),
      name: "Fiestas y celebraciones",
      slug: "fiestas",
      description: "",
    });
    expect(response.status).toBe(302);
    expect(await adminPage()).toContain("Categoría actualizada.");
    const list = unescape(
      await (await new BrowserClient(server.url).get("/productos/fiestas")).text(),
    );
    expect(list).toContain("Fiestas y celebraciones");
    expect(list).not.toContain("Globos, guirnaldas");

    const gone = await save(admin, {
      intent: "guardar-categoria",
      itemId: "999999",
      name: "Nada",
      slug: "nada",
    });
    expect(gone.status).toBe(404);
    expect(unescape(await gone.text())).toContain("La categoría ya no existe.");
  });
});

describe("subcategories", () => {
  it("refuses one without name, slug or parent, with the spec's message", async () => {
    const electronica = await idOf("categoría", "Electrónica");
    for (const fields of [
      { name: "Drones", slug: "drones", categoryId: "" },
      { name: "", slug: "drones", categoryId: String(electronica) },
      { name: "Drones", slug: "", categoryId: String(electronica) },
    ]) {
      const response = await save(
        admin,
        { intent: "guardar-subcategoria", ...fields },
        "?nuevo&tipo=subcategoria",
      );
      expect(response.status).toBe(400);
      const html = unescape(await response.text());
      expect(html).toContain(SUBCATEGORY_REQUIRED);
      expect(html).toContain("No se pudo guardar la subcategoría");
    }
    expect(await adminPage()).not.toContain("Drones");
  });

  it("creates one, unique within its category, offered as a filter in the storefront", async () => {
    const fiestas = await idOf("categoría", "Fiestas y celebraciones");
    const response = await save(admin, {
      intent: "guardar-subcategoria",
      name: "Globos",
      slug: slugify("Globos"),
      categoryId: String(fiestas),
      description: "Globos de látex y de foil.",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PATH}?abierta=${fiestas}`);
    const html = await adminPage(`?abierta=${fiestas}`);
    expect(html).toContain("Subcategoría creada.");
    expect(html).toMatch(new RegExp(`<details id="categoria-${fiestas}" open=""`));

    const twice = await save(
      admin,
      {
        intent: "guardar-subcategoria",
        name: "Más globos",
        slug: "globos",
        categoryId: String(fiestas),
      },
      `?nuevo&tipo=subcategoria&padre=${fiestas}`,
    );
    expect(twice.status).toBe(409);
    expect(unescape(await twice.text())).toContain(
      'Ya existe una subcategoría con el slug "globos" en "Fiestas y celebraciones".',
    );
    // The same slug in another category is fine.
    const elsewhere = await save(admin, {
      intent: "guardar-subcategoria",
      name: "Globos de agua",
      slug: "globos",
      categoryId: String(await idOf("categoría", "Juguetes")),
    });
    expect(elsewhere.status).toBe(302);

    const shop = unescape(
      await (await new BrowserClient(server.url).get("/productos/fiestas")).text(),
    );
    expect(shop).toContain("Globos");
  });

  it("updates one, and refuses a parent that is not a main category", async () => {
    const id = await idOf("subcategoría", "Globos");
    const fiestas = await idOf("categoría", "Fiestas y celebraciones");
    const response = await save(admin, {
      intent: "guardar-subcategoria",
      itemId: String(id),
      name: "Globos y helio",
      slug: "globos",
      categoryId: String(fiestas),
    });
    expect(response.status).toBe(302);
    expect(await adminPage()).toContain("Subcategoría actualizada.");
    expect(await adminPage()).toContain("Globos y helio");

    const nestedHtml = await adminPage();
    const nestedId =
      /name="id" value="(\d+)"[^>]*>(?:(?!<\/form>)[\s\S])*Convertir en principal/.exec(
        nestedHtml,
      )?.[1];
    expect(nestedId).toBeDefined();
    const wrongParent = await save(admin, {
      intent: "guardar-subcategoria",
      itemId: String(id),
      name: "Globos y helio",
      slug: "globos",
      categoryId: nestedId!,
    });
    expect(wrongParent.status).toBe(400);
    expect(unescape(await wrongParent.text())).toContain("Elige una categoría principal.");
  });

  it("deletes one; its products keep their category", async () => {
    const product = DEMO_PRODUCTS.find((p) => p.subcategory === "audio" && !p.hidden)!;
    const id = await idOf("subcategoría", "Audio y sonido");
    const response = await admin.post(PATH, { intent: "eliminar-subcategoria", id: String(id) });
    expect(response.status).toBe(302);
    const html = await adminPage();
    expect(html).toContain("Subcategoría eliminada.");
    expect(html).not.toContain("Audio y sonido");
    const shop = unescape(
      await (
        await new BrowserClient(server.url).get(
          `/productos/electronica?q=${encodeURIComponent(product.name)}`,
        )
      ).text(),
    );
    expect(shop).toContain(product.name);

    const again = await admin.post(PATH, { intent: "eliminar-subcategoria", id: String(id) });
    expect(again.status).toBe(404);
    const text = unescape(await again.text());
    expect(text).toContain("No se pudo eliminar la subcategoría");
    expect(text).toContain("La subcategoría ya no existe.");
  });
});

describe("orphans and nested categories", () => {
  it("moves an orphan subcategory under a main category", async () => {
    const html = await adminPage();
    const orphanId = /name="id" value="(\d+)"[^>]*>(?:(?!<\/form>)[\s\S])*Mover «Fundas» a/.exec(
      html,
    )?.[1];
    expect(orphanId).toBeDefined();
    const noTarget = await admin.post(PATH, {
      intent: "reasignar-subcategoria",
      id: orphanId!,
      categoryId: "",
    });
    expect(noTarget.status).toBe(400);
    expect(unescape(await noTarget.text())).toContain(
      "Elige la categoría principal a la que moverla.",
    );

    const electronica = await idOf("categoría", "Electrónica");
    const response = await admin.post(PATH, {
      intent: "reasignar-subcategoria",
      id: orphanId!,
      categoryId: String(electronica),
    });
    expect(response.status).toBe(302);
    const after = await adminPage(`?abierta=${electronica}`);
    expect(after).toContain("Subcategoría movida.");
    expect(after).toContain("No hay subcategorías huérfanas.");
    expect(await idOf("subcategoría", "Fundas")).toBe(Number(orphanId));
  });

  it("turns a nested category into a main one, listed by the storefront", async () => {
    const html = await adminPage();
    const nestedId =
      /name="id" value="(\d+)"[^>]*>(?:(?!<\/form>)[\s\S])*Convertir en principal/.exec(html)?.[1];
    const response = await admin.post(PATH, { intent: "convertir-en-principal", id: nestedId! });
    expect(response.status).toBe(302);
    const after = await adminPage();
    expect(after).toContain("Categoría convertida en categoría principal.");
    expect(after).not.toContain("Categorías con categoría padre");
    expect(await storefrontCategories()).toContain("Accesorios para móviles");
  });
});

describe("deleting a category", () => {
  const book = DEMO_PRODUCTS.find((p) => p.category === "libros" && !p.hidden)!;
  const bookId = DEMO_PRODUCTS.indexOf(book) + 1;

  it("deletes its subcategories; its products stay in the shop, without category", async () => {
    const oldPath = (
      await new BrowserClient(server.url).get(`/productos/todos/x-${bookId}`)
    ).headers.get("Location")!;
    expect(oldPath).toMatch(new RegExp(`^/productos/libros/[a-z0-9-]+-${bookId}$`));

    const id = await idOf("categoría", "Libros");
    const response = await admin.post(PATH, { intent: "eliminar-categoria", id: String(id) });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PATH);
    const html = await adminPage();
    expect(html).toContain("Éxito");
    expect(html).toContain("Categoría eliminada.");
    expect(html).not.toContain("Novela");

    const visitor = new BrowserClient(server.url);
    expect(await storefrontCategories()).not.toContain('href="/productos/libros"');
    const category = await visitor.get("/productos/libros");
    expect(category.status).toBe(302);
    expect(category.headers.get("Location")).toBe("/productos");

    // Findable in "todos", and the old address leads to the product.
    const all = unescape(
      await (await visitor.get(`/productos/todos?q=${encodeURIComponent(book.name)}`)).text(),
    );
    expect(all).toContain(book.name);
    const moved = await visitor.get(oldPath);
    expect(moved.status).toBe(301);
    const canonical = moved.headers.get("Location")!;
    expect(canonical).toBe(oldPath.replace("/productos/libros/", "/productos/todos/"));
    const page = await visitor.get(canonical);
    expect(page.status).toBe(200);
    expect(unescape(await page.text())).toContain(book.name);
  });

  it("says so when the category no longer exists, and refuses a bad request", async () => {
    const gone = await admin.post(PATH, { intent: "eliminar-categoria", id: "999999" });
    expect(gone.status).toBe(404);
    const html = unescape(await gone.text());
    expect(html).toContain("No se pudo eliminar la categoría");
    expect(html).toContain("La categoría ya no existe.");

    expect((await admin.post(PATH, { intent: "eliminar-categoria", id: "abc" })).status).toBe(400);
    expect((await admin.post(PATH, { intent: "otra-cosa" })).status).toBe(400);
  });
});

describe("permissions", () => {
  const attempts: Record<string, string>[] = [
    { intent: "guardar-categoria", name: "Pirata", slug: "pirata" },
    { intent: "guardar-subcategoria", name: "Pirata", slug: "pirata", categoryId: "1" },
    { intent: "eliminar-categoria", id: "1" },
    { intent: "eliminar-subcategoria", id: "1" },
    { intent: "reasignar-subcategoria", id: "1", categoryId: "2" },
    { intent: "convertir-en-principal", id: "1" },
  ];

  /** What the page shows: every category and subcategory with its slug and counts. */
  const shown = async () => {
    const html = await adminPage();
    const start = html.indexOf("<h1");
    return html.slice(start, html.indexOf("<script", start)).replace(/\s+/g, " ");
  };

  it.each(attempts)(
    "refuses a customer and a visitor ($intent), changing nothing",
    async (fields) => {
      const before = await shown();
      const response = await customer.post(PATH, fields);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
      const anonymous = await new BrowserClient(server.url).post(PATH, fields);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toBe(
        `/login?redirectTo=${encodeURIComponent(PATH)}`,
      );
      expect(await shown()).toBe(before);
      expect(before).not.toContain("Pirata");
    },
  );

  it("does not show the page to a customer", async () => {
    const response = await customer.get(PATH);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});
