import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PRODUCTS } from "~/db/seed/demo-data";
import { LEGAL_DATA_PENDING } from "~/modules/settings/legal-completeness";
import { BrowserClient } from "../helpers/browser-client";
import { textOf as rawTextOf, unescapeHtml } from "../helpers/html";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";
import { ROUTE_RULES } from "./route-classes";

/*
 * Legal texts from the settings (ADR 0024): the company data saved in /admin/configuracion
 * reaches every page that needs it; until it exists no page shows a «[Razón social]»-style
 * placeholder but says the information is being completed, and the admin dashboard lists what
 * is missing. Checkout shows the seller, the right of withdrawal and the legal links before
 * «Pagar» (LSSI art. 27, TRLGDCU arts. 97–98).
 */

let server: TestServer;
let admin: BrowserClient;

beforeAll(async () => {
  server = await startServer({ seed: true });
  ({ admin } = await demoSessions(server.url));
});
afterAll(async () => {
  await server?.stop();
});

const LEGAL = {
  intent: "legal",
  companyName: "Comercio Circular Ejemplo S.L.",
  nif: "B12345674",
  address: "Calle Mayor 1, 28013 Madrid",
  registry: "Registro Mercantil de Madrid, tomo 1234, folio 56, hoja M-78901",
  phone: "910 123 456",
};
/** Its tel: link (a Spanish number gets +34). */
const TEL = 'href="tel:+34910123456"';
const GENERAL = {
  intent: "general",
  siteName: "Tienda",
  contactEmail: "hola@circular.example",
  logoUrl: "",
};

/** The pages whose texts carry the company data. */
const LEGAL_PAGES = [
  "/aviso-legal",
  "/contacto",
  "/terminos-y-condiciones",
  "/politica-de-privacidad",
  "/politica-de-devoluciones",
];

const CONTACT_PAGE_PENDING =
  "Estamos completando los datos de la empresa que deben figurar en esta página";

/** What a person reads: the body's text without scripts and styles (hydration data is JSON). */
function visibleText(html: string): string {
  const withoutCode = html
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<style\b[\s\S]*?<\/style>/g, " ");
  // (Tags become spaces: "<a>x</a>." reads "x ." — put the punctuation back.)
  return rawTextOf(withoutCode)
    .replace(/\u00a0/g, " ")
    .replace(/ ([.,;:])/g, "$1");
}

/** Text in square brackets: a placeholder nobody filled in. */
const BRACKETED = /\[[^\]]{1,120}\]/;

function metaDescription(html: string): string {
  return unescapeHtml(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "");
}

async function page(client: BrowserClient, path: string) {
  const response = await client.get(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  return { html, text: visibleText(html) };
}

/** An anonymous visitor with one product in the cart (so /checkout shows the form). */
async function shopper() {
  const visitor = new BrowserClient(server.url);
  const product = DEMO_PRODUCTS.find((p) => !p.hidden && p.stock >= 5)!;
  const added = await visitor.post("/carrito", {
    intent: "add",
    productId: String(DEMO_PRODUCTS.indexOf(product) + 1),
  });
  expect(added.status).toBe(200);
  return visitor;
}

/** Every public page with a fixed address (route-classes.ts), and the checkout with a cart. */
const PUBLIC_PAGES = Object.values(ROUTE_RULES)
  // Pages, not files: robots.txt, the health check, the model withdrawal form (PDF).
  .filter(
    (rule) => rule.class === "public" && rule.url && !/\.(txt|pdf)$|healthz|readyz/.test(rule.url),
  )
  .map((rule) => rule.url!);

describe("with the company data not saved yet", () => {
  it("no public page shows a bracketed placeholder", async () => {
    expect(PUBLIC_PAGES).toEqual(expect.arrayContaining(LEGAL_PAGES));
    const visitor = new BrowserClient(server.url);
    for (const path of PUBLIC_PAGES) {
      const response = await visitor.get(path);
      if (response.status !== 200) continue; // e.g. /pedidos sends signed-in visitors on
      const html = await response.text();
      expect(visibleText(html), path).not.toMatch(BRACKETED);
      expect(metaDescription(html), path).not.toMatch(BRACKETED);
    }
    const checkout = await page(await shopper(), "/checkout");
    expect(checkout.text).toContain("Pagar");
    expect(checkout.text).not.toMatch(BRACKETED);
  });

  it("the legal pages say the information is being completed", async () => {
    const visitor = new BrowserClient(server.url);
    for (const path of LEGAL_PAGES) {
      const { text } = await page(visitor, path);
      expect(text, path).toContain(
        path === "/contacto" ? CONTACT_PAGE_PENDING : LEGAL_DATA_PENDING,
      );
      expect(text, path).not.toContain("pendiente]");
    }
    // Only the lines that need the data go: the rest of the text stays.
    const returns = (await page(visitor, "/politica-de-devoluciones")).text;
    expect(returns).toContain("tienes 14 días naturales desde que recibes el producto");
    // The withdrawal is open before delivery too (ADR 0027).
    expect(returns).toContain("Puedes desistir también antes de recibir el pedido");
    expect(returns).toContain("Estamos completando esta información");
  });

  it("checkout says the seller's data is being completed, with the links and the 14 days", async () => {
    const { html, text } = await page(await shopper(), "/checkout");
    expect(text).toContain("Estamos completando sus datos de empresa");
    expect(text).toContain("Derecho de desistimiento: tienes 14 días naturales");
    expect(text).toContain("y puedes desistir también antes de recibirlo");
    for (const href of [
      "/terminos-y-condiciones",
      "/politica-de-devoluciones",
      "/politica-de-privacidad",
      "/aviso-legal",
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
    // Before «Pagar».
    expect(html.indexOf("Derecho de desistimiento")).toBeLessThan(html.indexOf(">Pagar"));
  });

  it("the dashboard lists what is missing, linked to the settings", async () => {
    const { html, text } = await page(admin, "/admin/dashboard");
    expect(text).toContain("Faltan datos en los textos legales de la tienda");
    for (const label of [
      "Razón social",
      "NIF/CIF",
      "Dirección de la empresa",
      "Teléfono",
      "Correo electrónico de contacto",
    ]) {
      expect(text).toContain(label);
    }
    expect(html).toContain('href="/admin/configuracion#datos-legales"');
    expect(html).toContain('href="/admin/configuracion#general"');
  });
});

describe("once the owner saves the company data in /admin/configuracion", () => {
  beforeAll(async () => {
    expect((await admin.post("/admin/configuracion", LEGAL)).status).toBe(302);
    expect((await admin.post("/admin/configuracion", GENERAL)).status).toBe(302);
  });

  it("every legal page shows it, and none says it is being completed", async () => {
    const visitor = new BrowserClient(server.url);
    const expected: Record<string, string[]> = {
      "/aviso-legal": [
        LEGAL.companyName,
        LEGAL.nif,
        LEGAL.address,
        LEGAL.registry,
        `Teléfono ${LEGAL.phone}`,
      ],
      "/contacto": [
        LEGAL.companyName,
        LEGAL.address,
        GENERAL.contactEmail,
        `Si lo prefieres, llámanos al ${LEGAL.phone}.`,
      ],
      "/terminos-y-condiciones": [
        `Titular de la Tienda: ${LEGAL.companyName}, con NIF ${LEGAL.nif} y domicilio en ${LEGAL.address}.`,
        `Datos registrales: ${LEGAL.registry}.`,
        `Correo electrónico: ${GENERAL.contactEmail}.`,
        `Teléfono: ${LEGAL.phone}.`,
      ],
      "/politica-de-privacidad": [
        `${LEGAL.companyName}, con NIF ${LEGAL.nif} y domicilio en ${LEGAL.address}.`,
        `escríbenos a ${GENERAL.contactEmail}`,
      ],
      "/politica-de-devoluciones": [
        `Correo electrónico: ${GENERAL.contactEmail}.`,
        `Teléfono: ${LEGAL.phone}.`,
        `Dirección para devoluciones: ${LEGAL.companyName}, ${LEGAL.address}.`,
      ],
    };
    const withPhone = [
      "/aviso-legal",
      "/contacto",
      "/terminos-y-condiciones",
      "/politica-de-devoluciones",
    ];
    for (const [path, values] of Object.entries(expected)) {
      const { html, text } = await page(visitor, path);
      for (const value of values) expect(text, path).toContain(value);
      expect(text, path).not.toContain("Estamos completando");
      expect(text, path).not.toMatch(BRACKETED);
      if (path !== "/aviso-legal") {
        expect(html, path).toContain(`href="mailto:${GENERAL.contactEmail}"`);
      }
      if (withPhone.includes(path)) expect(html, path).toContain(TEL);
    }
  });

  it("checkout names the seller before «Pagar»", async () => {
    const { html, text } = await page(await shopper(), "/checkout");
    expect(text).toContain(
      `Vendedor: ${LEGAL.companyName} · NIF ${LEGAL.nif} · ${LEGAL.address} · Tel. ${LEGAL.phone} · ${GENERAL.contactEmail}`,
    );
    expect(html).toContain(TEL);
    expect(html.indexOf(TEL)).toBeLessThan(html.indexOf(">Pagar"));
    expect(text).not.toContain("Estamos completando");
  });

  it("the dashboard no longer lists missing data", async () => {
    const { text } = await page(admin, "/admin/dashboard");
    expect(text).not.toContain("Faltan datos en los textos legales");
  });
});

describe("texts edited in /admin/contenido", () => {
  it("old placeholder names are filled; unknown ones are left out and listed on the dashboard", async () => {
    const saved = await admin.post("/admin/contenido/contacto", {
      intent: "save",
      section: "atencion-al-cliente",
      sectionTitle: "Atención al cliente",
      fullText: [
        "Escríbenos a [correo electrónico de privacidad] cuando quieras.",
        "Teléfono: [teléfono de contacto], de lunes a viernes.",
        "Fax: [número de fax].",
        "Respondemos en 24 horas laborables.",
      ].join("\n\n"),
    });
    expect(saved.status).toBe(302);

    const { text } = await page(new BrowserClient(server.url), "/contacto");
    expect(text).toContain(`Escríbenos a ${GENERAL.contactEmail} cuando quieras.`);
    expect(text).toContain("Respondemos en 24 horas laborables.");
    expect(text).toContain(`Teléfono: ${LEGAL.phone}, de lunes a viernes.`);
    expect(text).not.toContain("Fax:");
    expect(text).not.toMatch(BRACKETED);
    expect(text).toContain(CONTACT_PAGE_PENDING);

    const dashboard = await page(admin, "/admin/dashboard");
    expect(dashboard.text).toContain("Contacto: [número de fax]");
    expect(dashboard.html).toContain('href="/admin/contenido/contacto"');
  });
});
