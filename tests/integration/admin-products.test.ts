/**
 * /admin/productos: the catalogue's domain functions on a database with known data (stats
 * arithmetic, filters, sorting, paging, conversions, image files), then the page and its
 * action over HTTP on the demo shop (create, update, delete, every validation message,
 * permissions, private fields kept out of public pages).
 */
import fs from "node:fs";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod/v4";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PASSWORD,
  DEMO_PRODUCTS,
} from "~/db/seed/demo-data";
import { getDb, type Database } from "~/db/client.server";
import { conflict, invalid } from "~/lib/failure";
import { formatCents } from "~/lib/money";
import { imageFileNames } from "~/lib/images.server";
import { getStorage } from "~/lib/storage.server";
import {
  parseAdminProductParams,
  PRODUCT_MESSAGES,
  productFormSchema,
  type AdminProductListParams,
} from "~/modules/catalog/admin-product-schemas";
import {
  createProduct,
  deleteProduct,
  getAdminProduct,
  getAdminProductStats,
  listAdminProducts,
  updateProduct,
} from "~/modules/catalog/admin-products.server";
import { IMAGE_MESSAGES } from "~/modules/media/schemas";
import { BrowserClient } from "../helpers/browser-client";
import { MADRID_ADDRESS, payOrder, placeOrder } from "../helpers/checkout";
import { postFormsOf } from "../helpers/forms";
import { startServer, withStoppedServer, type TestServer } from "../helpers/server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

/** The form's fields as the browser sends them, parsed as the action parses them. */
function formValues(fields: Record<string, string | string[]>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) formData.append(name, item);
  }
  return parseWithZod(formData, { schema: productFormSchema });
}

function validValues(fields: Record<string, string | string[]>) {
  const submission = formValues(fields);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value;
}

// ── Domain functions on known data ──────────────────────────────────────────────────────

describe("admin catalogue on a database with known products", () => {
  let testDb: TestDatabase;
  const ids: Record<string, number> = {};
  let cat = { audio: 0, hogar: 0, vacia: 0 };
  let sub = { auriculares: 0, altavoces: 0, cocina: 0 };

  /** Every product of the fixture: what the stats must add up (computed here, not in SQL). */
  const FIXTURE = [
    {
      key: "auri",
      name: "Auriculares Sonora Pro",
      brand: "Sonora",
      cat: "audio",
      sub: "auriculares",
      priceCents: 12990,
      salePriceCents: 9990,
      isOnSale: true,
      stock: 3,
      min: 5,
      costCents: 7000,
      sku: "AUD-001",
      supplier: "Distribuciones Levante S.L.",
      condition: "new",
      visible: true,
      daysAgo: 1,
    },
    {
      key: "altavoz",
      name: "Altavoz Bluetooth Ónix",
      brand: "Onix",
      cat: "audio",
      sub: "altavoces",
      priceCents: 4550,
      salePriceCents: null,
      isOnSale: false,
      stock: 10,
      min: 10,
      costCents: null,
      sku: "AUD-002",
      supplier: "Electro Mayorista Ibérica S.A.",
      condition: "used",
      visible: true,
      daysAgo: 2,
    },
    {
      key: "cafetera",
      name: "Cafetera exprés Brava",
      brand: "Brava",
      cat: "hogar",
      sub: "cocina",
      priceCents: 8999,
      salePriceCents: 7999,
      isOnSale: true,
      stock: 0,
      min: 0,
      costCents: 5000,
      sku: "HOG-001",
      supplier: "Distribuciones Levante S.L.",
      condition: "refurbished",
      visible: false,
      daysAgo: 3,
    },
    {
      key: "abaco",
      name: "ábaco de madera",
      brand: "Lúdica",
      cat: "hogar",
      sub: null,
      priceCents: 1500,
      salePriceCents: null,
      isOnSale: false,
      stock: 200,
      min: 0,
      costCents: 600,
      sku: null,
      supplier: null,
      condition: "new",
      visible: true,
      daysAgo: 4,
    },
    {
      key: "zumo",
      name: "Exprimidor Zumo Max",
      brand: "Brava",
      cat: "hogar",
      sub: "cocina",
      priceCents: 2999,
      salePriceCents: null,
      isOnSale: false,
      stock: 7,
      min: 8,
      costCents: 1800,
      sku: "HOG-002",
      supplier: "Textil Mediterráneo S.L.",
      condition: "new",
      visible: true,
      daysAgo: 5,
    },
  ] as const;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const db = getDb();
    const [audio, hogar, vacia] = await db
      .insert(schema.categories)
      .values([
        { name: "Audio", slug: "audio" },
        { name: "Hogar", slug: "hogar" },
        { name: "Vacía", slug: "vacia" },
      ])
      .returning();
    cat = { audio: audio!.id, hogar: hogar!.id, vacia: vacia!.id };
    const [auriculares, altavoces, cocina] = await db
      .insert(schema.subcategories)
      .values([
        { name: "Auriculares", slug: "auriculares", categoryId: cat.audio },
        { name: "Altavoces", slug: "altavoces", categoryId: cat.audio },
        { name: "Cocina", slug: "cocina", categoryId: cat.hogar },
      ])
      .returning();
    sub = { auriculares: auriculares!.id, altavoces: altavoces!.id, cocina: cocina!.id };
    const now = Date.now();
    const rows = await db
      .insert(schema.products)
      .values(
        FIXTURE.map((p) => ({
          name: p.name,
          description: `Descripción de ${p.name}.`,
          brand: p.brand,
          priceCents: p.priceCents,
          salePriceCents: p.salePriceCents,
          isOnSale: p.isOnSale,
          categoryId: cat[p.cat],
          subcategoryId: p.sub ? sub[p.sub] : null,
          stockQuantity: p.stock,
          minimumStockLevel: p.min,
          internalCostCents: p.costCents,
          sku: p.sku,
          supplier: p.supplier,
          condition: p.condition,
          isPubliclyVisible: p.visible,
          eanCode: p.key === "altavoz" ? "8412345678905" : null,
          createdAt: new Date(now - p.daysAgo * 86_400_000),
        })),
      )
      .returning({ id: schema.products.id });
    FIXTURE.forEach((p, i) => (ids[p.key] = rows[i]!.id));
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  const params = (search: string): AdminProductListParams =>
    parseAdminProductParams(new URLSearchParams(search));
  const keysOf = async (search: string) => {
    const { items } = await listAdminProducts(params(search));
    const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
    return items.map((item) => byId.get(item.id) ?? `#${item.id}`);
  };

  it("adds up the stats over the whole catalogue: Σ stock×price, Σ stock×cost (none = 0), count, low stock", async () => {
    const expected = {
      products: FIXTURE.length,
      units: FIXTURE.reduce((sum, p) => sum + p.stock, 0),
      // The list price counts, also for products on sale.
      stockValueCents: FIXTURE.reduce((sum, p) => sum + p.stock * p.priceCents, 0),
      internalCostCents: FIXTURE.reduce((sum, p) => sum + p.stock * (p.costCents ?? 0), 0),
      lowStock: FIXTURE.filter((p) => p.min > 0 && p.stock <= p.min).length,
    };
    // 3×12990 + 10×4550 + 0 + 200×1500 + 7×2999 = 38970 + 45500 + 300000 + 20993
    expect(expected.stockValueCents).toBe(405_463);
    // 3×7000 + 0 (no cost) + 0 + 200×600 + 7×1800
    expect(expected.internalCostCents).toBe(153_600);
    // auri (3 ≤ 5), altavoz (10 ≤ 10), zumo (7 ≤ 8); cafetera has stock 0 but minimum 0.
    expect(expected.lowStock).toBe(3);
    expect(await getAdminProductStats()).toEqual(expected);
  });

  it("lists newest first by default, hidden products included", async () => {
    expect(await keysOf("")).toEqual(["auri", "altavoz", "cafetera", "abaco", "zumo"]);
  });

  it.each([
    [
      "name A–Z, ignoring accents and case",
      "orden=nombre&dir=asc",
      ["abaco", "altavoz", "auri", "cafetera", "zumo"],
    ],
    ["name Z–A", "orden=nombre&dir=desc", ["zumo", "cafetera", "auri", "altavoz", "abaco"]],
    ["price ascending", "orden=precio&dir=asc", ["abaco", "zumo", "altavoz", "cafetera", "auri"]],
    ["price descending", "orden=precio&dir=desc", ["auri", "cafetera", "altavoz", "zumo", "abaco"]],
    ["stock ascending", "orden=stock&dir=asc", ["cafetera", "auri", "zumo", "altavoz", "abaco"]],
    ["stock descending", "orden=stock&dir=desc", ["abaco", "altavoz", "zumo", "auri", "cafetera"]],
    [
      "SKU ascending (none last)",
      "orden=sku&dir=asc",
      ["auri", "altavoz", "cafetera", "zumo", "abaco"],
    ],
    ["oldest first", "orden=creado&dir=asc", ["zumo", "abaco", "cafetera", "altavoz", "auri"]],
    [
      "an unknown column: the default",
      "orden=coste&dir=asc",
      ["auri", "altavoz", "cafetera", "abaco", "zumo"],
    ],
  ])("sorts by %s", async (_label, search, expected) => {
    expect(await keysOf(search)).toEqual(expected);
  });

  it.each([
    ["a name word, accent-free", "q=onix", ["altavoz"]],
    ["a brand", "q=brava", ["cafetera", "zumo"]],
    ["part of a SKU, any case", "q=hog-0", ["cafetera", "zumo"]],
    ["an EAN", "q=8412345678905", ["altavoz"]],
    ["the SKU filter", "sku=aud", ["auri", "altavoz"]],
    ["the supplier filter (part, any case)", "proveedor=levante", ["auri", "cafetera"]],
    ["the category filter", `categoria=__hogar__`, ["cafetera", "abaco", "zumo"]],
    ["the condition filter", "condicion=used", ["altavoz"]],
    ["visible only", "visibilidad=visible", ["auri", "altavoz", "abaco", "zumo"]],
    ["hidden only", "visibilidad=oculto", ["cafetera"]],
    ["on sale", "oferta=si", ["auri", "cafetera"]],
    ["low stock", "stock=bajo", ["auri", "altavoz", "zumo"]],
    ["filters together", "oferta=si&visibilidad=visible&stock=bajo", ["auri"]],
    [
      "bad values ignored",
      "condicion=roto&oferta=quizas&categoria=abc",
      ["auri", "altavoz", "cafetera", "abaco", "zumo"],
    ],
    ["a search that matches nothing", "q=zzzzzz", []],
  ])("filters by %s", async (_label, search, expected) => {
    expect(await keysOf(search.replace("__hogar__", String(cat.hogar)))).toEqual(expected);
  });

  it("pages 25 rows at a time and shows the last page for a page past the end", async () => {
    const db = getDb();
    const extra = await db
      .insert(schema.products)
      .values(
        Array.from({ length: 26 }, (_, i) => ({
          name: `Relleno ${i}`,
          description: "Para paginar.",
          priceCents: 100 + i,
          sku: `PAG-${String(i).padStart(3, "0")}`,
        })),
      )
      .returning({ id: schema.products.id });
    try {
      const first = await listAdminProducts(params("sku=PAG"));
      expect(first).toMatchObject({ total: 26, page: 1, pageCount: 2, perPage: 25 });
      expect(first.items).toHaveLength(25);
      const second = await listAdminProducts(params("sku=PAG&page=2"));
      expect(second.items).toHaveLength(1);
      const beyond = await listAdminProducts(params("sku=PAG&page=9"));
      expect(beyond.page).toBe(2);
      expect(beyond.items.map((i) => i.id)).toEqual(second.items.map((i) => i.id));
    } finally {
      await db.delete(schema.products).where(
        inArray(
          schema.products.id,
          extra.map((row) => row.id),
        ),
      );
    }
  });

  it("converts decimals with comma or dot to cents and kg, empty stock to 0, empty decimals to null", async () => {
    const values = validValues({
      name: "  Tostadora Brava  ",
      description: "Dos ranuras.",
      price: "1.234,56",
      isOnSale: "on",
      salePrice: "999.5",
      categoryId: String(cat.hogar),
      subcategoryId: String(sub.cocina),
      weightKg: "1,25",
      internalCost: "",
      stockQuantity: "",
      minimumStockLevel: "",
      sku: "HOG-003",
    });
    expect(values).toMatchObject({
      name: "Tostadora Brava",
      price: 123_456,
      salePrice: 99_950,
      weightKg: "1.250",
      internalCost: null,
      stockQuantity: 0,
      minimumStockLevel: 0,
      condition: "new",
      isPubliclyVisible: false,
      subcategoryId: sub.cocina,
    });
    const created = await createProduct(values, null);
    expect(created.ok).toBe(true);
    const stored = await getAdminProduct((created as { id: number }).id);
    expect(stored).toMatchObject({
      priceCents: 123_456,
      salePriceCents: 99_950,
      weightKg: "1.250",
      internalCostCents: null,
      stockQuantity: 0,
      minimumStockLevel: 0,
    });
    expect(
      validValues({
        name: "a",
        description: "b",
        price: "12.5",
        categoryId: "1",
        internalCost: "8,4",
        weightKg: "0.189",
        stockQuantity: "12",
        minimumStockLevel: "3",
      }),
    ).toMatchObject({
      price: 1250,
      internalCost: 840,
      weightKg: "0.189",
      stockQuantity: 12,
      minimumStockLevel: 3,
    });
    // 'none' (or nothing) is no subcategory; the sale price is dropped off sale.
    expect(
      validValues({
        name: "a",
        description: "b",
        price: "3",
        categoryId: "1",
        subcategoryId: "none",
        salePrice: "2",
      }),
    ).toMatchObject({ subcategoryId: null, isOnSale: false });
    await deleteProduct((created as { id: number }).id, null);
  });

  it("refuses a SKU another product has, and a subcategory of another category", async () => {
    const base = { name: "Otro", description: "Otro.", price: "10", categoryId: String(cat.audio) };
    expect(await createProduct(validValues({ ...base, sku: "AUD-001" }), null)).toEqual(
      conflict(PRODUCT_MESSAGES.skuTaken("AUD-001"), "sku"),
    );
    expect(
      await createProduct(validValues({ ...base, subcategoryId: String(sub.cocina) }), null),
    ).toEqual(invalid(PRODUCT_MESSAGES.subcategoryNotInCategory, "subcategoryId"));
    expect(await createProduct(validValues({ ...base, categoryId: "999999" }), null)).toEqual(
      invalid(PRODUCT_MESSAGES.categoryMissing, "categoryId"),
    );
    // A product keeps its own SKU when saved again.
    const auri = await getAdminProduct(ids.auri!);
    const again = await updateProduct(
      ids.auri!,
      validValues({
        ...base,
        name: auri!.name,
        sku: "AUD-001",
        categoryId: String(cat.audio),
        subcategoryId: String(sub.auriculares),
        price: "129,90",
        isOnSale: "on",
        salePrice: "99,90",
        stockQuantity: "3",
        minimumStockLevel: "5",
        internalCost: "70",
        supplier: "Distribuciones Levante S.L.",
        isPubliclyVisible: "on",
      }),
      null,
    );
    expect(again.ok).toBe(true);
    expect(await getAdminProductStats()).toMatchObject({
      stockValueCents: 405_463,
      internalCostCents: 153_600,
    });
  });

  it("deletes the files of images taken out of a product, keeps shared ones, and deletes all with the product", async () => {
    const uploads = path.join(testDb.dataDir, "uploads");
    const keys = ["imgAAAAAAAAAAAA1", "imgAAAAAAAAAAAA2", "imgAAAAAAAAAAAA3"];
    for (const key of keys) {
      for (const name of imageFileNames(key))
        await getStorage().put(name, new Uint8Array([1]), "image/webp");
    }
    const exists = (key: string) => fs.existsSync(path.join(uploads, imageFileNames(key)[0]!));
    const base = {
      name: "Con fotos",
      description: "Fotos.",
      price: "5",
      categoryId: String(cat.audio),
    };
    const created = await createProduct(validValues({ ...base, imageKeys: keys }), null);
    if (!created.ok) throw new Error(created.message);
    // Another product shares the third picture (generated catalogues do).
    const sharing = await createProduct(
      validValues({ ...base, name: "Comparte", imageKeys: [keys[2]!] }),
      null,
    );
    if (!sharing.ok) throw new Error(sharing.message);

    const updated = await updateProduct(
      created.id,
      validValues({ ...base, imageKeys: [keys[1]!] }),
      null,
    );
    expect(updated.ok).toBe(true);
    expect((await getAdminProduct(created.id))!.imageKeys).toEqual([keys[1]]);
    expect(keys.map(exists)).toEqual([false, true, true]);

    expect((await deleteProduct(created.id, null)).ok).toBe(true);
    expect(exists(keys[1]!)).toBe(false);
    expect(exists(keys[2]!)).toBe(true);
    expect(await deleteProduct(created.id, null)).toMatchObject({ ok: false, kind: "not_found" });
    await deleteProduct(sharing.id, null);
    expect(exists(keys[2]!)).toBe(false);
  });
});

// ── The page and its action over HTTP, on the demo shop ───────────────────────────────────

describe("/admin/productos over HTTP", () => {
  const PAGE = "/admin/productos";
  const STAMP = Date.now().toString(36).toUpperCase();
  let server: TestServer;
  let admin: BrowserClient;
  let customer: BrowserClient;
  let visitor: BrowserClient;
  let categoryIds: Map<string, number>;
  /** Subcategory ids by "Category/Subcategory" name. */
  let subcategoryIds: Map<string, number>;

  async function signedIn(email: string, password: string) {
    const client = new BrowserClient(server.url);
    const response = await client.post("/login", { email, password });
    expect(response.status).toBe(302);
    await client.get("/"); // consumes the welcome toast
    return client;
  }

  const decode = (html: string) =>
    html
      .replace(/<!-- -->/g, "")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");

  async function html(client: BrowserClient, path: string) {
    const response = await client.get(path);
    expect(response.status, path).toBe(200);
    return decode(await response.text());
  }

  /** The value attribute of the input named `name` in the page's product form (the dialog). */
  function inputValue(page: string, name: string) {
    const form = /<form[^>]*id="producto-[^"]+"[^>]*>[\s\S]*?<\/form>/.exec(page)?.[0] ?? "";
    const tag = new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(form)?.[0];
    if (!tag) return undefined;
    return /\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "";
  }

  /** The figure of the stats card labelled `label`. */
  const statCard = (page: string, label: string) =>
    new RegExp(`<p[^>]*>${label}</p><p[^>]*>([^<]+)</p>`).exec(page)?.[1];

  /** Product ids of the table's rows, in order (from their delete forms). */
  const rowIds = (page: string) =>
    [
      ...page.matchAll(
        /name="intent" value="delete"\/><input type="hidden" name="id" value="(\d+)"/g,
      ),
    ].map((m) => Number(m[1]));

  /** Demo products by id: the seed inserts DEMO_PRODUCTS in order (id = index + 1). */
  const demoId = (name: string) => DEMO_PRODUCTS.findIndex((p) => p.name === name) + 1;

  /** The id of the product with this SKU, from the admin table (undefined if none). */
  async function idOfSku(sku: string) {
    const ids = rowIds(await html(admin, `${PAGE}?sku=${encodeURIComponent(sku)}`));
    expect(ids.length).toBeLessThanOrEqual(1);
    return ids[0];
  }

  async function publicPage(id: number) {
    const redirect = await visitor.get(`/productos/todos/x-${id}`);
    if (redirect.status === 404) return null;
    expect(redirect.status).toBe(301);
    const response = await visitor.get(redirect.headers.get("Location")!);
    expect(response.status).toBe(200);
    return decode(await response.text());
  }

  beforeAll(async () => {
    server = await startServer({ seed: true });
    admin = await signedIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    customer = await signedIn(DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD);
    visitor = new BrowserClient(server.url);
    const page = await html(admin, `${PAGE}?nuevo`);
    const filter = /<select[^>]*id="filtro-categoria"[^>]*>([\s\S]*?)<\/select>/.exec(page)![1]!;
    categoryIds = new Map(
      [...filter.matchAll(/<option value="(\d+)">([^<]+)<\/option>/g)].map((m) => [
        m[2]!,
        Number(m[1]),
      ]),
    );
    // Without JavaScript the dialog offers every subcategory, grouped by category.
    subcategoryIds = new Map(
      [...page.matchAll(/<optgroup label="([^"]+)">([\s\S]*?)<\/optgroup>/g)].flatMap((group) =>
        [...group[2]!.matchAll(/<option value="(\d+)">([^<]+)<\/option>/g)].map(
          (m) => [`${group[1]}/${m[2]}`, Number(m[1])] as const,
        ),
      ),
    );
    expect(categoryIds.get("Electrónica")).toBeGreaterThan(0);
    expect(subcategoryIds.get("Electrónica/Televisores")).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** A valid form for a new product; tests override fields. */
  const validForm = (overrides: Record<string, string> = {}): Record<string, string> => ({
    intent: "create",
    name: `Televisor de prueba ${STAMP}`,
    description: "Televisor 4K de 55 pulgadas con HDR.",
    price: "1.234,56",
    isOnSale: "on",
    salePrice: "999,95",
    categoryId: String(categoryIds.get("Electrónica")),
    subcategoryId: String(subcategoryIds.get("Electrónica/Televisores")),
    condition: "refurbished",
    brand: "Visiora",
    eanCode: "8400000000017",
    sku: `TV-${STAMP}`,
    color: "Negro",
    sizeInfo: "55 pulgadas",
    weightKg: "14,5",
    videoUrl: "https://video.example/tv",
    stockQuantity: "",
    minimumStockLevel: "2",
    isPubliclyVisible: "on",
    isNew: "on",
    supplier: "Proveedor Confidencial S.L.",
    purchaseLink: "https://compras-confidenciales.example/tv",
    internalCost: "612,30",
    internalNotes: "Nota interna: margen negociado",
    ...overrides,
  });
  const PRIVATE_TEXTS = [
    "Proveedor Confidencial S.L.",
    "compras-confidenciales.example",
    "Nota interna: margen negociado",
    "612,30",
    "61230",
  ];

  it("shows an admin the stats of the demo catalogue, computed here from the demo data", async () => {
    // The demo seed's rule: an internal cost, or 62 % of the price when there is a supplier.
    const cost = (p: (typeof DEMO_PRODUCTS)[number]) =>
      p.costCents ?? (p.supplier ? Math.round(p.priceCents * 0.62) : 0);
    const stockValue = DEMO_PRODUCTS.reduce((sum, p) => sum + p.stock * p.priceCents, 0);
    const internalCost = DEMO_PRODUCTS.reduce((sum, p) => sum + p.stock * cost(p), 0);
    const lowStock = DEMO_PRODUCTS.filter(
      (p) => (p.minStock ?? 0) > 0 && p.stock <= p.minStock!,
    ).length;
    const response = await admin.get(PAGE);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const page = decode(await response.text());
    const card = (label: string) => statCard(page, label);
    expect(card("Valor total del stock")).toBe(formatCents(stockValue));
    expect(card("Coste interno total")).toBe(formatCents(internalCost));
    expect(card("Productos")).toBe(DEMO_PRODUCTS.length.toLocaleString("es-ES"));
    expect(card("Con stock bajo")).toBe(lowStock.toLocaleString("es-ES"));
    expect(lowStock).toBeGreaterThan(0);
    expect(page).toMatch(/<a[^>]*href="\/admin\/productos"[^>]*>[\s\S]*?Productos/);
  });

  it("filters and sorts the table from the URL", async () => {
    const category = "Informática";
    const expected = DEMO_PRODUCTS.map((p, i) => ({ ...p, id: i + 1 }))
      .filter((p) => p.category === "informatica")
      .sort((a, b) => a.priceCents - b.priceCents || a.id - b.id)
      .map((p) => p.id);
    const page = await html(
      admin,
      `${PAGE}?categoria=${categoryIds.get(category)}&orden=precio&dir=asc`,
    );
    expect(rowIds(page)).toEqual(expected.slice(0, 25));
    expect(page).toMatch(/aria-sort="ascending"[^>]*><a[^>]*>Precio/);

    const hidden = DEMO_PRODUCTS.map((p, i) => ({ ...p, id: i + 1 })).filter((p) => p.hidden);
    expect(
      rowIds(await html(admin, `${PAGE}?visibilidad=oculto&orden=creado&dir=asc`)).sort(),
    ).toEqual(hidden.map((p) => p.id).sort());
    const lowStock = rowIds(await html(admin, `${PAGE}?stock=bajo&q=`));
    expect(lowStock.length).toBeGreaterThan(0);
    for (const id of lowStock) {
      const p = DEMO_PRODUCTS[id - 1]!;
      expect((p.minStock ?? 0) > 0 && p.stock <= p.minStock!, p.name).toBe(true);
    }
  });

  it("creates a product with every field, shows it in the storefront, keeps private fields admin-only", async () => {
    const response = await admin.post(`${PAGE}?nuevo`, validForm());
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);
    const list = await html(admin, PAGE);
    expect(list).toContain("Producto creado correctamente.");
    // The stats follow at once (their cache moves with every write to the catalogue).
    expect(statCard(list, "Productos")).toBe((DEMO_PRODUCTS.length + 1).toLocaleString("es-ES"));

    const id = (await idOfSku(`TV-${STAMP}`))!;
    expect(id).toBeGreaterThan(DEMO_PRODUCTS.length);
    const form = await html(admin, `${PAGE}?editar=${id}`);
    expect(inputValue(form, "price")).toBe("1234,56");
    expect(inputValue(form, "salePrice")).toBe("999,95");
    expect(inputValue(form, "weightKg")).toBe("14,5");
    expect(inputValue(form, "internalCost")).toBe("612,30");
    expect(inputValue(form, "stockQuantity")).toBe("0");
    expect(inputValue(form, "minimumStockLevel")).toBe("2");
    expect(inputValue(form, "supplier")).toBe("Proveedor Confidencial S.L.");

    const product = (await publicPage(id))!;
    expect(product).toContain(`Televisor de prueba ${STAMP}`);
    expect(product).toContain(formatCents(99_995));
    // Created on sale, it was never sold at another price: no reduction may be announced
    // (Omnibus: no struck-through price, no «Oferta»; tests/integration/omnibus.test.ts).
    expect(product).not.toMatch(/<s\b/);
    expect(product).not.toContain("Precio más bajo");
    for (const text of PRIVATE_TEXTS) expect(product, text).not.toContain(text);
    const search = await html(
      visitor,
      `/productos/todos?q=${encodeURIComponent(`televisor ${STAMP}`)}`,
    );
    expect(search).toContain(`Televisor de prueba ${STAMP}`);
    for (const text of PRIVATE_TEXTS) expect(search, text).not.toContain(text);
    const dataRequest = await visitor.get(
      `/productos/todos.data?q=${encodeURIComponent(`televisor ${STAMP}`)}`,
    );
    const body = await dataRequest.text();
    expect(body).toContain(`Televisor de prueba ${STAMP}`);
    for (const text of PRIVATE_TEXTS) expect(body, text).not.toContain(text);
  });

  const INVALID: [string, Record<string, string>, string, number?][] = [
    ["no name", { name: "  " }, PRODUCT_MESSAGES.nameRequired],
    ["no description", { description: "" }, PRODUCT_MESSAGES.descriptionRequired],
    ["no price", { price: "" }, PRODUCT_MESSAGES.priceRequired],
    ["a price that is not a number", { price: "doce" }, PRODUCT_MESSAGES.priceInvalid],
    ["a price with three decimals", { price: "12,345" }, PRODUCT_MESSAGES.twoDecimals],
    ["a price over the limit", { price: "2000000" }, PRODUCT_MESSAGES.moneyTooLarge],
    ["no category", { categoryId: "" }, PRODUCT_MESSAGES.categoryRequired],
    [
      "a category that does not exist",
      { categoryId: "999999", subcategoryId: "none" },
      PRODUCT_MESSAGES.categoryMissing,
    ],
    ["on sale without a sale price", { salePrice: "" }, PRODUCT_MESSAGES.salePriceRequired],
    [
      "a sale price not below the price",
      { salePrice: "1234.56" },
      PRODUCT_MESSAGES.salePriceNotLower,
    ],
    [
      "a sale price that is not a number",
      { salePrice: "barato" },
      PRODUCT_MESSAGES.salePriceInvalid,
    ],
    ["a stock with decimals", { stockQuantity: "1,5" }, PRODUCT_MESSAGES.stockInvalid],
    ["a negative minimum stock", { minimumStockLevel: "-2" }, PRODUCT_MESSAGES.minimumStockInvalid],
    ["a weight that is not a number", { weightKg: "pesado" }, PRODUCT_MESSAGES.weightInvalid],
    ["a weight with four decimals", { weightKg: "0,1234" }, PRODUCT_MESSAGES.threeDecimals],
    [
      "an internal cost that is not a number",
      { internalCost: "gratis" },
      PRODUCT_MESSAGES.internalCostInvalid,
    ],
    [
      "a purchase link without scheme",
      { purchaseLink: "compras.example/tv" },
      PRODUCT_MESSAGES.urlInvalid,
    ],
    [
      "a javascript: purchase link",
      { purchaseLink: "javascript:alert(1)" },
      PRODUCT_MESSAGES.urlInvalid,
    ],
    ["an ftp video URL", { videoUrl: "ftp://video.example/tv" }, PRODUCT_MESSAGES.urlInvalid],
    ["an EAN with letters", { eanCode: "84-AB-12" }, PRODUCT_MESSAGES.eanInvalid],
    ["an unknown condition", { condition: "roto" }, PRODUCT_MESSAGES.conditionInvalid],
    ["an image that was never uploaded", { imageKeys: "AAAAAAAAAAAAAAAA" }, IMAGE_MESSAGES.missing],
    ["a malformed image key", { imageKeys: "../../etc/passwd" }, IMAGE_MESSAGES.malformed],
  ];

  it.each(INVALID)(
    "refuses %s with its message, keeps what was typed, saves nothing",
    async (_label, overrides, message) => {
      const sku = `BAD-${STAMP}-${Math.random().toString(36).slice(2, 8)}`;
      const response = await admin.post(`${PAGE}?nuevo`, validForm({ sku, ...overrides }));
      expect(response.status).toBe(400);
      const page = decode(await response.text());
      expect(page).toContain(message);
      // The dialog is still open with the admin's input.
      expect(inputValue(page, "sku")).toBe(sku);
      expect(await idOfSku(sku)).toBeUndefined();
    },
  );

  it("refuses a SKU another product has (409) and a subcategory of another category", async () => {
    const taken = await admin.post(`${PAGE}?nuevo`, validForm({ sku: "ELE-MOV-001" }));
    expect(taken.status).toBe(409);
    expect(decode(await taken.text())).toContain(PRODUCT_MESSAGES.skuTaken("ELE-MOV-001"));

    const sku = `SUB-${STAMP}`;
    const mismatch = await admin.post(
      `${PAGE}?nuevo`,
      validForm({ sku, subcategoryId: String(subcategoryIds.get("Informática/Portátiles")) }),
    );
    expect(mismatch.status).toBe(400);
    expect(decode(await mismatch.text())).toContain(PRODUCT_MESSAGES.subcategoryNotInCategory);
    expect(await idOfSku(sku)).toBeUndefined();
  });

  it("refuses a customer and a visitor: nothing is created, changed or deleted", async () => {
    const id = (await idOfSku(`TV-${STAMP}`))!;
    const attempts: [BrowserClient, string][] = [
      [customer, "/"],
      [visitor, `/login?redirectTo=${encodeURIComponent(PAGE)}`],
    ];
    for (const [client, location] of attempts) {
      const sku = `CLI-${STAMP}`;
      for (const fields of [
        validForm({ sku }),
        validForm({ intent: "update", id: String(id), price: "1", isOnSale: "" }),
        { intent: "delete", id: String(id) },
      ]) {
        const response = await client.post(PAGE, fields);
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe(location);
      }
      expect(await idOfSku(sku)).toBeUndefined();
      const page = await client.get(PAGE);
      expect(page.status).toBe(302);
      const data = await (await client.get(`${PAGE}.data?editar=${id}`)).text();
      for (const text of PRIVATE_TEXTS) expect(data, text).not.toContain(text);
    }
    const product = (await publicPage(id))!;
    expect(product).toContain(formatCents(99_995));
    // Created on sale, it was never sold at another price: no reduction may be announced
    // (Omnibus: no struck-through price, no «Oferta»; tests/integration/omnibus.test.ts).
    expect(product).not.toMatch(/<s\b/);
    expect(product).not.toContain("Precio más bajo");
  });

  it("updates a product: the new price shows in the storefront, off sale the sale price goes", async () => {
    const id = (await idOfSku(`TV-${STAMP}`))!;
    const fields = validForm({
      intent: "update",
      id: String(id),
      price: "1.100",
      stockQuantity: "9",
    });
    delete fields.isOnSale; // unticked: the browser sends nothing
    const response = await admin.post(`${PAGE}?editar=${id}`, fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect(await html(admin, PAGE)).toContain("Producto actualizado correctamente.");

    const product = (await publicPage(id))!;
    expect(product).toContain(formatCents(110_000));
    expect(product).not.toContain(formatCents(99_995));
    const form = await html(admin, `${PAGE}?editar=${id}`);
    expect(inputValue(form, "price")).toBe("1100,00");
    expect(inputValue(form, "salePrice")).toBe("");
    expect(inputValue(form, "stockQuantity")).toBe("9");
  });

  it("edits a demo product without touching its SKU or images, and sends a vanished one back with a toast", async () => {
    const id = demoId(DEMO_PRODUCTS[0]!.name);
    const form = await html(admin, `${PAGE}?editar=${id}`);
    expect(inputValue(form, "sku")).toBe("ELE-MOV-001");
    expect(inputValue(form, "name")).toBe(DEMO_PRODUCTS[0]!.name);
    expect(form).toMatch(/name="imageKeys" value="[A-Za-z0-9_-]{16}"/);

    const gone = await admin.get(`${PAGE}?editar=999999`);
    expect(gone.status).toBe(302);
    expect(gone.headers.get("Location")).toBe(PAGE);
    expect(await html(admin, PAGE)).toContain("No se encontró el producto.");
  });

  it("deletes a product after the confirmation's post: gone from the storefront, 'Producto eliminado.'", async () => {
    const id = (await idOfSku(`TV-${STAMP}`))!;
    // The confirmation (spec §5 text) is a dialog opened by the button: see the e2e test.
    expect(rowIds(await html(admin, `${PAGE}?sku=TV-${STAMP}`))).toEqual([id]);
    const response = await admin.post(`${PAGE}?orden=precio`, { intent: "delete", id: String(id) });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?orden=precio`);
    expect(await html(admin, PAGE)).toContain("Producto eliminado.");
    expect(await publicPage(id)).toBeNull();
    expect(await idOfSku(`TV-${STAMP}`)).toBeUndefined();

    // Deleted already: the pipeline's 404, with the refusal's toast on the same page.
    const again = await admin.post(PAGE, { intent: "delete", id: String(id) });
    expect(again.status).toBe(404);
    expect(decode(await again.text())).toContain("No se pudo eliminar el producto.");
  });

  it("answers an unknown intent with 400", async () => {
    expect((await admin.post(PAGE, { intent: "archive", id: "1" })).status).toBe(400);
  });

  it("a form opened before a sale cannot undo it: refused on the stock field, nothing saved, what was typed kept", async () => {
    const sku = `STOCK-${STAMP}`;
    const fields = validForm({ sku, name: `Lámpara de prueba ${STAMP}`, stockQuantity: "5" });
    delete fields.isOnSale;
    expect((await admin.post(PAGE, fields)).status).toBe(302);
    const id = (await idOfSku(sku))!;
    const editUrl = `${PAGE}?editar=${id}`;
    /** The product form of an edit dialog's HTML, as a click on «Guardar cambios» sends it. */
    const updateForm = (page: string) =>
      postFormsOf(page, editUrl).find((form) =>
        form.fields.some(([name, value]) => name === "intent" && value === "update"),
      )!.fields;
    const opened = updateForm(await (await admin.get(editUrl)).text());
    expect(opened).toContainEqual(["version", expect.any(String)]);

    // While the dialog is open, a customer buys one.
    await payOrder(
      await placeOrder(server.url, String(id), {
        ...MADRID_ADDRESS,
        email: "compra.stock@ejemplo.es",
      }),
    );
    expect(inputValue(await html(admin, editUrl), "stockQuantity")).toBe("4");

    // The admin renames it and saves the form as it was opened (stock 5).
    const typed = opened.map(([name, value]): [string, string] =>
      name === "name" ? [name, `Lámpara renombrada ${STAMP}`] : [name, value],
    );
    const refused = await admin.postBody(editUrl, new URLSearchParams(typed));
    expect(refused.status).toBe(409);
    const raw = await refused.text();
    const answer = decode(raw);
    expect(answer).toContain(PRODUCT_MESSAGES.changedMeanwhile);
    expect(answer).toContain(PRODUCT_MESSAGES.stockChangedMeanwhile(4));
    expect(inputValue(answer, "name")).toBe(`Lámpara renombrada ${STAMP}`);
    let stored = await html(admin, editUrl);
    expect(inputValue(stored, "stockQuantity")).toBe("4");
    expect(inputValue(stored, "name")).toBe(`Lámpara de prueba ${STAMP}`);

    // Seen: the answer's form carries the new version; with the stock corrected it saves.
    const again = updateForm(raw);
    expect(again).not.toContainEqual(opened.find(([name]) => name === "version"));
    const corrected = again.map(([name, value]): [string, string] =>
      name === "stockQuantity" ? [name, "4"] : [name, value],
    );
    expect(corrected).toContainEqual(["name", `Lámpara renombrada ${STAMP}`]);
    expect((await admin.postBody(editUrl, new URLSearchParams(corrected))).status).toBe(302);
    stored = await html(admin, editUrl);
    expect(inputValue(stored, "name")).toBe(`Lámpara renombrada ${STAMP}`);
    expect(inputValue(stored, "stockQuantity")).toBe("4");
  });

  /** A product's edit dialog as it is now: its URL, and its form as sent with one field changed. */
  async function openEditForm(id: number) {
    const editUrl = `${PAGE}?editar=${id}`;
    const opened = postFormsOf(await (await admin.get(editUrl)).text(), editUrl).find((form) =>
      form.fields.some(([name, value]) => name === "intent" && value === "update"),
    )!.fields;
    const withField = (name: string, value: string) =>
      new URLSearchParams(
        opened.map(([n, v]): [string, string] => (n === name ? [n, value] : [n, v])),
      );
    return { editUrl, withField };
  }

  /** A stale save: refused above the form, nothing saved (`stored`: the fields as they are). */
  async function expectStaleRefused(
    editUrl: string,
    form: URLSearchParams,
    stored: Record<string, string>,
  ) {
    const refused = await admin.postBody(editUrl, form);
    expect(refused.status).toBe(409);
    expect(decode(await refused.text())).toContain(PRODUCT_MESSAGES.changedMeanwhile);
    const page = await html(admin, editUrl);
    for (const [name, value] of Object.entries(stored)) expect(inputValue(page, name)).toBe(value);
  }

  it("a form opened before another admin's save is refused above the form, and saves nothing", async () => {
    const { editUrl, withField } = await openEditForm((await idOfSku(`STOCK-${STAMP}`))!);
    // Another admin (another tab) changes the brand first.
    expect((await admin.postBody(editUrl, withField("brand", "Lumina"))).status).toBe(302);
    await expectStaleRefused(editUrl, withField("color", "Blanco"), {
      brand: "Lumina",
      color: "Negro",
    });
  });

  it("a change is seen even when it leaves the row's updated_at as it was (another instance's clock)", async () => {
    const id = (await idOfSku(`STOCK-${STAMP}`))!;
    const editUrl = `${PAGE}?editar=${id}`;
    // Two instances whose clocks disagree can write the same updated_at: here, both writes do.
    const sameMoment = new Date("2026-06-01T10:00:00.000Z");
    const setUpdatedAt = (db: Database) =>
      db.update(schema.products).set({ updatedAt: sameMoment }).where(eq(schema.products.id, id));
    const restarted = async () => {
      server = await withStoppedServer(server, setUpdatedAt);
      admin = admin.movedTo(server.url);
    };
    await restarted();
    const { withField } = await openEditForm(id);
    expect((await admin.postBody(editUrl, withField("brand", "Aurora"))).status).toBe(302);
    await restarted();
    await expectStaleRefused(editUrl, withField("color", "Rojo"), {
      brand: "Aurora",
      color: "Negro",
    });
  });
});
