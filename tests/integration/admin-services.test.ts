import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { services } from "~/db/schema";
import { DEMO_SERVICES } from "~/db/seed/demo-data";
import { openDatabase } from "~/db/client.server";
import { BrowserClient } from "../helpers/browser-client";
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

const PATH = "/admin/servicios";

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

async function follow(client: BrowserClient, response: Response) {
  expect(response.status).toBe(302);
  const page = await client.get(response.headers.get("Location")!);
  return unescapeHtml(await page.text());
}

/** /servicios as a visitor, its data request, and as a signed-in customer. */
async function publicServices() {
  const pages = await Promise.all([
    visitor.get("/servicios"),
    visitor.get("/servicios.data"),
    customer.get("/servicios"),
  ]);
  for (const page of pages) expect(page.status).toBe(200);
  return unescapeHtml((await Promise.all(pages.map((p) => p.text()))).join("\n"));
}

async function idOf(name: string) {
  const row = rowNamed(await adminPage(), name);
  expect(row, name).toBeDefined();
  return editIdOf(row!.html);
}

const validService = (name: string): Record<string, string> => ({
  intent: "save",
  name,
  description: "Un técnico va a tu casa y lo deja todo funcionando.",
});

describe("/admin/servicios table", () => {
  it("lists every service with category, price and price type, visibility and a count", async () => {
    const response = await admin.get(PATH);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toMatch(/<h1\b[^>]*>Servicios<\/h1>/);
    for (const heading of ["Nombre", "Categoría", "Precio", "Visible", "Acciones"]) {
      // A narrow screen keeps «Acciones» for screen readers only (a span inside the heading).
      expect(html).toMatch(
        new RegExp(`<th scope="col"[^>]*>(?:<span[^>]*>)?${heading}(?:</span>)?</th>`),
      );
    }
    const names = tableRows(html).map((row) => row.name);
    expect([...names].sort()).toEqual(DEMO_SERVICES.map((s) => s.name).sort());

    const screen = rowNamed(html, "Reparación de pantalla de móvil")!;
    expect(screen.cells.slice(0, 3)).toEqual([
      "Electrónica Móviles y smartphones",
      "79,00 € / servicio",
      "Sí",
    ]);
    expect(rowNamed(html, "Clases particulares de informática")!.cells[1]).toBe("25,00 € / hora");
    expect(rowNamed(html, "Mantenimiento de jardín")!.cells[1]).toBe("89,00 € / mes");
    expect(rowNamed(html, "Instalación de televisor en pared")!.cells[2]).toBe("No");
    expect(screen.cells[3]).toContain("Editar");
    expect(screen.cells[3]).toContain("Eliminar");
    expect(unescapeHtml(html)).toContain(`${DEMO_SERVICES.length} servicios.`);
  });

  it("opens the add dialog with per_service and visible by default and the private block", async () => {
    const html = unescapeHtml(await adminPage("?nuevo"));
    expect(html).toContain("Añadir servicio");
    expect(selectedValue(html, "priceType")).toBe("per_service");
    expect(selectOptions(html, "priceType").map((o) => o.value)).toEqual([
      "per_service",
      "per_hour",
      "monthly_subscription",
    ]);
    expect(isChecked(html, "isPubliclyVisible")).toBe(true);
    expect(isChecked(html, "isFeaturedNew")).toBe(false);
    expect(inputValue(html, "featuredOrder")).toBe("0");
    expect(html).toContain("Solo visible para administradores");
    for (const name of ["supplier", "purchaseLink", "internalCost", "sku"]) {
      expect(inputValue(html, name), name).toBe("");
    }
    expect(textareaValue(html, "internalNotes")).toBe("");
  });

  it("shows the private fields of a service to the admin in the edit dialog", async () => {
    const id = await idOf("Reparación de pantalla de móvil");
    const html = await adminPage(`?editar=${id}`);
    expect(html).toContain("Editar servicio");
    expect(inputValue(html, "price")).toBe("79,00");
    expect(inputValue(html, "internalCost")).toBe("35,00");
    expect(textareaValue(html, "internalNotes")).toBe(
      "Las pantallas OLED cuestan 40 € más: avisar al cliente antes.",
    );
  });
});

describe("creating, editing and deleting", () => {
  let electronica: string;
  let moviles: string;
  let deportes: string;

  beforeAll(async () => {
    const html = await adminPage("?nuevo");
    electronica = selectOptions(html, "categoryId").find((c) => c.label === "Electrónica")!.value;
    deportes = selectOptions(html, "categoryId").find((c) => c.label === "Deportes")!.value;
    moviles = selectGroups(html, "subcategoryId")
      .get("Electrónica")!
      .find((s) => s.label === "Móviles y smartphones")!.value;
  });

  it("creates a service with every field and the success toast", async () => {
    const response = await admin.post(`${PATH}?nuevo`, {
      ...validService("Configuración de router wifi"),
      price: "30,5",
      priceType: "per_hour",
      categoryId: electronica,
      subcategoryId: moviles,
      "videoUrls[0]": "https://videos.example.com/router.mp4",
      "videoUrls[1]": "",
      supplier: "Redes Secretas S.L.",
      purchaseLink: "https://proveedor.example/router",
      internalCost: "12,34",
      sku: "SRV-ROUTER-SECRETO",
      internalNotes: "Nota interna: nunca en público.",
      isPubliclyVisible: "on",
      isFeaturedNew: "on",
      featuredOrder: "7",
    });
    expect(response.headers.get("Location")).toBe(PATH);
    const next = await follow(admin, response);
    expect(next).toContain("Éxito");
    expect(next).toContain("Servicio creado correctamente.");
    const row = rowNamed(next, "Configuración de router wifi")!;
    expect(row.cells.slice(0, 3)).toEqual([
      "Electrónica Móviles y smartphones",
      "30,50 € / hora",
      "Sí",
    ]);

    const html = await adminPage(`?editar=${editIdOf(row.html)}`);
    expect(inputValue(html, "price")).toBe("30,50");
    expect(selectedValue(html, "priceType")).toBe("per_hour");
    expect(selectedValue(html, "categoryId")).toBe(electronica);
    expect(selectedValue(html, "subcategoryId")).toBe(moviles);
    expect(inputValue(html, "videoUrls[0]")).toBe("https://videos.example.com/router.mp4");
    expect(inputValue(html, "videoUrls[1]")).toBeUndefined();
    expect(inputValue(html, "supplier")).toBe("Redes Secretas S.L.");
    expect(inputValue(html, "purchaseLink")).toBe("https://proveedor.example/router");
    expect(inputValue(html, "internalCost")).toBe("12,34");
    expect(inputValue(html, "sku")).toBe("SRV-ROUTER-SECRETO");
    expect(textareaValue(html, "internalNotes")).toBe("Nota interna: nunca en público.");
    expect(isChecked(html, "isPubliclyVisible")).toBe(true);
    expect(isChecked(html, "isFeaturedNew")).toBe(true);
    expect(inputValue(html, "featuredOrder")).toBe("7");
  });

  it("shows a visible service on /servicios, never its private fields", async () => {
    const page = await publicServices();
    expect(page).toContain("Configuración de router wifi");
    for (const secret of [
      "Redes Secretas S.L.",
      "proveedor.example",
      "SRV-ROUTER-SECRETO",
      "Nota interna: nunca en público.",
      "internalCost",
      "internalNotes",
      "purchaseLink",
      "supplier",
      "Las pantallas OLED cuestan 40 € más",
    ]) {
      expect(page, secret).not.toContain(secret);
    }
  });

  it("converts numbers: empty amounts → none, featured order → 0; text that is not an amount is refused", async () => {
    // One money parser for every euro field: "mucho" is not silently dropped but refused.
    const notAnAmount = await admin.post(PATH, {
      ...validService("Servicio sin precio"),
      price: "",
      internalCost: "mucho",
    });
    expect(notAnAmount.status).toBe(400);
    expect(unescapeHtml(await notAnAmount.text())).toContain(
      "El coste interno no es un importe válido (por ejemplo, 12,50).",
    );
    expect(rowNamed(await adminPage(), "Servicio sin precio")).toBeUndefined();

    const response = await admin.post(PATH, {
      ...validService("Servicio sin precio"),
      price: "",
      internalCost: "",
      featuredOrder: "primero",
    });
    const next = await follow(admin, response);
    const row = rowNamed(next, "Servicio sin precio")!;
    // An unticked "visible" box is false; no price shows "A consultar"; per_service by default.
    expect(row.cells.slice(0, 3)).toEqual(["Sin categoría", "A consultar", "No"]);
    const html = await adminPage(`?editar=${editIdOf(row.html)}`);
    expect(inputValue(html, "price")).toBe("");
    expect(inputValue(html, "internalCost")).toBe("");
    expect(inputValue(html, "featuredOrder")).toBe("0");
    expect(selectedValue(html, "priceType")).toBe("per_service");
    expect(await publicServices()).not.toContain("Servicio sin precio");
  });

  it("updates a service, clears a subcategory with its category, and says so", async () => {
    const id = await idOf("Configuración de router wifi");
    const response = await admin.post(`${PATH}?editar=${id}`, {
      ...validService("Configuración de router wifi y repetidores"),
      id: String(id),
      price: "45",
      priceType: "monthly_subscription",
      categoryId: deportes,
      subcategoryId: "",
      featuredOrder: "-2",
      isFeaturedNew: "on",
    });
    expect(response.headers.get("Location")).toBe(PATH);
    const next = await follow(admin, response);
    expect(next).toContain("Servicio actualizado correctamente.");
    expect(rowNamed(next, "Configuración de router wifi")).toBeUndefined();
    const row = rowNamed(next, "Configuración de router wifi y repetidores")!;
    expect(row.cells.slice(0, 3)).toEqual(["Deportes", "45,00 € / mes", "No"]);
    const html = await adminPage(`?editar=${id}`);
    expect(inputValue(html, "featuredOrder")).toBe("-2");
    // The private fields were emptied by the form (it sends what the admin left).
    expect(inputValue(html, "supplier")).toBe("");
    // Hidden now: gone from the public page.
    expect(await publicServices()).not.toContain("Configuración de router wifi");
  });

  it("deletes a service with the toast; a second delete fails with the spec's message", async () => {
    const id = await idOf("Servicio sin precio");
    const response = await admin.post(PATH, { intent: "delete", id: String(id) });
    const next = await follow(admin, response);
    expect(next).toContain("Servicio eliminado.");
    expect(rowNamed(next, "Servicio sin precio")).toBeUndefined();
    const again = await admin.post(PATH, { intent: "delete", id: String(id) });
    expect(again.status).toBe(404);
    expect(unescapeHtml(await again.text())).toContain("No se pudo eliminar el servicio.");
    const bad = await admin.post(PATH, { intent: "delete", id: "x" });
    expect(bad.status).toBe(400);
    expect(unescapeHtml(await bad.text())).toContain("No se pudo eliminar el servicio.");
  });

  it("fails to update a service that no longer exists", async () => {
    const response = await admin.post(`${PATH}?editar=999999`, {
      ...validService("Servicio fantasma"),
      id: "999999",
    });
    expect(response.status).toBe(404);
    const html = unescapeHtml(await response.text());
    expect(html).toContain("No se pudo actualizar el servicio.");
    expect(rowNamed(await adminPage(), "Servicio fantasma")).toBeUndefined();
  });

  it("fails to create a service in a category that does not exist or does not match", async () => {
    for (const fields of [
      { categoryId: "999999" } as Record<string, string>,
      { categoryId: deportes, subcategoryId: moviles },
      { subcategoryId: moviles },
    ]) {
      const response = await admin.post(`${PATH}?nuevo`, {
        ...validService("Servicio mal clasificado"),
        ...fields,
      });
      expect(response.status).toBe(400);
      const html = unescapeHtml(await response.text());
      expect(html).toContain("No se pudo crear el servicio.");
      expect(inputValue(html, "name")).toBe("Servicio mal clasificado");
    }
    expect(rowNamed(await adminPage(), "Servicio mal clasificado")).toBeUndefined();
  });
});

describe("validation (nothing saved, what was typed stays)", () => {
  async function refused(fields: Record<string, string>) {
    const before = tableRows(await adminPage()).length;
    const response = await admin.post(`${PATH}?nuevo`, fields);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(tableRows(await adminPage()).length).toBe(before);
    return { html, text: unescapeHtml(html) };
  }

  it("requires name and description", async () => {
    const { html, text } = await refused({ intent: "save", supplier: "Proveedor tecleado" });
    expect(text).toContain("El nombre es obligatorio.");
    expect(text).toContain("La descripción es obligatoria.");
    expect(inputValue(html, "supplier")).toBe("Proveedor tecleado");
  });

  it("refuses negative amounts, an unknown price type and a bad purchase link", async () => {
    const negative = await refused({ ...validService("Precio negativo"), price: "-1" });
    expect(negative.text).toContain("El precio no puede ser negativo.");
    const cost = await refused({ ...validService("Coste negativo"), internalCost: "-0,01" });
    expect(cost.text).toContain("El coste interno no puede ser negativo.");
    const type = await refused({ ...validService("Tipo raro"), priceType: "per_year" });
    expect(type.text).toContain("Elige un tipo de precio de la lista.");
    const link = await refused({ ...validService("Enlace raro"), purchaseLink: "ftp://x" });
    expect(link.text).toContain(
      "El enlace de compra debe ser una dirección web completa (http:// o https://).",
    );
  });

  it("refuses a third video address with the 'Límite Alcanzado' toast", async () => {
    const { text } = await refused({
      ...validService("Tres vídeos"),
      "videoUrls[0]": "https://videos.example.com/1.mp4",
      "videoUrls[1]": "https://videos.example.com/2.mp4",
      "videoUrls[2]": "https://videos.example.com/3.mp4",
    });
    expect(text).toContain("Solo puedes añadir hasta 2 URLs de vídeo.");
    expect(text).toContain("Límite Alcanzado");
  });
});

describe("customers", () => {
  it("are refused every action and nothing changes", async () => {
    const before = tableRows(await adminPage());
    const id = await idOf("Mantenimiento de jardín");
    for (const fields of [
      validService("Intruso"),
      { ...validService("Intruso"), id: String(id) },
      { intent: "delete", id: String(id) },
    ]) {
      const response = await customer.post(PATH, fields);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    expect(tableRows(await adminPage())).toEqual(before);
  });
});

describe("images", () => {
  it("saves a service's images, deletes replaced files after the save and all with the service", async () => {
    const [old, kept, added] = [
      await uploadTestImage(admin, "#c33"),
      await uploadTestImage(admin, "#3c3"),
      await uploadTestImage(admin, "#33c"),
    ];
    const name = "Servicio con fotos";
    await follow(
      admin,
      await admin.postBody(PATH, formWithImages(validService(name), [old!, kept!])),
    );
    const id = await idOf(name);
    expect(inputValues(await adminPage(`?editar=${id}`), "imageKeys")).toEqual([old, kept]);

    await follow(
      admin,
      await admin.postBody(
        `${PATH}?editar=${id}`,
        formWithImages({ ...validService(name), id: String(id) }, [kept!, added!]),
      ),
    );
    expect(inputValues(await adminPage(`?editar=${id}`), "imageKeys")).toEqual([kept, added]);
    expect(storedFilesOf(server.dataDir, old!)).toEqual([]);
    expect(storedFilesOf(server.dataDir, kept!).length).toBeGreaterThan(0);

    await follow(admin, await admin.post(PATH, { intent: "delete", id: String(id) }));
    expect(storedFilesOf(server.dataDir, kept!)).toEqual([]);
    expect(storedFilesOf(server.dataDir, added!)).toEqual([]);
  });
});

describe("stored values", () => {
  it("keeps amounts in cents and empty private fields as null", async () => {
    await follow(
      admin,
      await admin.post(PATH, {
        ...validService("Comprobación de servicio"),
        price: "0,99",
        internalCost: "1000",
        supplier: "  ",
        isPubliclyVisible: "on",
      }),
    );
    await server.stop({ cleanup: false });
    const database = await openDatabase({
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl,
      DATABASE_POOL_MAX: 1,
    });
    const [row] = await database.db
      .select()
      .from(services)
      .where(eq(services.name, "Comprobación de servicio"));
    await database.close();
    server = await server.restart();
    expect(row).toMatchObject({
      priceCents: 99,
      priceType: "per_service",
      internalCostCents: 100000,
      supplier: null,
      purchaseLink: null,
      sku: null,
      internalNotes: null,
      categoryId: null,
      subcategoryId: null,
      videoUrls: [],
      isPubliclyVisible: true,
      isFeaturedNew: false,
      featuredOrder: 0,
    });
  });
});
