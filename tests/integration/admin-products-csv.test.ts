/**
 * Product CSV export and import over HTTP on the demo shop (/admin/productos/exportar and
 * /admin/productos/importar): the round trip, the dry run, all-or-nothing imports, updates by
 * SKU with their price history, bad files and who may do it.
 */
import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { PRODUCT_CSV_LIMITS } from "~/lib/constants";
import { PRODUCT_CSV_HEADER, PRODUCT_CSV_MESSAGES } from "~/modules/catalog/product-csv";
import type { BrowserClient } from "../helpers/browser-client";
import { tableRows, textOf } from "../helpers/html";
import { startServer, withStoppedServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

const EXPORT = "/admin/productos/exportar";
const IMPORT = "/admin/productos/importar";
const BOM = "\uFEFF";

type Rows = Record<string, string>[];

function rowsOf(csv: string): Rows {
  return parse(csv.replace(/^\uFEFF/, ""), { delimiter: ";", columns: true }) as Rows;
}

/** Rows as the export writes them (`;`, CRLF, quotes only when needed), with the BOM. */
function csvOf(rows: Rows): string {
  const cell = (value: string) =>
    /[";\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  const line = (cells: string[]) => `${cells.map(cell).join(";")}\r\n`;
  return (
    BOM +
    line(PRODUCT_CSV_HEADER) +
    rows.map((r) => line(PRODUCT_CSV_HEADER.map((c) => r[c] ?? ""))).join("")
  );
}

describe("product CSV over HTTP", () => {
  let server: TestServer;
  let admin: BrowserClient;
  let customer: BrowserClient;
  let original: string;

  async function exportCsv(client = admin) {
    const response = await client.get(EXPORT);
    expect(response.status).toBe(200);
    // As bytes: Response.text() would drop the BOM.
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  }

  /** An import that was written (redirected to the list), or the page's errors as the failure. */
  async function expectImported(response: Response) {
    const errors = response.status === 302 ? [] : tableRows(await response.text());
    expect(errors.map((e) => e.cells)).toEqual([]);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/productos");
  }

  function upload(
    intent: "check" | "import",
    content: string | Uint8Array,
    name = "productos.csv",
    client = admin,
  ) {
    const body = new FormData();
    body.set("intent", intent);
    body.set("file", new File([content as BlobPart], name, { type: "text/csv" }));
    return client.postBody(IMPORT, body);
  }

  async function pageText(response: Response) {
    return textOf(await response.text());
  }

  beforeAll(async () => {
    server = await startServer({ seed: true });
    ({ admin, customer } = await demoSessions(server.url));
    original = await exportCsv();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("exports every product with every field, spreadsheet-safe, to admins only", async () => {
    const response = await admin.get(EXPORT);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="productos-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(original.startsWith(`${BOM}${PRODUCT_CSV_HEADER.join(";")}\r\n`)).toBe(true);
    const rows = rowsOf(original);
    const page = await (await admin.get("/admin/productos")).text();
    const total = Number(/(\d+) productos?/.exec(textOf(page))?.[1] ?? "0");
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBe(new Set(rows.map((r) => r.sku)).size);
    expect(total === 0 || total === rows.length).toBe(true);
    // Private fields are there; prices in euros with a decimal comma; yes/no as sí/no.
    expect(rows.some((r) => r.proveedor !== "")).toBe(true);
    for (const row of rows) {
      expect(row.precio).toMatch(/^\d+,\d{2}$/);
      expect(row.visible).toMatch(/^(sí|no)$/);
      expect(row.categoria).toMatch(/^[a-z0-9_-]+$/);
    }

    for (const client of [customer]) {
      const refused = await client.get(EXPORT);
      expect(refused.status).toBe(302);
      expect(await refused.text()).not.toContain("sku;nombre");
    }
  });

  it("lists every row's problems in Spanish and writes nothing when one row is bad", async () => {
    const rows = rowsOf(original);
    const changed = rows.map((r, i) => (i === 0 ? { ...r, precio: "1000,00" } : r));
    changed[1] = { ...changed[1]!, precio: "doce", visible: "quizá" };
    changed.push({ ...changed[2]! }); // repeated SKU
    changed.push({ ...changed[3]!, sku: "CSV-NUEVO-1", categoria: "no-existe" });
    changed.push({ ...changed[3]!, sku: "" });

    for (const intent of ["check", "import"] as const) {
      const response = await upload(intent, csvOf(changed));
      expect(response.status).toBe(422);
      const html = await response.text();
      const errors = tableRows(html).map((r) => r.cells);
      const last = rows.length + 1;
      expect(errors).toEqual([
        ["3", "precio", "Introduce un precio válido, por ejemplo 12,50."],
        ["3", "visible", PRODUCT_CSV_MESSAGES.booleanInvalid],
        [String(last + 1), "sku", PRODUCT_CSV_MESSAGES.skuRepeated(4)],
        [String(last + 2), "categoria", PRODUCT_CSV_MESSAGES.categoryUnknown("no-existe")],
        [String(last + 3), "sku", PRODUCT_CSV_MESSAGES.skuRequired],
      ]);
      expect(textOf(html)).toContain("tiene 5 errores. No se ha guardado nada.");
    }
    expect(await exportCsv()).toBe(original);
  });

  it("checks a good file without writing anything (dry run)", async () => {
    const rows = rowsOf(original);
    rows[0] = { ...rows[0]!, precio: "7,77", en_oferta: "no", precio_oferta: "" };
    rows.push({ ...rows[1]!, sku: "CSV-NUEVO-2", nombre: "Producto nuevo por CSV" });
    const response = await upload("check", csvOf(rows));
    expect(response.status).toBe(200);
    const text = await pageText(response);
    expect(text).toContain("no tiene errores");
    expect(text).toContain(
      `${rows.length} filas: 1 productos nuevos, 1 con cambios y ${rows.length - 2} sin cambios.`,
    );
    expect(await exportCsv()).toBe(original);
  });

  it("refuses bad files with a clear message and changes nothing", async () => {
    const cases: [string | Uint8Array, string, string][] = [
      ["", "vacio.csv", PRODUCT_CSV_MESSAGES.empty],
      [`${BOM}${PRODUCT_CSV_HEADER.join(";")}\r\n`, "cabecera.csv", PRODUCT_CSV_MESSAGES.noRows],
      [
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]),
        "foto.csv",
        PRODUCT_CSV_MESSAGES.notCsv,
      ],
      ["sku;nombre\r\nA;B\r\n", "hoja.xlsx", PRODUCT_CSV_MESSAGES.notCsv],
      // "Menú" in Windows-1252 (what Excel writes as plain «CSV»).
      [
        new Uint8Array([...new TextEncoder().encode("sku;nombre\r\nA;Men"), 0xfa, 0x0d, 0x0a]),
        "latin1.csv",
        PRODUCT_CSV_MESSAGES.encoding,
      ],
      ['sku;nombre\r\n"A;B\r\n', "comillas.csv", PRODUCT_CSV_MESSAGES.malformed(3)],
      [
        original.replace("sku;nombre;", "codigo;nombre;"),
        "columnas.csv",
        `${PRODUCT_CSV_MESSAGES.unknownColumns(["codigo"])} ${PRODUCT_CSV_MESSAGES.missingColumns(["sku"])}`,
      ],
    ];
    for (const [content, name, message] of cases) {
      const response = await upload("import", content, name);
      expect(response.status, name).toBe(422);
      expect(await pageText(response), name).toContain(message);
    }
    const tooBig = await upload("check", "x".repeat(PRODUCT_CSV_LIMITS.maxFileBytes + 1));
    expect(tooBig.status).toBe(422);
    expect(await pageText(tooBig)).toContain(PRODUCT_CSV_MESSAGES.tooLarge(20));
    // A chunked body (no Content-Length for the server to refuse) over the file's limit and the
    // multipart framing is refused by the page, before it is parsed, with its own message.
    const big = new FormData();
    big.set("intent", "import");
    big.set(
      "file",
      new File(
        ["x".repeat(PRODUCT_CSV_LIMITS.maxFileBytes + PRODUCT_CSV_LIMITS.multipartOverheadBytes)],
        "grande.csv",
        { type: "text/csv" },
      ),
    );
    const multipart = new Response(big);
    const overBody = await fetch(server.url + IMPORT, {
      method: "POST",
      body: multipart.body,
      duplex: "half",
      redirect: "manual",
      headers: {
        "Content-Type": multipart.headers.get("Content-Type")!,
        Cookie: admin.cookieHeader(),
        Origin: server.url,
        "Sec-Fetch-Site": "same-origin",
      },
    } as RequestInit);
    expect(overBody.status).toBe(413);
    expect(await pageText(overBody)).toContain(PRODUCT_CSV_MESSAGES.tooLarge(20));
    // No file chosen: a browser sends the part anyway, empty, with `filename=""` (written by
    // hand: Node's FormData would leave the empty name out).
    const boundary = "tienda-sin-archivo";
    const missing = await fetch(server.url + IMPORT, {
      method: "POST",
      body: [
        `--${boundary}`,
        'Content-Disposition: form-data; name="intent"',
        "",
        "import",
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename=""',
        "Content-Type: application/octet-stream",
        "",
        "",
        `--${boundary}--`,
        "",
      ].join("\r\n"),
      redirect: "manual",
      headers: {
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        Cookie: admin.cookieHeader(),
        Origin: server.url,
        "Sec-Fetch-Site": "same-origin",
      },
    });
    expect(missing.status).toBe(400);
    expect(await pageText(missing)).toContain(PRODUCT_CSV_MESSAGES.noFile);
    expect(await exportCsv()).toBe(original);
  });

  it("refuses imports from customers", async () => {
    const rows = rowsOf(original);
    rows[0] = { ...rows[0]!, precio: "1,11" };
    const response = await upload("import", csvOf(rows), "productos.csv", customer);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).not.toBe("/admin/productos");
    expect(await exportCsv()).toBe(original);
  });

  it("round trip: a changed catalogue is restored by importing its export", async () => {
    const rows = rowsOf(original);
    // Every column but the key changes in every row.
    const changed = rows.map((r) => ({
      ...r,
      nombre: `=${r.nombre} (cambiado)`,
      descripcion: `${r.descripcion}\r\nLínea "nueva"; más`,
      precio: "2000,00",
      en_oferta: "sí",
      precio_oferta: "1500,50",
      iva: r.iva === "4" ? "10" : "4",
      subcategoria: "",
      condicion: "usado",
      desistimiento: "perishable",
      marca: "+Otra",
      ean: "12345678",
      color: "verde",
      talla: "XL",
      peso_kg: "9,999",
      video: "https://example.com/video",
      stock: "4321",
      stock_minimo: "7",
      visible: r.visible === "sí" ? "no" : "sí",
      novedad: r.novedad === "sí" ? "no" : "sí",
      novedad_destacada: r.novedad_destacada === "sí" ? "no" : "sí",
      imagenes: (r.imagenes ?? "").split("|").reverse().join("|"),
      proveedor: "@Otro proveedor",
      enlace_compra: "https://otro.example/",
      coste_interno: "0,01",
      notas_internas: "-nota",
    }));
    await expectImported(await upload("import", csvOf(changed)));
    const afterChange = rowsOf(await exportCsv());
    expect(afterChange.map((r) => r.nombre)).toEqual(changed.map((r) => `'${r.nombre}`));
    expect(afterChange.map((r) => r.marca)).toEqual(changed.map(() => "'+Otra"));

    await expectImported(await upload("import", original));
    expect(await exportCsv()).toBe(original);
    // An unchanged file is welcome too: nothing to write.
    await expectImported(await upload("import", original));
    expect(await exportCsv()).toBe(original);
  });

  it("creates new SKUs, updates prices by SKU and records their history as an import", async () => {
    const rows = rowsOf(original);
    const sku = rows[0]!.sku!;
    rows[0] = { ...rows[0]!, precio: "1234,56", en_oferta: "no", precio_oferta: "" };
    rows.push({ ...rows[1]!, sku: "CSV-NUEVO-3", nombre: "Creado por CSV" });
    await expectImported(await upload("import", csvOf(rows)));
    const after = rowsOf(await exportCsv());
    expect(after.find((r) => r.sku === sku)?.precio).toBe("1234,56");
    expect(after.find((r) => r.sku === "CSV-NUEVO-3")?.nombre).toBe("Creado por CSV");
    expect(after).toHaveLength(rows.length);

    server = await withStoppedServer(server, async (db) => {
      const [product] = await db
        .select({ id: schema.products.id })
        .from(schema.products)
        .where(eq(schema.products.sku, sku));
      const history = await db
        .select({ price: schema.priceHistory.priceCents, source: schema.priceHistory.source })
        .from(schema.priceHistory)
        .where(eq(schema.priceHistory.productId, product!.id));
      expect(history.at(-1)).toEqual({ price: 123456, source: "import" });
      const [created] = await db
        .select({ id: schema.products.id })
        .from(schema.products)
        .where(eq(schema.products.sku, "CSV-NUEVO-3"));
      const createdHistory = await db
        .select({ source: schema.priceHistory.source })
        .from(schema.priceHistory)
        .where(eq(schema.priceHistory.productId, created!.id));
      expect(createdHistory).toEqual([{ source: "import" }]);
      const log = await db
        .select({ summary: schema.activityLog.summary })
        .from(schema.activityLog)
        .where(
          and(
            eq(schema.activityLog.action, "import"),
            eq(schema.activityLog.entityType, "product"),
          ),
        );
      expect(log.at(-1)?.summary).toBe(
        `Importación CSV de productos: 1 creados, 1 actualizados, ${rows.length - 2} sin cambios`,
      );
      // PGlite has no autovacuum: the import ran VACUUM (ANALYZE), so the planner's statistics
      // count the product it created (PostgreSQL's autovacuum keeps its own time).
      if (!server.databaseUrl) {
        const stats = (await db.execute(
          sql`SELECT reltuples::int AS tuples FROM pg_class WHERE relname = 'products'`,
        )) as unknown as { rows: { tuples: number }[] };
        expect(stats.rows[0]).toEqual({ tuples: rows.length });
      }
    });
  });
});
