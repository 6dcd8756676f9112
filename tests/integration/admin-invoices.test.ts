/**
 * /admin/facturas over HTTP on the built server: the list and its search, the CSV for the
 * accountant, the quarter's figures for modelo 303, an order's invoices, the warning while the
 * legal data is missing, and a paid order's invoice appearing once it is filled in.
 */
import { postCheckout } from "../helpers/checkout";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PRODUCTS } from "~/db/seed/demo-data";
import { openDatabase } from "~/db/client.server";
import { INVOICING_BLOCKED_MESSAGE } from "~/modules/invoicing/constants";
import { BrowserClient } from "../helpers/browser-client";
import { textOf, unescapeHtml } from "../helpers/html";
import { insertInvoice, markUsedGoods } from "../helpers/invoices";
import { insertOrder } from "../helpers/orders";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

const LEGAL = {
  intent: "legal",
  companyName: "Electrónica Ejemplo S.L.",
  nif: "B12345674",
  address: "Calle Mayor 1, 28013 Madrid",
  registry: "",
  phone: "+34 910 123 456",
};

/** The page's text with the non-breaking spaces of amounts («1,00 €») made plain. */
async function pageText(client: BrowserClient, path: string) {
  const response = await client.get(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  return { html: unescapeHtml(html), text: textOf(html).replace(/\u00a0/g, " ") };
}

/** The invoice numbers in the list's table, in order. */
function listedNumbers(html: string): string[] {
  const body = /<tbody\b[^>]*>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
  // The first line of each row's first cell (a relation reads «Rectifica F…»).
  return [...body.matchAll(/>([FCR]\d{4}-\d{6})<\/p>/g)].map((m) => m[1]!);
}

/** RFC 4180 with `;`: fields, quotes doubled inside quoted fields, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && ch === '"') {
      quoted = false;
    } else if (quoted) {
      field += ch;
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ";") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else {
      field += ch;
    }
  }
  return rows;
}

/** The section of the quarter's totals, as text. */
function quarterSection(html: string): string {
  const section = /<section aria-labelledby="totales-trimestre"[\s\S]*?<\/section>/.exec(html)?.[0];
  return textOf(section ?? "").replace(/\u00a0/g, " ");
}

describe("/admin/facturas over HTTP", () => {
  let server: TestServer;
  const orderNumbers: Record<"lucia" | "jorge" | "used", string> = {
    lucia: "",
    jorge: "",
    used: "",
  };
  beforeAll(async () => {
    server = await startServer({ seed: true });
    await server.stop({ cleanup: false });
    const { db, close } = await openDatabase({
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl,
      DATABASE_POOL_MAX: 1,
    });
    try {
      const lucia = await insertOrder(db, {
        fullName: "Lucía Martín García",
        email: "lucia.martin@ejemplo.es",
        lines: [{ name: "Tetera", unitPriceCents: 1210, quantity: 1 }],
      });
      const jorge = await insertOrder(db, {
        fullName: "Jorge Ruiz Sanz",
        email: "jorge@ejemplo.es",
        lines: [{ name: "Libro", unitPriceCents: 1100, quantity: 1 }],
      });
      const used = await insertOrder(db, {
        fullName: "Marta Gil",
        email: "marta@ejemplo.es",
        lines: [{ name: "Cámara usada", unitPriceCents: 20000, quantity: 1 }],
      });
      await markUsedGoods(db, used.id, 10000);
      Object.assign(orderNumbers, { lucia: lucia.number, jorge: jorge.number, used: used.number });
      // 1T 2025: a sale at 21 % (12,10 €), fully corrected in March; a sale at 21 % and 10 %
      // (0,99 € + 10,01 €) replaced by a complete invoice in April; a used camera bought for
      // 100 € and sold for 200 €.
      const f1 = await insertInvoice(db, {
        fullNumber: "F2025-000001",
        kind: "simplified",
        verifactuType: "F2",
        orderId: lucia.id,
        issueDate: "2025-01-15",
        taxLines: [{ totalCents: 1210, taxCents: 210, vatRateBp: 2100 }],
      });
      const f2 = await insertInvoice(db, {
        fullNumber: "F2025-000002",
        kind: "simplified",
        verifactuType: "F2",
        orderId: jorge.id,
        issueDate: "2025-02-10",
        taxLines: [
          { totalCents: 99, taxCents: 17, vatRateBp: 2100 },
          { totalCents: 1001, taxCents: 91, vatRateBp: 1000 },
        ],
      });
      await insertInvoice(db, {
        fullNumber: "F2025-000003",
        kind: "simplified",
        verifactuType: "F2",
        orderId: used.id,
        issueDate: "2025-03-05",
        taxLines: [{ totalCents: 20000, taxCents: 0, vatRateBp: 2100, usedGoods: true }],
      });
      await insertInvoice(db, {
        fullNumber: "R2025-000001",
        kind: "corrective",
        verifactuType: "R5",
        orderId: lucia.id,
        correctsInvoiceId: f1,
        issueDate: "2025-03-20",
        taxLines: [{ totalCents: -1210, taxCents: -210, vatRateBp: 2100 }],
      });
      await insertInvoice(db, {
        fullNumber: "C2025-000001",
        kind: "complete",
        verifactuType: "F3",
        orderId: jorge.id,
        replacesInvoiceId: f2,
        issueDate: "2025-04-02",
        recipient: {
          name: 'Talleres Ruiz; Hijos "S.L."',
          taxId: "B12345674",
          address: "Calle Real 2, 28001 Madrid",
        },
        taxLines: [
          { totalCents: 99, taxCents: 17, vatRateBp: 2100 },
          { totalCents: 1001, taxCents: 91, vatRateBp: 1000 },
        ],
      });
    } finally {
      await close();
    }
    server = await server.restart();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("is for admins only: visitors go to /login, customers to /, the list and the CSV alike", async () => {
    const visitor = new BrowserClient(server.url);
    const { customer, admin } = await demoSessions(server.url);
    for (const path of ["/admin/facturas", "/admin/facturas/exportar?desde=2025-01-01"]) {
      const anonymous = await visitor.get(path);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toBe(
        `/login?redirectTo=${encodeURIComponent(path)}`,
      );
      const refused = await customer.get(path);
      expect(refused.status).toBe(302);
      expect(refused.headers.get("location")).toBe("/");
      expect(await refused.text()).not.toContain("F2025-000001");
      expect((await admin.get(path)).status).toBe(200);
    }
  });

  it("lists the invoices newest first: number, kind, date, customer, order, total (corrections negative), PDF", async () => {
    const { admin } = await demoSessions(server.url);
    const { html, text } = await pageText(admin, "/admin/facturas?anio=2025&trimestre=1");
    expect(html).toContain('href="/admin/facturas"'); // the side navigation
    expect(listedNumbers(html).filter((n) => n.includes("2025"))).toEqual([
      "C2025-000001",
      "R2025-000001",
      "F2025-000003",
      "F2025-000002",
      "F2025-000001",
    ]);
    expect(text).toContain("R2025-000001 Rectifica F2025-000001");
    expect(text).toContain("C2025-000001 Sustituye a F2025-000002");
    expect(text).toContain(
      'Factura completa 02/04/2025 Talleres Ruiz; Hijos "S.L." jorge@ejemplo.es',
    );
    expect(text).toContain(
      `Factura rectificativa 20/03/2025 Lucía Martín García lucia.martin@ejemplo.es ${orderNumbers.lucia} -12,10 €`,
    );
    expect(text).toContain(
      `Factura simplificada 05/03/2025 Marta Gil marta@ejemplo.es ${orderNumbers.used} 200,00 €`,
    );
    expect(html).toContain(`href="/admin/pedidos/${orderNumbers.jorge}"`);
    expect(html).toContain('href="/admin/facturas/F2025-000002"');
    expect(html).toContain('aria-label="PDF de la factura F2025-000002"');
  });

  it("finds invoices by number, by part of the customer's name or e-mail, and by days of issue", async () => {
    const { admin } = await demoSessions(server.url);
    const search = async (query: string) =>
      listedNumbers((await pageText(admin, `/admin/facturas?${query}`)).html);
    expect(await search("q=f2025-000002")).toEqual(["F2025-000002"]);
    // The order's customer, or the complete invoice's recipient.
    expect(await search("q=RUIZ")).toEqual(["C2025-000001", "F2025-000002"]);
    expect(await search("q=lucia.martin%40")).toEqual(["R2025-000001", "F2025-000001"]);
    expect(await search("q=marta")).toEqual(["F2025-000003"]);
    expect(await search(`q=${orderNumbers.used}`)).toEqual(["F2025-000003"]);
    // Both days count (the first invoice is of 5 March, the last of 20 March).
    expect(await search("desde=2025-03-05&hasta=2025-03-20")).toEqual([
      "R2025-000001",
      "F2025-000003",
    ]);
    expect(await search("desde=2025-03-06&hasta=2025-03-19")).toEqual([]);
    expect(await search("q=ruiz&desde=2025-04-01")).toEqual(["C2025-000001"]);
    const none = await pageText(admin, "/admin/facturas?q=nadie-con-este-nombre");
    expect(none.text).toContain("No hay facturas que coincidan con la búsqueda o las fechas.");
    // A hand-edited day is ignored, never an error.
    expect((await admin.get("/admin/facturas?desde=2025-02-31&hasta=x")).status).toBe(200);
  });

  it("exports the period as a CSV the accountant's spreadsheet opens: one row per invoice and rate", async () => {
    const { admin } = await demoSessions(server.url);
    const { html } = await pageText(admin, "/admin/facturas?desde=2025-01-01&hasta=2025-03-31");
    expect(html).toContain('href="/admin/facturas/exportar?desde=2025-01-01&hasta=2025-03-31"');
    const response = await admin.get("/admin/facturas/exportar?desde=2025-01-01&hasta=2025-03-31");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="facturas-2025-01-01_2025-03-31.csv"',
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM
    const [header, ...rows] = parseCsv(new TextDecoder().decode(bytes.slice(3)));
    expect(header).toEqual([
      "Número",
      "Tipo",
      "Tipo VeriFactu",
      "Fecha de expedición",
      "Fecha de operación",
      "NIF emisor",
      "Destinatario",
      "NIF destinatario",
      "Pedido",
      "Régimen",
      "Tipo IVA %",
      "Base imponible del tipo",
      "Cuota IVA del tipo",
      "Total del tipo",
      "Total factura",
      "Factura rectificada o sustituida",
    ]);
    expect(
      rows.map((row) => [row[0], row[9], row[10], row[11], row[12], row[13], row[14], row[15]]),
    ).toEqual([
      ["F2025-000001", "General", "21", "10,00", "2,10", "12,10", "12,10", ""],
      ["F2025-000002", "General", "21", "0,82", "0,17", "0,99", "11,00", ""],
      ["F2025-000002", "General", "10", "9,10", "0,91", "10,01", "11,00", ""],
      ["F2025-000003", "REBU (bienes usados)", "21", "200,00", "0,00", "200,00", "200,00", ""],
      ["R2025-000001", "General", "21", "-10,00", "-2,10", "-12,10", "-12,10", "F2025-000001"],
    ]);
    expect(rows[0]!.slice(1, 9)).toEqual([
      "Factura simplificada",
      "F2",
      "15/01/2025",
      "",
      "B12345674",
      "Lucía Martín García",
      "",
      orderNumbers.lucia,
    ]);
    // The complete invoice (April) with its recipient, quoted where it holds `;` and quotes.
    const april = parseCsv(
      new TextDecoder()
        .decode(
          await (
            await admin.get("/admin/facturas/exportar?desde=2025-04-01&hasta=2025-04-30")
          ).arrayBuffer(),
        )
        .slice(1),
    ).slice(1);
    expect(april.map((row) => [row[0], row[6], row[7], row[15]])).toEqual([
      ["C2025-000001", 'Talleres Ruiz; Hijos "S.L."', "B12345674", "F2025-000002"],
      ["C2025-000001", 'Talleres Ruiz; Hijos "S.L."', "B12345674", "F2025-000002"],
    ]);
  });

  it("adds the quarter's base and IVA per rate for modelo 303: corrections subtract, a replaced invoice counts once, used goods apart", async () => {
    const { admin } = await demoSessions(server.url);
    const q1 = quarterSection(
      (await pageText(admin, "/admin/facturas?anio=2025&trimestre=1")).html,
    );
    expect(q1).toContain("del 01/01/2025 al 31/03/2025: 4 facturas.");
    // 21 %: 10,00 + 0,82 − 10,00 base; 2,10 + 0,17 − 2,10 IVA. 10 %: 9,10 + 0,91.
    expect(q1).toContain("21 % 0,82 € 0,17 € 0,99 €");
    expect(q1).toContain("10 % 9,10 € 0,91 € 10,01 €");
    expect(q1).toContain("Total 9,92 € 1,08 € 11,00 €");
    // The camera: sold 200 €, bought 100 €: margin 100 € = 82,64 € + 17,36 € IVA.
    expect(q1).toContain("Bienes usados (régimen especial, REBU)");
    expect(q1).toContain("21 % 200,00 € 100,00 € 82,64 € 17,36 €");
    // April's complete invoice replaces February's simplified one: not counted again.
    const q2 = quarterSection(
      (await pageText(admin, "/admin/facturas?anio=2025&trimestre=2")).html,
    );
    expect(q2).toContain("0 facturas");
    expect(q2).toContain("1 sustitutiva no sumada");
    expect(q2).toContain("No hay facturas en este trimestre.");
    expect(q2).not.toContain("REBU");
  });

  it("shows an order's invoices on its admin page", async () => {
    const { admin } = await demoSessions(server.url);
    const { html, text } = await pageText(admin, `/admin/pedidos/${orderNumbers.lucia}`);
    expect(text).toContain("Facturas F2025-000001 Factura simplificada · 15/01/2025 12,10 €");
    expect(text).toContain(
      "R2025-000001 Factura rectificativa · 20/03/2025 Rectifica F2025-000001 -12,10 €",
    );
    expect(html).toContain('href="/admin/facturas/R2025-000001"');
  });

  it("warns while the legal data is missing; a paid order waits; saving the data issues its invoice and the warning goes", async () => {
    const { admin } = await demoSessions(server.url);
    for (const path of ["/admin/dashboard", "/admin/facturas"]) {
      const { html, text } = await pageText(admin, path);
      expect(text).toContain(INVOICING_BLOCKED_MESSAGE);
      expect(html).toContain('href="/admin/configuracion#datos-legales"');
    }
    // A customer buys and pays (the built-in test payment) while invoicing is blocked.
    // Demo products get ids in their list's order.
    const product = DEMO_PRODUCTS.find((p) => !p.hidden && p.stock >= 5)!;
    const productId = String(DEMO_PRODUCTS.indexOf(product) + 1);
    const visitor = new BrowserClient(server.url);
    await visitor.post("/carrito", { intent: "add", productId });
    const placed = await postCheckout(visitor, {
      fullName: "Pablo Cliente",
      email: "pablo@ejemplo.es",
      phone: "600 123 123",
      addressLine1: "Calle de Alcalá 10",
      addressLine2: "",
      postalCode: "28014",
      city: "Madrid",
      province: "28",
    });
    expect(placed.status).toBe(302);
    const paymentUrl = placed.headers.get("Location")!;
    const session = new URL(paymentUrl, server.url).searchParams.get("session")!;
    const paymentText = textOf(await (await visitor.get(paymentUrl)).text());
    const number = /Pedido (P-\d{4}-[A-Z0-9]{6})/.exec(paymentText)![1]!;
    expect((await visitor.post(paymentUrl, { session, intent: "pay" })).status).toBe(302);

    const waiting = await pageText(admin, `/admin/pedidos/${number}`);
    expect(waiting.text).toContain(
      "Este pedido está pagado pero aún no tiene factura: faltan los datos legales de la empresa.",
    );
    const dashboard = await pageText(admin, "/admin/dashboard");
    // Only orders a payment paid wait (the demo data's orders never get an invoice).
    expect(dashboard.text).toContain("1 pedido pagado espera su factura.");

    const saved = await admin.post("/admin/configuracion", LEGAL);
    expect(saved.status).toBe(302);
    const settings = await pageText(admin, "/admin/configuracion");
    expect(settings.text).toMatch(
      /Datos legales guardados\. Emitidas? \d+ facturas? pendientes?\./,
    );

    for (const path of ["/admin/dashboard", "/admin/facturas"]) {
      expect((await pageText(admin, path)).text).not.toContain(INVOICING_BLOCKED_MESSAGE);
    }
    const issued = await pageText(admin, `/admin/facturas?q=${number}`);
    expect(issued.text).toContain(`Pablo Cliente pablo@ejemplo.es ${number}`);
    expect(listedNumbers(issued.html)).toHaveLength(1);
    expect(listedNumbers(issued.html)[0]).toMatch(/^F\d{4}-\d{6}$/);
    const order = await pageText(admin, `/admin/pedidos/${number}`);
    expect(order.text).not.toContain("aún no tiene factura");
    expect(order.html).toContain(`href="/admin/facturas/${listedNumbers(issued.html)[0]}"`);
  });
});
