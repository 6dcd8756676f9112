import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplaceProducts } from "~/db/schema";
import { DEMO_MARKETPLACE_ITEMS } from "~/db/seed/demo-data";
import { openDatabase } from "~/db/client.server";
import { MARKETPLACE_MESSAGES } from "~/modules/marketplace/admin-schemas";
import { BrowserClient } from "../helpers/browser-client";
import { MADRID_ADDRESS, payOrder, placeOrder } from "../helpers/checkout";
import { postFormsOf } from "../helpers/forms";
import {
  editIdOf,
  inputValue,
  inputValues,
  isChecked,
  rowNamed,
  selectedValue,
  selectGroups,
  selectOptions,
  tableRows,
  textareaValue,
  unescapeHtml,
} from "../helpers/html";
import { formWithImages, storedFilesOf, uploadTestImage } from "../helpers/images";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

const PATH = "/admin/marketplace-productos";
const CONDITION_REQUIRED = "La condición del Marketplace es obligatoria.";
const VIDEO_LIMIT = "Solo puedes añadir hasta 2 URLs de vídeo.";

let server: TestServer;
let admin: BrowserClient;
let customer: BrowserClient;
let visitor: BrowserClient;

beforeAll(async () => {
  server = await startServer({ seed: true });
  ({ admin, customer } = await demoSessions(server.url));
  visitor = new BrowserClient(server.url);
});
afterAll(async () => {
  await server?.stop();
});

async function adminPage(search = "") {
  const response = await admin.get(`${PATH}${search}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The page a redirect leads to (its HTML carries the toast the action set). */
async function follow(client: BrowserClient, response: Response) {
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  const page = await client.get(location);
  return unescapeHtml(await page.text());
}

async function publicMarketplace() {
  const response = await visitor.get("/marketplace");
  expect(response.status).toBe(200);
  return unescapeHtml(await response.text());
}

async function idOf(name: string) {
  const row = rowNamed(await adminPage(), name);
  expect(row, name).toBeDefined();
  return editIdOf(row!.html);
}

/** Category and subcategory ids from the add dialog's selects. */
async function categoryIds() {
  const html = await adminPage("?nuevo");
  const categories = selectOptions(html, "categoryId");
  const groups = selectGroups(html, "subcategoryId");
  const electronica = categories.find((c) => c.label === "Electrónica")!.value;
  const moviles = groups
    .get("Electrónica")!
    .find((s) => s.label === "Móviles y smartphones")!.value;
  const deportes = categories.find((c) => c.label === "Deportes")!.value;
  return { electronica, moviles, deportes };
}

const validItem = (name: string): Record<string, string> => ({
  intent: "save",
  name,
  description: "Funciona perfectamente, con caja y cargador.",
  price: "12,50",
  marketplaceCondition: "very_good",
});

describe("/admin/marketplace-productos table", () => {
  it("lists every item by name with condition, price, approval and visibility, and a count", async () => {
    const html = await adminPage();
    expect(html).toMatch(/<h1\b[^>]*>Marketplace<\/h1>/);
    for (const heading of ["Nombre", "Condición", "Precio", "Aprobado", "Visible", "Acciones"]) {
      // A narrow screen keeps «Acciones» for screen readers only (a span inside the heading).
      expect(html).toMatch(
        new RegExp(`<th scope="col"[^>]*>(?:<span[^>]*>)?${heading}(?:</span>)?</th>`),
      );
    }
    const names = tableRows(html).map((row) => row.name);
    expect([...names].sort()).toEqual(DEMO_MARKETPLACE_ITEMS.map((item) => item.name).sort());

    const phone = rowNamed(html, "Smartphone Nexa X10 128 GB")!;
    expect(phone.cells.slice(0, 4)).toEqual(["Excelente", "190,00 €", "Sí", "Sí"]);
    const guitar = rowNamed(html, "Guitarra española de estudio")!;
    expect(guitar.cells.slice(0, 4)).toEqual(["Muy Bueno", "120,00 €", "No", "Sí"]);
    expect(guitar.cells[4]).toContain("Aprobar");
    expect(phone.cells[4]).toContain("Desaprobar");
    expect(phone.cells[4]).toContain("Editar");
    expect(phone.cells[4]).toContain("Eliminar");
    const hidden = rowNamed(html, "Patinete eléctrico Voltia E-Ride 350 W")!;
    expect(hidden.cells[3]).toBe("No");
    expect(rowNamed(html, "Consola Pixelia Play 5 con dos mandos")!.header).toContain("Vendido");

    expect(unescapeHtml(html)).toContain(
      `${DEMO_MARKETPLACE_ITEMS.length} productos en el Marketplace.`,
    );
  });

  it("sends no-store and links to the add and edit dialogs", async () => {
    const response = await admin.get(PATH);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain('href="/admin/marketplace-productos?nuevo"');
    expect(html).toMatch(/href="\/admin\/marketplace-productos\?editar=\d+"/);
    expect(html).not.toContain('role="dialog"');
  });

  it("opens the add dialog from the URL with the defaults and every field", async () => {
    const html = await adminPage("?nuevo");
    expect(html).toContain("Añadir producto al Marketplace");
    expect(isChecked(html, "isPubliclyVisible")).toBe(true);
    expect(isChecked(html, "isApprovedByAdmin")).toBe(false);
    expect(isChecked(html, "isSold")).toBe(false);
    expect(isChecked(html, "isFeaturedNew")).toBe(false);
    expect(inputValue(html, "featuredOrder")).toBe("0");
    // A text field with the decimal keypad: «12,50» and «1.234,56» are typed the Spanish way.
    expect(html).toMatch(
      /<input[^>]*name="price"[^>]*inputmode="decimal"|inputmode="decimal"[^>]*name="price"/i,
    );
    const conditions = selectOptions(html, "marketplaceCondition").map((o) => o.label);
    expect(conditions).toEqual([
      "Elige la condición…",
      "Excelente",
      "Muy Bueno",
      "Bueno",
      "Aceptable",
      "Necesita Reparación",
      "Para Piezas",
    ]);
    for (const name of ["name", "brand", "sku", "videoUrls[0]"]) {
      expect(inputValue(html, name), name).toBe("");
    }
    expect(textareaValue(html, "sellerInfo")).toBe("");
    expect(textareaValue(html, "description")).toBe("");
  });

  it("shows a notice, not a dialog, for an item that does not exist", async () => {
    const html = unescapeHtml(await adminPage("?editar=999999"));
    expect(html).toContain("Este producto del Marketplace ya no existe.");
    expect(html).not.toContain("Editar producto del Marketplace");
  });
});

describe("creating and editing", () => {
  it("creates an item with every field, shows the toast and the values in the edit dialog", async () => {
    const { electronica, moviles } = await categoryIds();
    const response = await admin.post(`${PATH}?nuevo`, {
      ...validItem("Auriculares Sonora Pro usados"),
      price: "12,50",
      categoryId: electronica,
      subcategoryId: moviles,
      "videoUrls[0]": "",
      "videoUrls[1]": "https://videos.example.com/auriculares.mp4",
      brand: "Sonora",
      sku: "MK-AUR-001",
      sellerInfo: "Pablo S. · Bilbao",
      isPubliclyVisible: "on",
      isApprovedByAdmin: "on",
      isFeaturedNew: "on",
      featuredOrder: "3",
    });
    expect(response.headers.get("Location")).toBe(PATH);
    const next = await follow(admin, response);
    expect(next).toContain("Éxito");
    expect(next).toContain("Producto del Marketplace creado correctamente.");

    const row = rowNamed(next, "Auriculares Sonora Pro usados")!;
    expect(row.cells.slice(0, 4)).toEqual(["Muy Bueno", "12,50 €", "Sí", "Sí"]);

    const html = await adminPage(`?editar=${editIdOf(row.html)}`);
    expect(html).toContain("Editar producto del Marketplace");
    expect(inputValue(html, "name")).toBe("Auriculares Sonora Pro usados");
    expect(inputValue(html, "price")).toBe("12,50");
    expect(selectedValue(html, "marketplaceCondition")).toBe("very_good");
    expect(selectedValue(html, "categoryId")).toBe(electronica);
    expect(selectedValue(html, "subcategoryId")).toBe(moviles);
    // The empty first address was dropped.
    expect(inputValue(html, "videoUrls[0]")).toBe("https://videos.example.com/auriculares.mp4");
    expect(inputValue(html, "videoUrls[1]")).toBeUndefined();
    expect(inputValue(html, "brand")).toBe("Sonora");
    expect(inputValue(html, "sku")).toBe("MK-AUR-001");
    expect(textareaValue(html, "sellerInfo")).toBe("Pablo S. · Bilbao");
    expect(isChecked(html, "isPubliclyVisible")).toBe(true);
    expect(isChecked(html, "isApprovedByAdmin")).toBe(true);
    expect(isChecked(html, "isSold")).toBe(false);
    expect(isChecked(html, "isFeaturedNew")).toBe(true);
    expect(inputValue(html, "featuredOrder")).toBe("3");

    // Approved and visible: on the public page at once.
    expect(await publicMarketplace()).toContain("Auriculares Sonora Pro usados");
  });

  it("accepts '12.50' and '12,5' alike, and unticked boxes are false", async () => {
    const response = await admin.post(PATH, {
      ...validItem("Altavoz Sonora Mini"),
      price: "7.5",
      featuredOrder: "abc",
    });
    const next = await follow(admin, response);
    const row = rowNamed(next, "Altavoz Sonora Mini")!;
    expect(row.cells.slice(0, 4)).toEqual(["Muy Bueno", "7,50 €", "No", "No"]);
    const html = await adminPage(`?editar=${editIdOf(row.html)}`);
    expect(inputValue(html, "featuredOrder")).toBe("0");
    expect(selectedValue(html, "categoryId")).toBe("");
    expect(selectedValue(html, "subcategoryId")).toBe("");
    expect(await publicMarketplace()).not.toContain("Altavoz Sonora Mini");
  });

  it("updates an item and says so; an empty category and 'none' subcategory become none", async () => {
    const id = await idOf("Altavoz Sonora Mini");
    const response = await admin.post(`${PATH}?editar=${id}`, {
      ...validItem("Altavoz Sonora Mini (revisado)"),
      id: String(id),
      price: "9,99",
      marketplaceCondition: "needs_repair",
      categoryId: "",
      subcategoryId: "none",
      isPubliclyVisible: "on",
      isApprovedByAdmin: "on",
      isSold: "on",
    });
    expect(response.headers.get("Location")).toBe(PATH);
    const next = await follow(admin, response);
    expect(next).toContain("Producto del Marketplace actualizado correctamente.");
    expect(rowNamed(next, "Altavoz Sonora Mini")).toBeUndefined();
    const row = rowNamed(next, "Altavoz Sonora Mini (revisado)")!;
    expect(row.header).toContain("Vendido");
    expect(row.cells.slice(0, 4)).toEqual(["Necesita Reparación", "9,99 €", "Sí", "Sí"]);
    // Sold items stay off the public page even when approved and visible.
    expect(await publicMarketplace()).not.toContain("Altavoz Sonora Mini");
  });

  it("goes back to the list without the dialog's parameter but with the others", async () => {
    const id = await idOf("Altavoz Sonora Mini (revisado)");
    const response = await admin.post(`${PATH}?page=1&editar=${id}`, {
      ...validItem("Altavoz Sonora Mini (revisado)"),
      id: String(id),
      isSold: "on",
    });
    expect(response.headers.get("Location")).toBe(`${PATH}?page=1`);
    await follow(admin, response);
  });

  it("refuses to update an item that no longer exists", async () => {
    const response = await admin.post(`${PATH}?editar=999999`, {
      ...validItem("Fantasma"),
      id: "999999",
    });
    expect(response.status).toBe(404);
    const html = unescapeHtml(await response.text());
    expect(html).toContain("No se pudo actualizar el producto del Marketplace.");
    expect(rowNamed(await adminPage(), "Fantasma")).toBeUndefined();
  });
});

describe("a form left open", () => {
  it("is not refused for a customer's hold, but cannot undo a sale made meanwhile: refused, nothing saved", async () => {
    const name = "Cámara analógica Óptica 35 mm de los años 80";
    expect(await publicMarketplace()).toContain(name);
    const id = await idOf(name);
    const editUrl = `${PATH}?editar=${id}`;
    const openForm = async () =>
      postFormsOf(await adminPage(`?editar=${id}`), editUrl).find((form) =>
        form.fields.some(([field]) => field === "version"),
      )!.fields;
    const typing = (fields: [string, string][], field: string, value: string) =>
      new URLSearchParams(fields.map(([f, v]): [string, string] => [f, f === field ? value : v]));

    // A customer starts paying for it while the dialog is open: the hold changes nothing the
    // form shows, and the save goes through.
    const first = await openForm();
    expect(first).not.toContainEqual(["isSold", "on"]);
    const order = await placeOrder(
      server.url,
      { intent: "add-item", marketplaceProductId: String(id) },
      { ...MADRID_ADDRESS, email: "compra.camara@ejemplo.es" },
    );
    expect((await admin.postBody(editUrl, typing(first, "brand", "Óptica"))).status).toBe(302);

    // Then pays for it while the dialog is open again.
    const second = await openForm();
    await payOrder(order);
    expect(rowNamed(await adminPage(), name)!.header).toContain("Vendido");
    const refused = await admin.postBody(editUrl, typing(second, "price", "30,00"));
    expect(refused.status).toBe(409);
    const answer = unescapeHtml(await refused.text());
    expect(answer).toContain(MARKETPLACE_MESSAGES.changed);
    expect(answer).toContain(MARKETPLACE_MESSAGES.soldChangedMeanwhile(true));
    expect(inputValue(answer, "price")).toBe("30,00");
    // Still sold, at its price, and off the public page.
    const row = rowNamed(await adminPage(), name)!;
    expect(row.header).toContain("Vendido");
    expect(row.cells).not.toContain("30,00 €");
    expect(await publicMarketplace()).not.toContain(name);
  });
});

describe("validation (nothing saved, what was typed stays)", () => {
  async function refused(fields: Record<string, string>, status = 400) {
    const before = tableRows(await adminPage()).length;
    const response = await admin.post(`${PATH}?nuevo`, fields);
    expect(response.status).toBe(status);
    const html = await response.text();
    expect(tableRows(await adminPage()).length).toBe(before);
    return { html, text: unescapeHtml(html) };
  }

  it("requires name, description, price and condition", async () => {
    const { html, text } = await refused({ intent: "save", brand: "Marca tecleada" });
    expect(text).toContain("El nombre es obligatorio.");
    expect(text).toContain("La descripción es obligatoria.");
    expect(text).toContain("El precio es obligatorio.");
    expect(text).toContain(CONDITION_REQUIRED);
    expect(inputValue(html, "brand")).toBe("Marca tecleada");
  });

  it("refuses an unknown condition with the condition message", async () => {
    const { text } = await refused({
      ...validItem("Condición rara"),
      marketplaceCondition: "mint",
    });
    expect(text).toContain(CONDITION_REQUIRED);
  });

  it("refuses blank names, bad and negative prices", async () => {
    expect((await refused({ ...validItem("   ") })).text).toContain("El nombre es obligatorio.");
    expect((await refused({ ...validItem("Precio raro"), price: "doce" })).text).toContain(
      "El precio no es un importe válido (por ejemplo, 12,50).",
    );
    const negative = await refused({ ...validItem("Precio negativo"), price: "-3" });
    expect(negative.text).toContain("El precio no puede ser negativo.");
    expect(inputValue(negative.html, "name")).toBe("Precio negativo");
  });

  it("refuses a third video address with the 'Límite Alcanzado' toast, and bad addresses", async () => {
    const { text } = await refused({
      ...validItem("Tres vídeos"),
      "videoUrls[0]": "https://videos.example.com/1.mp4",
      "videoUrls[1]": "https://videos.example.com/2.mp4",
      "videoUrls[2]": "https://videos.example.com/3.mp4",
    });
    expect(text).toContain(VIDEO_LIMIT);
    expect(text).toContain("Límite Alcanzado");
    const bad = await refused({
      ...validItem("Vídeo raro"),
      "videoUrls[0]": "javascript:alert(1)",
    });
    expect(bad.text).toContain(
      "La URL del vídeo no es válida: debe empezar por http:// o https://.",
    );
  });

  it("refuses a subcategory of another category, and unknown categories", async () => {
    const { deportes, moviles } = await categoryIds();
    const mismatch = await refused({
      ...validItem("Mezcla de categorías"),
      categoryId: deportes,
      subcategoryId: moviles,
    });
    expect(mismatch.text).toContain("La subcategoría elegida no pertenece a la categoría.");
    expect(mismatch.text).toContain("No se pudo crear el producto del Marketplace.");
    const unknown = await refused({ ...validItem("Categoría borrada"), categoryId: "999999" });
    expect(unknown.text).toContain("La categoría elegida ya no existe.");
    const garbage = await refused({ ...validItem("Categoría rara"), categoryId: "abc" });
    expect(garbage.text).toContain("Elige una categoría de la lista.");
  });

  it("answers an unknown intent with 400", async () => {
    const response = await admin.post(PATH, { intent: "explode", id: "1" });
    expect(response.status).toBe(400);
  });
});

describe("approval", () => {
  it("approves a pending item: toast, table and public page follow", async () => {
    const name = "Guitarra española de estudio";
    expect(await publicMarketplace()).not.toContain(name);
    const id = await idOf(name);
    const response = await admin.post(PATH, {
      intent: "approval",
      id: String(id),
      approved: "true",
    });
    const next = await follow(admin, response);
    expect(next).toContain("Éxito");
    expect(next).toContain("Producto aprobado.");
    const row = rowNamed(next, name)!;
    expect(row.cells[2]).toBe("Sí");
    expect(row.cells[4]).toContain("Desaprobar");
    expect(await publicMarketplace()).toContain(name);

    const again = await admin.post(PATH, { intent: "approval", id: String(id), approved: "false" });
    const after = await follow(admin, again);
    expect(after).toContain("Producto desaprobado.");
    expect(rowNamed(after, name)!.cells[2]).toBe("No");
    expect(await publicMarketplace()).not.toContain(name);
  });

  it("an approved but hidden item stays off the public page", async () => {
    const name = "Tablet Lumio Tab 10 con funda teclado";
    const row = rowNamed(await adminPage(), name)!;
    expect(row.cells.slice(2, 4)).toEqual(["Sí", "No"]);
    expect(await publicMarketplace()).not.toContain(name);
  });

  it("fails with the spec's message for an unknown or malformed item", async () => {
    const unknown = await admin.post(PATH, { intent: "approval", id: "999999", approved: "true" });
    expect(unknown.status).toBe(404);
    expect(unescapeHtml(await unknown.text())).toContain(
      "No se pudo cambiar el estado de aprobación.",
    );
    const bad = await admin.post(PATH, { intent: "approval", id: "uno", approved: "yes" });
    expect(bad.status).toBe(400);
    expect(unescapeHtml(await bad.text())).toContain("No se pudo cambiar el estado de aprobación.");
  });
});

describe("deleting", () => {
  it("deletes an item: toast, table and public page follow; a second delete fails", async () => {
    const name = "Auriculares Sonora Pro usados";
    const id = await idOf(name);
    const response = await admin.post(PATH, { intent: "delete", id: String(id) });
    const next = await follow(admin, response);
    expect(next).toContain("Producto del Marketplace eliminado.");
    expect(rowNamed(next, name)).toBeUndefined();
    expect(await publicMarketplace()).not.toContain(name);

    const again = await admin.post(PATH, { intent: "delete", id: String(id) });
    expect(again.status).toBe(404);
    expect(unescapeHtml(await again.text())).toContain(
      "No se pudo eliminar el producto del Marketplace.",
    );
  });
});

describe("customers", () => {
  it("are refused every action and nothing changes", async () => {
    const before = await adminPage();
    const id = await idOf("Cochecito de bebé 3 en 1");
    for (const fields of [
      validItem("Intruso"),
      { ...validItem("Intruso"), id: String(id) },
      { intent: "approval", id: String(id), approved: "true" },
      { intent: "delete", id: String(id) },
    ]) {
      const response = await customer.post(PATH, fields);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    expect(tableRows(await adminPage())).toEqual(tableRows(before));
    expect((await customer.get(PATH)).headers.get("Location")).toBe("/");
  });
});

describe("images", () => {
  it("keeps the images in order, deletes the files of removed ones, and all of them with the item", async () => {
    const [first, second, third] = [
      await uploadTestImage(admin, "#c33"),
      await uploadTestImage(admin, "#3c3"),
      await uploadTestImage(admin, "#33c"),
    ];
    const name = "Radio antigua con fotos";
    const created = await admin.postBody(
      PATH,
      formWithImages({ ...validItem(name), isPubliclyVisible: "on", isApprovedByAdmin: "on" }, [
        second!,
        first!,
        third!,
      ]),
    );
    await follow(admin, created);
    const id = await idOf(name);
    expect(inputValues(await adminPage(`?editar=${id}`), "imageKeys")).toEqual([
      second,
      first,
      third,
    ]);
    // The first image is the card's picture on the public page.
    expect(await publicMarketplace()).toContain(`/uploads/${second}-`);

    const updated = await admin.postBody(
      `${PATH}?editar=${id}`,
      formWithImages({ ...validItem(name), id: String(id) }, [third!, second!]),
    );
    expect(await follow(admin, updated)).toContain(
      "Producto del Marketplace actualizado correctamente.",
    );
    expect(inputValues(await adminPage(`?editar=${id}`), "imageKeys")).toEqual([third, second]);
    expect(storedFilesOf(server.dataDir, first!)).toEqual([]);
    expect(storedFilesOf(server.dataDir, second!).length).toBeGreaterThan(0);
    expect(storedFilesOf(server.dataDir, third!).length).toBeGreaterThan(0);

    await follow(admin, await admin.post(PATH, { intent: "delete", id: String(id) }));
    expect(storedFilesOf(server.dataDir, second!)).toEqual([]);
    expect(storedFilesOf(server.dataDir, third!)).toEqual([]);
  });

  it("refuses images that were never uploaded, and an 11th image, saving nothing", async () => {
    const before = tableRows(await adminPage()).length;
    const ghost = await admin.postBody(
      `${PATH}?nuevo`,
      formWithImages(validItem("Con imagen fantasma"), ["AAAAAAAAAAAAAAAA"]),
    );
    expect(ghost.status).toBe(400);
    expect(unescapeHtml(await ghost.text())).toContain(
      "Alguna de las imágenes ya no está disponible. Quítala y vuelve a subirla.",
    );
    const eleven = Array.from({ length: 11 }, (_, i) => `imagen-${String(i).padStart(9, "0")}`);
    const tooMany = await admin.postBody(
      `${PATH}?nuevo`,
      formWithImages(validItem("Con once imágenes"), eleven),
    );
    expect(tooMany.status).toBe(400);
    expect(unescapeHtml(await tooMany.text())).toContain("Solo puedes tener hasta 10 imágenes.");
    expect(tableRows(await adminPage()).length).toBe(before);
  });
});

describe("stored values", () => {
  it("keeps prices in cents, drops empty videos and stores empty texts as null", async () => {
    const response = await admin.post(PATH, {
      ...validItem("Comprobación en la base de datos"),
      price: "1234,5",
      "videoUrls[0]": "  ",
      brand: "   ",
    });
    await follow(admin, response);
    await server.stop({ cleanup: false });
    const database = await openDatabase({
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl,
      DATABASE_POOL_MAX: 1,
    });
    const [row] = await database.db
      .select()
      .from(marketplaceProducts)
      .where(eq(marketplaceProducts.name, "Comprobación en la base de datos"));
    await database.close();
    server = await server.restart();
    expect(row).toMatchObject({
      priceCents: 123450,
      videoUrls: [],
      brand: null,
      sku: null,
      sellerInfo: null,
      categoryId: null,
      subcategoryId: null,
      isApprovedByAdmin: false,
      isPubliclyVisible: false,
      featuredOrder: 0,
    });
  });
});
