/*
 * The services storefront: /servicios, the service pages, 'Solicitar este servicio'
 * (validation, rate limit, the stored request and the e-mail the shop receives through a real
 * SMTP server on loopback) and the admin's requests view with its status changes. The seed
 * inserts DEMO_SERVICES in order, so the service at index i has id i + 1.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, serviceRequests, siteSettings } from "~/db/schema";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_SERVICE_REQUESTS,
  DEMO_SERVICES,
  DEMO_SUPPLIERS,
  type DemoService,
} from "~/db/seed/demo-data";
import { LIMITS, RATE_LIMITS } from "~/lib/constants";
import { openDatabase } from "~/db/client.server";
import { TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import { addDays, madridToday } from "~/lib/dates";
import { SERVICE_REQUEST_MESSAGES as M } from "~/modules/services/request-schemas";
import { BrowserClient } from "../helpers/browser-client";
import { inputValue, textareaValue, textOf, unescapeHtml } from "../helpers/html";
import { startSmtpServer, waitForMail, type TestSmtpServer } from "../helpers/mail";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

const REQUESTS = "/admin/servicios/solicitudes";

let smtp: TestSmtpServer;
let server: TestServer;
let admin: BrowserClient;
let customer: BrowserClient;
let visitor: BrowserClient;

async function start() {
  ({ admin, customer } = await demoSessions(server.url));
  visitor = new BrowserClient(server.url);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({
    seed: true,
    env: { SMTP_URL: smtp.url, MAIL_FROM: "Tienda de Pruebas <hola@tienda.test>" },
  });
  await start();
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const idOf = (service: DemoService) => DEMO_SERVICES.indexOf(service) + 1;
const named = (name: string) => DEMO_SERVICES.find((s) => s.name === name)!;
const visible = DEMO_SERVICES.filter((s) => s.visible !== false);
const hidden = DEMO_SERVICES.filter((s) => s.visible === false);
const SCREEN = named("Reparación de pantalla de móvil");

/** The canonical path of a service, learnt from the 301 of the spec's /servicios/{id}. */
async function canonicalPath(service: DemoService) {
  const response = await visitor.get(`/servicios/${idOf(service)}`);
  expect(response.status, service.name).toBe(301);
  const location = response.headers.get("Location")!;
  expect(location).toMatch(new RegExp(`^/servicios/[a-z0-9-]+-${idOf(service)}$`));
  return location;
}

async function page(client: BrowserClient, path: string) {
  const response = await client.get(path);
  expect(response.status, path).toBe(200);
  return unescapeHtml(await response.text());
}

/** The private values of a demo service, as the seed stores them. */
function privateValues(service: DemoService) {
  const i = DEMO_SERVICES.indexOf(service);
  const sku = `SRV-${String(i + 1).padStart(3, "0")}`;
  const supplier = service.supplier ? DEMO_SUPPLIERS[service.supplier] : undefined;
  return [
    sku,
    ...(supplier ? [supplier.name, supplier.host] : []),
    ...(service.notes ? [service.notes] : []),
  ];
}

const PRIVATE_KEYS = ["supplier", "purchaseLink", "internalCostCents", "sku", "internalNotes"];

function jsonLd(html: string) {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => JSON.parse(body!) as Record<string, unknown>,
  );
}

const valid = (overrides: Record<string, string> = {}): Record<string, string> => ({
  name: "Ana Prueba",
  email: "ana.prueba@example.com",
  phone: "612 34 56 78",
  preferredDate: addDays(madridToday(), 5),
  message: "Necesito cambiar la pantalla de mi móvil lo antes posible, gracias.",
  ...overrides,
});

/** The admin's requests, as the cards of /admin/servicios/solicitudes show them. */
async function requestCards(search = "") {
  const html = await page(admin, `${REQUESTS}${search}`);
  return [...html.matchAll(/<article\b[^>]*>([\s\S]*?)<\/article>/g)].map(([, card]) => ({
    text: textOf(card!),
    id: Number(/name="id" value="(\d+)"/.exec(card!)?.[1]),
    receivedAt: /<time dateTime="([^"]+)"/.exec(card!)?.[1] ?? "",
  }));
}

describe("/servicios", () => {
  it("lists the publicly visible services by name with price, price type and 'Más Información'", async () => {
    const html = await page(visitor, "/servicios");
    expect(html).toMatch(/<h1\b[^>]*>Servicios<\/h1>/);
    const names = [
      ...html.matchAll(/<h2 class="text-lg font-semibold text-slate-900">([^<]*)<\/h2>/g),
    ].map(([, name]) => name);
    expect(names).toEqual(visible.map((s) => s.name).sort());
    for (const service of hidden) expect(html).not.toContain(service.name);
    const text = textOf(html);
    expect(text).toContain("79,00 € por servicio");
    expect(text).toContain("25,00 € por hora");
    expect(text).toContain("89,00 € al mes");
    for (const service of visible) {
      const path = await canonicalPath(service);
      expect(html).toContain(`href="${path}"`);
      expect(text).toContain(`Más Información sobre «${service.name}»`);
    }
    expect(html).toContain('href="/contacto"');
    for (const service of DEMO_SERVICES) {
      for (const value of privateValues(service)) expect(html).not.toContain(value);
    }
  });
});

describe("service page", () => {
  it("redirects /servicios/{id} and a wrong slug to the canonical URL (301)", async () => {
    const path = await canonicalPath(SCREEN);
    const wrong = await visitor.get(`/servicios/otra-cosa-${idOf(SCREEN)}?x=1`);
    expect(wrong.status).toBe(301);
    expect(wrong.headers.get("Location")).toBe(`${path}?x=1`);
    expect((await visitor.get("/servicios/no-existe")).status).toBe(404);
    expect((await visitor.get("/servicios/9999")).status).toBe(404);
  });

  it("shows name, images, description, price and type, category, videos and the request form", async () => {
    const service = named("Soporte informático mensual para hogares");
    const path = await canonicalPath(service);
    const response = await visitor.get(path);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    const html = unescapeHtml(await response.text());
    expect(html).toMatch(new RegExp(`<h1\\b[^>]*>${service.name}</h1>`));
    expect(html).toContain(service.description);
    expect(html).toMatch(/<img\b[^>]*src="\/uploads\/[A-Za-z0-9_-]{16}-1200\.webp"/);
    const text = textOf(html);
    expect(text).toContain("19,99 € al mes");
    expect(text).toContain("Categoría: Informática");
    expect(html).toContain(`href="${service.videoUrls![0]}"`);
    expect(html).toMatch(/<h2\b[^>]*>Solicitar este servicio<\/h2>/);
    for (const [name, label] of [
      ["name", "Nombre"],
      ["email", "Correo electrónico"],
      ["phone", "Teléfono"],
      ["preferredDate", "Fecha preferida"],
      ["message", "Mensaje"],
    ]) {
      expect(html).toMatch(new RegExp(`name="${name}"`));
      expect(text).toContain(label);
    }
    expect(html).toMatch(/<input\b[^>]*type="date"[^>]*min="\d{4}-\d{2}-\d{2}"/);

    const [structured] = jsonLd(html);
    expect(structured).toMatchObject({
      "@type": "Service",
      name: service.name,
      url: server.url + path,
      category: "Informática",
      offers: { price: "19.99", priceCurrency: "EUR" },
    });
  });

  it("never sends a private field: not in the HTML, the loader data or the JSON-LD", async () => {
    for (const service of visible) {
      const path = await canonicalPath(service);
      const html = await page(visitor, path);
      const loaderData = await page(visitor, `${path}.data`);
      for (const body of [html, loaderData, JSON.stringify(jsonLd(html))]) {
        for (const value of privateValues(service)) expect(body, service.name).not.toContain(value);
        for (const key of PRIVATE_KEYS) expect(body).not.toContain(`"${key}"`);
      }
    }
  });

  it("answers 404 to the public for a hidden service; an admin sees a preview", async () => {
    const [service] = hidden;
    const id = idOf(service!);
    for (const client of [visitor, customer]) {
      expect((await client.get(`/servicios/${id}`)).status).toBe(404);
      expect((await client.get(`/servicios/x-${id}`)).status).toBe(404);
      expect((await client.post(`/servicios/x-${id}`, valid())).status).toBe(404);
    }
    const redirect = await admin.get(`/servicios/${id}`);
    expect(redirect.status).toBe(301);
    const html = await page(admin, redirect.headers.get("Location")!);
    expect(html).toContain(service!.name);
    expect(html).toContain("Vista previa: este servicio está oculto");
    expect(html).toMatch(/<meta name="robots" content="noindex"\/?>/);
    for (const value of privateValues(service!)) expect(html).not.toContain(value);
  });
});

describe("'Solicitar este servicio'", () => {
  async function post(client: BrowserClient, fields: Record<string, string>) {
    const path = await canonicalPath(SCREEN);
    const response = await client.post(path, fields);
    return { path, response, html: unescapeHtml(await response.text()) };
  }

  it("says what is missing, stores nothing and keeps what was typed", async () => {
    const before = (await requestCards()).length;
    const empty = await post(new BrowserClient(server.url), {});
    expect(empty.response.status).toBe(400);
    expect(empty.response.headers.get("Cache-Control")).toBe("private, no-store");
    for (const message of [M.nameRequired, M.emailRequired, M.messageRequired]) {
      expect(empty.html).toContain(message);
    }
    expect(empty.html).not.toContain(M.phoneInvalid);

    const cases: [Record<string, string>, string][] = [
      [{ email: "no-es-un-correo" }, M.emailInvalid],
      [{ email: `${"a".repeat(250)}@example.com` }, M.emailTooLong],
      [{ name: "N".repeat(LIMITS.maxNameLength + 1) }, M.nameTooLong],
      [{ phone: "12345" }, M.phoneInvalid],
      [{ phone: "+44 20 7946 0958" }, M.phoneInvalid],
      [{ preferredDate: addDays(madridToday(), -1) }, M.datePast],
      [{ preferredDate: "2026-02-30" }, M.dateInvalid],
      [{ preferredDate: "mañana" }, M.dateInvalid],
      [
        { preferredDate: addDays(madridToday(), LIMITS.serviceRequestMaxDaysAhead + 1) },
        M.dateTooFar,
      ],
      [{ message: "Hola" }, M.messageTooShort],
      [{ message: "x".repeat(LIMITS.serviceRequestMessageMaxLength + 1) }, M.messageTooLong],
    ];
    for (const [override, message] of cases) {
      const fields = valid(override);
      const { response, html } = await post(new BrowserClient(server.url), fields);
      expect(response.status, message).toBe(400);
      expect(html, message).toContain(message);
      // Nothing typed is lost.
      expect(inputValue(html, "name")).toBe(fields.name);
      expect(inputValue(html, "email")).toBe(fields.email);
      expect(inputValue(html, "phone")).toBe(fields.phone);
      expect(inputValue(html, "preferredDate")).toBe(fields.preferredDate);
      expect(textareaValue(html, "message")).toBe(fields.message);
    }
    expect(await requestCards()).toHaveLength(before);
  });

  it("stores the request, thanks the visitor and e-mails the active admins (no contact e-mail set)", async () => {
    const client = new BrowserClient(server.url);
    const fields = valid({ name: "Marta Solicitante", email: "Marta.Solicitante@Example.com" });
    const { path, response } = await post(client, fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${path}?solicitud=enviada#solicitar`);
    const thanks = await page(client, `${path}?solicitud=enviada`);
    expect(thanks).toContain(M.sent);
    expect(thanks).toMatch(/role="status"/);

    const mail = await waitForMail(
      () => smtp.messages,
      DEMO_ADMIN_EMAIL,
      /^Nueva solicitud de servicio: Reparación de pantalla de móvil$/,
    );
    expect(mail.envelopeTo).toEqual([DEMO_ADMIN_EMAIL]);
    for (const value of [
      "Marta Solicitante",
      "marta.solicitante@example.com",
      "+34 612 345 678",
      fields.message,
      `${server.url}${REQUESTS}`,
      `${server.url}${path}`,
    ]) {
      expect(mail.text).toContain(value);
    }

    const [card] = await requestCards();
    expect(card!.text).toContain("Reparación de pantalla de móvil");
    expect(card!.text).toContain("Marta Solicitante");
    expect(card!.text).toContain("marta.solicitante@example.com");
    expect(card!.text).toContain("+34 612 345 678");
    expect(card!.text).toContain(fields.message);
    expect(card!.text).toContain("Estado: Nuevo");
  });

  it(`allows ${RATE_LIMITS.serviceRequestsPerIp.limit} requests an hour per address, then refuses keeping the fields`, async () => {
    const before = (await requestCards("?estado=nuevo")).length;
    const client = new BrowserClient(server.url);
    for (let i = 0; i < RATE_LIMITS.serviceRequestsPerIp.limit; i++) {
      const { response } = await post(client, valid({ name: `Límite ${i}` }));
      expect(response.status).toBe(302);
    }
    const fields = valid({ name: "Demasiadas Veces" });
    const refused = await post(client, fields);
    expect(refused.response.status).toBe(429);
    expect(refused.html).toContain(TOO_MANY_ATTEMPTS);
    expect(inputValue(refused.html, "name")).toBe("Demasiadas Veces");
    expect(textareaValue(refused.html, "message")).toBe(fields.message);
    // Another address is not affected.
    expect((await post(new BrowserClient(server.url), valid())).response.status).toBe(302);
    const after = await requestCards("?estado=nuevo");
    expect(after.length).toBe(before + RATE_LIMITS.serviceRequestsPerIp.limit + 1);
    expect(after.some((card) => card.text.includes("Demasiadas Veces"))).toBe(false);
  });
});

describe("/admin/servicios/solicitudes", () => {
  it("is for admins only", async () => {
    const anonymous = await visitor.get(REQUESTS);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const asCustomer = await customer.get(REQUESTS);
    expect(asCustomer.status).toBe(302);
    expect(asCustomer.headers.get("Location")).toBe("/");
    const adminPage = await admin.get(REQUESTS);
    expect(adminPage.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("lists requests newest first, filters by status, counts the new ones and pages", async () => {
    // Enough requests for a second page, from several addresses (the per-address limit).
    const totalOf = async () =>
      Number(/Todas \((\d+)\)/.exec(textOf(await page(admin, REQUESTS)))?.[1]);
    const path = await canonicalPath(SCREEN);
    let made = 0;
    let client = new BrowserClient(server.url);
    for (
      let missing = LIMITS.adminServiceRequestsPerPage + 2 - (await totalOf());
      missing > 0;
      missing--
    ) {
      if (made % RATE_LIMITS.serviceRequestsPerIp.limit === 0)
        client = new BrowserClient(server.url);
      expect((await client.post(path, valid({ name: `Relleno ${made}` }))).status).toBe(302);
      made++;
    }
    expect(made).toBeGreaterThan(0);
    const html = await page(admin, REQUESTS);
    const newCount = (await requestCards("?estado=nuevo")).length;
    const text = textOf(html);
    const total = Number(/Todas \((\d+)\)/.exec(text)?.[1]);
    expect(total).toBeGreaterThan(LIMITS.adminServiceRequestsPerPage);
    const news = Number(/Nuevas \((\d+)\)/.exec(text)?.[1]);
    expect(text).toContain(`${news} solicitudes nuevas sin contestar`);

    const first = await requestCards();
    expect(first).toHaveLength(LIMITS.adminServiceRequestsPerPage);
    expect(first[0]!.text).toContain(`Relleno ${made - 1}`);
    const dates = first.map((card) => card.receivedAt);
    expect(dates.every(Boolean)).toBe(true);
    expect(dates).toEqual([...dates].sort().reverse());
    const pages = Math.ceil(total / LIMITS.adminServiceRequestsPerPage);
    const last = await requestCards(`?page=${pages}`);
    // The oldest demo request is last.
    const oldest = [...DEMO_SERVICE_REQUESTS].sort((a, b) => b.hoursAgo - a.hoursAgo)[0]!;
    expect(last.at(-1)!.text).toContain(oldest.name);
    expect(textOf(await page(admin, `${REQUESTS}?page=2`))).toContain(`Página 2 de ${pages}`);

    const closed = await requestCards("?estado=cerrado");
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((card) => card.text.includes("Estado: Cerrado"))).toBe(true);
    expect(newCount).toBe(Math.min(news, LIMITS.adminServiceRequestsPerPage));

    // /admin/servicios shows the count prominently, with the way there.
    const services = textOf(await page(admin, "/admin/servicios"));
    expect(services).toContain(`Solicitudes ${news} solicitudes nuevas sin contestar`);
    expect(await page(admin, "/admin/servicios")).toContain(`href="${REQUESTS}"`);
  });

  it("lets the admin change a status (recorded later in the activity log); others are refused", async () => {
    const [card] = await requestCards("?estado=nuevo");
    const id = String(card!.id);
    for (const [client, location] of [
      [visitor, /^\/login\?redirectTo=/],
      [customer, /^\/$/],
    ] as const) {
      const refused = await client.post(REQUESTS, { intent: "status", id, status: "closed" });
      expect(refused.status).toBe(302);
      expect(refused.headers.get("Location")).toMatch(location);
    }
    expect((await requestCards("?estado=nuevo"))[0]!.id).toBe(card!.id);

    const bad = await admin.post(REQUESTS, { intent: "status", id, status: "borrado" });
    expect(bad.status).toBe(400);
    expect(unescapeHtml(await bad.text())).toContain("Elige un estado válido.");
    const gone = await admin.post(REQUESTS, { intent: "status", id: "999999", status: "closed" });
    expect(gone.status).toBe(404);
    expect(unescapeHtml(await gone.text())).toContain("La solicitud ya no existe.");

    const changed = await admin.post(`${REQUESTS}?estado=nuevo`, {
      intent: "status",
      id,
      status: "contacted",
    });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("Location")).toBe(`${REQUESTS}?estado=nuevo`);
    const contacted = await requestCards("?estado=contactado");
    const moved = contacted.find((c) => c.id === card!.id);
    expect(moved!.text).toContain("Estado: Contactado");
    expect((await requestCards("?estado=nuevo")).some((c) => c.id === card!.id)).toBe(false);
    changedRequestId = card!.id;
  });
});

let changedRequestId = 0;

describe("with the database changed under the server", () => {
  async function withDatabase(
    change: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>,
  ) {
    await server.stop({ cleanup: false });
    const database = await openDatabase({
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl,
      DATABASE_POOL_MAX: 1,
    });
    try {
      await change(database);
    } finally {
      await database.close();
    }
    server = await server.restart();
    await start();
  }

  it("wrote one activity row per status change, with the admin, in the same transaction", async () => {
    expect(changedRequestId).toBeGreaterThan(0);
    await withDatabase(async ({ db }) => {
      const rows = await db
        .select()
        .from(activityLog)
        .where(
          and(
            eq(activityLog.entityType, "service_request"),
            eq(activityLog.entityId, String(changedRequestId)),
          ),
        );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: "status", actorEmail: DEMO_ADMIN_EMAIL });
      expect(rows[0]!.summary).toContain("Nuevo → Contactado");
      const [request] = await db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.id, changedRequestId));
      expect(request!.status).toBe("contacted");
      // The stored row of a visitor's request: what was typed, normalised.
      const [marta] = await db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.name, "Marta Solicitante"));
      expect(marta).toMatchObject({
        serviceId: idOf(SCREEN),
        serviceName: SCREEN.name,
        email: "marta.solicitante@example.com",
        phone: "+34 612 345 678",
        preferredDate: addDays(madridToday(), 5),
        status: "new",
      });
      // Set the shop's contact address for the next test.
      await db.insert(siteSettings).values({
        key: "general",
        value: { siteName: "Tienda", contactEmail: "taller@tienda.test", logoUrl: null },
      });
    });
  });

  it("e-mails the contact address of the site settings when it is set", async () => {
    const path = await canonicalPath(SCREEN);
    const response = await new BrowserClient(server.url).post(
      path,
      valid({ name: "Para El Taller" }),
    );
    expect(response.status).toBe(302);
    const mail = await waitForMail(() => smtp.messages, "taller@tienda.test", /Nueva solicitud/);
    expect(mail.envelopeTo).toEqual(["taller@tienda.test"]);
    expect(mail.text).toContain("Para El Taller");
  });

  it("says 'No se pudieron cargar los servicios.' when the services cannot be read", async () => {
    await withDatabase(async ({ db }) => {
      await db.execute(sql`ALTER TABLE services RENAME TO services_gone`);
    });
    const response = await visitor.get("/servicios");
    expect(response.status).toBe(500);
    const html = unescapeHtml(await response.text());
    expect(html).toContain("No se pudieron cargar los servicios.");
    expect(html).toContain('href="/contacto"');
    expect(html).not.toMatch(/\n\s+at /);
  });
});
