import { asc, eq, inArray, or, sql } from "drizzle-orm";
import { postCheckout } from "../helpers/checkout";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { DEMO_CUSTOMER_EMAIL, DEMO_PRODUCTS, type DemoProduct } from "~/db/seed/demo-data";
import { createToken } from "~/modules/promotions/tokens.server";
import { addDays, madridToday } from "~/lib/dates";
import { BrowserClient } from "../helpers/browser-client";
import { textOf } from "../helpers/html";
import { linkIn, mailsTo, readOutbox, waitForMail } from "../helpers/mail";
import {
  startServer,
  TEST_AUTH_SECRET,
  withStoppedServer,
  type TestServer,
} from "../helpers/server";
import { confirmEmail, demoSessions, signedIn } from "../helpers/sessions";

/*
 * Privacy (RGPD): a deleted account gets no more marketing, whoever deletes it; every
 * change of marketing consent is recorded and exported; «Descargar mis datos» holds the orders
 * (with guest orders of the verified address), addresses and service requests. Everything goes
 * through HTTP against the production build; the database is read only to compare.
 */

const PASSWORD = "Cebolla-Morada-93";
const SETTINGS = "/perfil/configuracion";
const EXPORT = "/perfil/mis-datos";
const PROMOTIONS = "/admin/promociones";
const CONFIRM_SUBJECT = /^Confirma tu suscripción a la newsletter/;

// The seed inserts DEMO_PRODUCTS in order: the product at index i has id i + 1.
const idOf = (product: DemoProduct) => String(DEMO_PRODUCTS.indexOf(product) + 1);
const inStock = DEMO_PRODUCTS.filter((p) => !p.hidden && p.stock >= 5);

let server: TestServer;
let admin: BrowserClient;
let counter = 0;
beforeAll(async () => {
  server = await startServer({ seed: true });
  ({ admin } = await demoSessions(server.url));
});
afterAll(async () => {
  await server?.stop();
});

const outbox = () => readOutbox(server.dataDir);

/** Registers through /registro (marketing box ticked or not); returns the address. */
async function register(name: string, marketing = false) {
  counter += 1;
  const email = `privacidad.${Date.now()}.${counter}@ejemplo.es`;
  const response = await new BrowserClient(server.url).post("/registro", {
    fullName: name,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: "on",
    ...(marketing ? { marketingOptIn: "on" } : {}),
  });
  expect(response.status).toBe(302);
  return email;
}

/** A registered account whose address is confirmed by its link, signed in. */
async function verifiedCustomer(name: string, marketing = false) {
  const email = await register(name, marketing);
  await confirmEmail(server, email);
  return { email, client: await signedIn(server.url, email, PASSWORD) };
}

/** The /perfil preferences form, as the customer ticks it. */
async function savePreferences(client: BrowserClient, marketing: boolean, newsletter: boolean) {
  const response = await client.post(SETTINGS, {
    intent: "preferences",
    ...(marketing ? { receiveMarketingEmails: "on" } : {}),
    ...(newsletter ? { receiveNewsletter: "on" } : {}),
  });
  expect(response.status).toBe(302);
}

async function exportOf(client: BrowserClient) {
  const response = await client.get(EXPORT);
  expect(response.status).toBe(200);
  return JSON.parse(await response.text()) as ExportFile;
}

async function recipientCount() {
  const response = await admin.get(PROMOTIONS);
  expect(response.status).toBe(200);
  const match = /Se enviará a (\d+) destinatarios?/.exec(textOf(await response.text()));
  return Number(match?.[1] ?? 0);
}

interface Amount {
  centimos: number;
  texto: string;
}
interface ExportFile {
  cuenta: { id: string; correoElectronico: string; correoVerificado: boolean };
  historialDeConsentimiento: {
    fecha: string;
    consentimiento: string;
    accion: string;
    origen: string;
    correoElectronico: string;
  }[];
  suscripcionNewsletter: { confirmadaEl: string | null; bajaEl: string | null } | null;
  pedidos: {
    numero: string;
    fecha: string;
    realizadoComo: string;
    estado: string;
    codigoDeEstado: string;
    pagadoEl: string | null;
    numeroDeSeguimiento: string | null;
    correoElectronico: string;
    envio: Record<string, string | null>;
    lineas: {
      producto: string;
      productoId: number | null;
      precioUnitario: Amount;
      cantidad: number;
      total: Amount;
    }[];
    importes: { subtotal: Amount; envio: Amount; ivaIncluido: Amount; total: Amount };
    historialDeEstados: { fecha: string; de: string | null; a: string; nota: string | null }[];
  }[];
  direccionesDeEnvio: Record<string, string | null>[];
  solicitudesDeServicio: { servicio: string; mensaje: string; correoElectronico: string }[];
  correosDeLaTienda: { tipo: string; asunto: string; pedido: string | null; estado: string }[];
  carrito: { producto: string; cantidad: number }[];
}

describe("deleting an account ends its marketing", () => {
  it("after a deletion in /perfil and one in /admin/usuarios, a promotion skips both addresses", async () => {
    const base = await recipientCount();
    // Both tick «ofertas» and «newsletter» in /perfil (verified: subscribed at once).
    const own = await verifiedCustomer("Nuria Borra Sola");
    const byAdmin = await verifiedCustomer("Óscar Borrado Admin");
    for (const { client } of [own, byAdmin]) await savePreferences(client, true, true);
    expect(await recipientCount()).toBe(base + 2);
    const byAdminId = (await exportOf(byAdmin.client)).cuenta.id;

    // The owner deletes theirs with the dialog's form; the admin deletes the other one.
    const deleted = await own.client.post(SETTINGS, {
      intent: "delete-account",
      password: PASSWORD,
    });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/");
    const removed = await admin.post("/admin/usuarios", { intent: "delete", id: byAdminId });
    expect(removed.status).toBe(302);
    expect(await recipientCount()).toBe(base);

    const title = `Ofertas tras el borrado ${Date.now()}`;
    // «Enviar promoción…» opens the confirmation step; «Enviar ahora» posts the reviewed draft.
    const reviewed = await admin.post(PROMOTIONS, { intent: "review", title, body: "Solo hoy." });
    expect(reviewed.status).toBe(302);
    const step = await (await admin.get(reviewed.headers.get("Location")!)).text();
    expect(textOf(step)).toContain(`Se enviará a ${base} destinatarios`);
    const id = /name="id" value="(\d+)"/.exec(step)?.[1];
    const version = /name="version" value="([^"]+)"/.exec(step)?.[1];
    const sent = await admin.post(PROMOTIONS, { intent: "send", id: id!, version: version! });
    expect(sent.status).toBe(302);
    const subject = new RegExp(`^${title}$`);
    await waitForMail(outbox, DEMO_CUSTOMER_EMAIL, subject);
    await expect
      .poll(async () => textOf(await (await admin.get(PROMOTIONS)).text()), { timeout: 15_000 })
      .toContain(`Enviada ${base} de ${base}`);
    for (const { email } of [own, byAdmin]) {
      expect(await mailsTo(outbox, email, subject), email).toEqual([]);
    }
  });
});

describe("the consent history", () => {
  it("records sign-up, /perfil, the double opt-in link, the unsubscribe link and the deletion, and shows them in the export", async () => {
    const { email, client } = await verifiedCustomer("Paula Consiente", true);
    // /perfil: both boxes off.
    await savePreferences(client, false, false);
    // The footer form, then the link it e-mails (double opt-in).
    const asked = await new BrowserClient(server.url).post("/newsletter", { email, consent: "on" });
    expect(asked.status).toBe(302);
    const confirmation = await waitForMail(outbox, email, CONFIRM_SUBJECT);
    const confirmLink = linkIn(confirmation, server.url, "/newsletter/confirmar");
    expect((await fetch(confirmLink)).status).toBe(200);
    // Following it again changes nothing (and records nothing).
    expect((await fetch(confirmLink)).status).toBe(200);
    // The unsubscribe link of a promotion (RFC 8058 POST), twice: one withdrawal.
    const token = createToken("unsubscribe", email, { secret: TEST_AUTH_SECRET });
    for (let i = 0; i < 2; i += 1) {
      const left = await fetch(`${server.url}/newsletter/baja?token=${token}`, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(left.status).toBe(200);
    }

    const exported = await exportOf(client);
    const userId = exported.cuenta.id;
    expect(
      exported.historialDeConsentimiento.map((e) => [e.consentimiento, e.accion, e.origen]),
    ).toEqual([
      ["Correos con ofertas", "otorgado", "Casilla del formulario de registro"],
      ["Newsletter", "otorgado", "Casilla del formulario de registro"],
      ["Correos con ofertas", "retirado", "Preferencias de comunicación en «Mi perfil»"],
      ["Newsletter", "retirado", "Preferencias de comunicación en «Mi perfil»"],
      ["Newsletter", "otorgado", "Enlace de confirmación de la newsletter (doble opt-in)"],
      ["Newsletter", "retirado", "Enlace «Darme de baja» de un correo"],
    ]);
    for (const event of exported.historialDeConsentimiento) {
      expect(event.correoElectronico).toBe(email);
      expect(Date.parse(event.fecha)).not.toBeNaN();
    }
    expect(exported.suscripcionNewsletter).toMatchObject({
      confirmadaEl: expect.any(String),
      bajaEl: expect.any(String),
    });

    // /perfil on again, then the account is deleted.
    await savePreferences(client, true, true);
    expect(
      (await client.post(SETTINGS, { intent: "delete-account", password: PASSWORD })).status,
    ).toBe(302);
    // The confirmation link sent before the deletion no longer subscribes the address.
    const late = await fetch(confirmLink);
    expect(textOf(await late.text())).toContain("El enlace ha caducado");

    server = await withStoppedServer(server, async (db) => {
      const events = await db
        .select()
        .from(schema.consentEvents)
        .where(eq(schema.consentEvents.email, email))
        .orderBy(asc(schema.consentEvents.id));
      expect(events.map((e) => [e.purpose, e.action, e.source])).toEqual([
        ["marketing_emails", "given", "registration"],
        ["newsletter", "given", "registration"],
        ["marketing_emails", "withdrawn", "profile"],
        ["newsletter", "withdrawn", "profile"],
        ["newsletter", "given", "newsletter_confirmation"],
        ["newsletter", "withdrawn", "unsubscribe_link"],
        ["marketing_emails", "given", "profile"],
        ["newsletter", "given", "profile"],
        ["marketing_emails", "withdrawn", "account_deletion"],
        ["newsletter", "withdrawn", "account_deletion"],
      ]);
      // Kept as proof of consent and withdrawal, no longer tied to an account.
      expect(events.every((e) => e.userId === null)).toBe(true);
      const rows = await db
        .select({ userId: schema.consentEvents.userId })
        .from(schema.consentEvents)
        .where(eq(schema.consentEvents.userId, userId));
      expect(rows).toEqual([]);
      const subscription = await db
        .select()
        .from(schema.newsletterSubscribers)
        .where(sql`lower(${schema.newsletterSubscribers.email}) = ${email}`);
      expect(subscription).toEqual([]);
    });
    ({ admin } = await demoSessions(server.url));
  });
});

describe("the consent history against saves at once", () => {
  it("two /perfil saves at the same moment are recorded in the order they take effect: the last events match the boxes", async () => {
    // PostgreSQL runs the two saves side by side (PGlite one after the other): each must read
    // the consent it changes after the other's change, or the history would record a change
    // that did not happen and miss one that did.
    const { client } = await verifiedCustomer("Dos Pestañas");
    for (let round = 0; round < 8; round += 1) {
      await Promise.all([
        savePreferences(client, false, false),
        savePreferences(client, true, true),
      ]);
    }
    const history = (await exportOf(client)).historialDeConsentimiento;
    const html = await (await client.get(SETTINGS)).text();
    for (const [purpose, box] of [
      ["Correos con ofertas", "receiveMarketingEmails"],
      ["Newsletter", "receiveNewsletter"],
    ] as const) {
      const actions = history.filter((e) => e.consentimiento === purpose).map((e) => e.accion);
      expect(actions.length).toBeGreaterThan(0);
      // Given and withdrawn alternate: each is recorded once, when it changed.
      const repeated = actions.filter((action, i) => i > 0 && action === actions[i - 1]);
      expect(repeated).toEqual([]);
      const ticked = new RegExp(`name="${box}"[^>]*checked`).test(html);
      expect(actions.at(-1)).toBe(ticked ? "otorgado" : "retirado");
    }
  });
});

describe("«Descargar mis datos»", () => {
  const ADDRESS = {
    phone: "600 123 123",
    addressLine1: "Calle de Alcalá 10",
    addressLine2: "3º B",
    postalCode: "28014",
    city: "Madrid",
    province: "28",
  };

  /** Cart → /checkout → test payment → paid; returns the order number. */
  async function placeOrder(client: BrowserClient, fields: Record<string, string>) {
    const [first, second] = inStock;
    await client.post("/carrito", { intent: "add", productId: idOf(first!), quantity: "2" });
    await client.post("/carrito", { intent: "add", productId: idOf(second!) });
    const placed = await postCheckout(client, { ...ADDRESS, ...fields });
    expect(placed.status).toBe(302);
    const paymentUrl = placed.headers.get("Location")!;
    const paymentText = textOf(await (await client.get(paymentUrl)).text());
    const number = /Pedido (P-\d{4}-[A-Z0-9]{6})/.exec(paymentText)![1]!;
    const session = new URL(paymentUrl, server.url).searchParams.get("session")!;
    expect((await client.post(paymentUrl, { session, intent: "pay" })).status).toBe(302);
    return number;
  }

  it("holds every order (own and guest with the verified address), its lines, amounts and history, the addresses and the service requests, as stored", async () => {
    const { email, client } = await verifiedCustomer("Irene Compradora");
    const own = await placeOrder(client, { fullName: "Irene Compradora", email });
    // A guest order with the same address (other case, other street), and one of someone else.
    const guest = await placeOrder(new BrowserClient(server.url), {
      fullName: "Irene C.",
      email: email.toUpperCase(),
      addressLine1: "Avenida del Puerto 3",
      addressLine2: "",
      postalCode: "46023",
      city: "Valencia",
      province: "46",
    });
    const stranger = await placeOrder(new BrowserClient(server.url), {
      fullName: "Otra Persona",
      email: `otra.${Date.now()}@ejemplo.es`,
    });
    // The admin moves the own order on: more status history.
    expect(
      (await admin.post(`/admin/pedidos/${own}`, { from: "paid", to: "preparing" })).status,
    ).toBe(302);
    // A service request sent with the address.
    const serviceResponse = await new BrowserClient(server.url).get("/servicios/1");
    const servicePath = serviceResponse.headers.get("Location")!;
    const message = "Quiero una revisión completa del equipo, por favor.";
    const requested = await new BrowserClient(server.url).post(servicePath, {
      name: "Irene Compradora",
      email,
      phone: "612 34 56 78",
      preferredDate: addDays(madridToday(), 5),
      message,
    });
    expect(requested.status).toBe(302);
    // And something left in the cart.
    await client.post("/carrito", { intent: "add", productId: idOf(inStock[2]!) });

    const exported = await exportOf(client);
    expect(exported.pedidos.map((o) => o.numero).sort()).toEqual([own, guest].sort());
    expect(exported.pedidos.find((o) => o.numero === own)!.realizadoComo).toBe("cuenta");
    expect(exported.pedidos.find((o) => o.numero === guest)!.realizadoComo).toBe("invitado");
    expect(JSON.stringify(exported)).not.toContain(stranger);
    expect(exported.solicitudesDeServicio).toEqual([
      expect.objectContaining({ mensaje: message, correoElectronico: email }),
    ]);
    // The shop's e-mails to the address: both orders' confirmations (the guest one was typed in
    // capitals), none of the stranger's.
    expect(
      exported.correosDeLaTienda
        .filter((mail) => mail.tipo === "Confirmación del pedido")
        .map((mail) => [mail.pedido, mail.estado, mail.asunto])
        .sort(),
    ).toEqual(
      [own, guest].sort().map((number) => [number, "enviado", expect.stringContaining(number)]),
    );
    expect(exported.carrito).toEqual([
      expect.objectContaining({ producto: inStock[2]!.name, cantidad: 1 }),
    ]);
    expect(exported.direccionesDeEnvio.map((a) => a.direccion).sort()).toEqual(
      ["Avenida del Puerto 3", "Calle de Alcalá 10"].sort(),
    );

    // An account with the same guest address, not verified, sees none of those orders.
    const unverifiedEmail = await register("Suplanta Dora");
    const impostor = await signedIn(server.url, unverifiedEmail, PASSWORD);
    await placeOrder(new BrowserClient(server.url), {
      fullName: "Verdadera Dueña",
      email: unverifiedEmail,
    });
    const impostorExport = await exportOf(impostor);
    expect(impostorExport.cuenta.correoVerificado).toBe(false);
    expect(impostorExport.pedidos).toEqual([]);
    expect(impostorExport.correosDeLaTienda).toEqual([]);
    expect(impostorExport.direccionesDeEnvio).toEqual([]);

    // Compared with the database, field by field.
    const userId = exported.cuenta.id;
    server = await withStoppedServer(server, async (db) => {
      const orders = await db
        .select()
        .from(schema.orders)
        .where(
          or(
            eq(schema.orders.userId, userId),
            sql`lower(${schema.orders.email}) = ${email.toLowerCase()}`,
          ),
        );
      expect(orders.map((o) => o.number).sort()).toEqual(
        exported.pedidos.map((o) => o.numero).sort(),
      );
      const ids = orders.map((o) => o.id);
      const lines = await db
        .select()
        .from(schema.orderItems)
        .where(inArray(schema.orderItems.orderId, ids))
        .orderBy(asc(schema.orderItems.id));
      const history = await db
        .select()
        .from(schema.orderStatusHistory)
        .where(inArray(schema.orderStatusHistory.orderId, ids))
        .orderBy(asc(schema.orderStatusHistory.createdAt), asc(schema.orderStatusHistory.id));
      for (const order of orders) {
        const out = exported.pedidos.find((o) => o.numero === order.number)!;
        expect(out.fecha).toBe(order.createdAt.toISOString());
        expect(out.codigoDeEstado).toBe(order.status);
        expect(out.pagadoEl).toBe(order.paidAt?.toISOString() ?? null);
        expect(out.correoElectronico).toBe(order.email);
        expect(out.envio).toMatchObject({
          nombreCompleto: order.fullName,
          telefono: order.phone,
          direccion: order.addressLine1,
          direccionComplementaria: order.addressLine2,
          codigoPostal: order.postalCode,
          ciudad: order.city,
          provincia: order.province,
          pais: "España",
        });
        expect(
          Object.fromEntries(Object.entries(out.importes).map(([k, v]) => [k, v.centimos])),
        ).toEqual({
          subtotal: order.subtotalCents,
          envio: order.shippingCents,
          ivaIncluido: order.vatCents,
          total: order.totalCents,
        });
        expect(
          out.lineas.map((l) => [
            l.producto,
            l.productoId,
            l.precioUnitario.centimos,
            l.cantidad,
            l.total.centimos,
          ]),
        ).toEqual(
          lines
            .filter((l) => l.orderId === order.id)
            .map((l) => [l.name, l.productId, l.unitPriceCents, l.quantity, l.lineTotalCents]),
        );
        const rows = history.filter((h) => h.orderId === order.id);
        expect(rows.length).toBeGreaterThanOrEqual(2);
        expect(out.historialDeEstados.map((h) => h.fecha)).toEqual(
          rows.map((h) => h.createdAt.toISOString()),
        );
      }
      // The own order went pending → paid → preparing; the export says so in Spanish.
      expect(
        exported.pedidos.find((o) => o.numero === own)!.historialDeEstados.at(-1),
      ).toMatchObject({
        de: "Pagado",
        a: "Preparando",
      });
      const requests = await db
        .select()
        .from(schema.serviceRequests)
        .where(sql`lower(${schema.serviceRequests.email}) = ${email.toLowerCase()}`);
      expect(requests.map((r) => r.message)).toEqual(
        exported.solicitudesDeServicio.map((r) => r.mensaje),
      );
    });
    ({ admin } = await demoSessions(server.url));
  });
});
