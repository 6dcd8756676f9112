import { and, desc, eq } from "drizzle-orm";
import { postCheckout } from "../helpers/checkout";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog } from "~/db/schema";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_CUSTOMER_EMAIL,
  DEMO_PRODUCTS,
  type DemoProduct,
} from "~/db/seed/demo-data";
import { openDatabase } from "~/db/client.server";
import { IMAGE_MESSAGES } from "~/modules/media/schemas";
import { paymentStatus } from "~/modules/settings/admin-settings.server";
import { SETTINGS_MESSAGES, SETTINGS_SUCCESS } from "~/modules/settings/schemas";
import { BrowserClient } from "../helpers/browser-client";
import { textOf as rawTextOf, unescapeHtml } from "../helpers/html";
import { uploadTestImage } from "../helpers/images";
import { readOutbox, waitForMail } from "../helpers/mail";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

/*
 * /admin/configuracion on the demo data: validation, saving and reading back, the settings used
 * by the storefront (name and logo, the aviso legal, shipping in the cart), maintenance mode for
 * each role, the payments status, and the activity log.
 */

const PATH = "/admin/configuracion";

const idOf = (product: DemoProduct) => String(DEMO_PRODUCTS.indexOf(product) + 1);
/** A visible product whose price stays under every free-shipping threshold used here. */
const CHEAP = DEMO_PRODUCTS.find(
  (p) => !p.hidden && p.stock >= 5 && p.salePriceCents === undefined && p.priceCents < 2000,
)!;

/** Amounts are formatted with non-breaking spaces; the page's text (textOf) has plain ones. */
const plain = (text: string) => text.replace(/\u00a0/g, " ");
const textOf = (html: string) => plain(rawTextOf(html));

const euros = (cents: number) =>
  new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR", useGrouping: "always" })
    .format(cents / 100)
    .replace(/\u00a0/g, " ");

let server: TestServer;
let admin: BrowserClient;
let customer: BrowserClient;

beforeAll(async () => {
  server = await startServer({ seed: true });
  ({ admin, customer } = await demoSessions(server.url));
});
afterAll(async () => {
  await server?.stop();
});

const GENERAL = {
  intent: "general",
  siteName: "Tienda",
  contactEmail: "",
  logoUrl: "",
};
const LEGAL = {
  intent: "legal",
  companyName: "Electrónica Ejemplo S.L.",
  nif: "B12345674",
  address: "Calle Mayor 1, 28013 Madrid",
  registry: "Registro Mercantil de Madrid, tomo 1234, folio 56, hoja M-78901",
  phone: "+34 910 123 456",
};
/** The shipping form: every zone's inputs; `peninsula` and `extra` change some of them. */
function shippingForm(
  peninsula: { flatRate?: string; freeFrom?: string } = {},
  extra: Record<string, string> = {},
): Record<string, string> {
  const zones: Record<string, [string, string]> = {
    peninsula: [peninsula.flatRate ?? "4,95", peninsula.freeFrom ?? "50,00"],
    baleares: ["9,95", "100,00"],
    canarias: ["14,95", ""],
    ceuta: ["14,95", ""],
    melilla: ["14,95", ""],
  };
  const fields: Record<string, string> = { intent: "shipping" };
  for (const [zone, [flatRate, freeFrom]] of Object.entries(zones)) {
    fields[`zones.${zone}.enabled`] = "on";
    fields[`zones.${zone}.flatRate`] = flatRate;
    fields[`zones.${zone}.freeFrom`] = freeFrom;
  }
  return { ...fields, ...extra };
}

/** The value an input of the page shows. */
function inputValue(html: string, name: string) {
  const input = new RegExp(`<input[^>]*name="${name.replace(/\./g, "\\.")}"[^>]*>`).exec(html)?.[0];
  return input ? (/value="([^"]*)"/.exec(input)?.[1] ?? "") : null;
}

async function adminPage() {
  const response = await admin.get(PATH);
  expect(response.status).toBe(200);
  return unescapeHtml(await response.text());
}

/** Posts a form that must be refused; returns the page's text (its errors). */
async function refused(fields: Record<string, string>) {
  const response = await admin.post(PATH, fields);
  expect(response.status).toBe(400);
  return rawTextOf(await response.text());
}

async function saved(fields: Record<string, string> | URLSearchParams) {
  const response =
    fields instanceof URLSearchParams
      ? await admin.postBody(PATH, fields)
      : await admin.post(PATH, fields);
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(PATH);
  return response;
}

describe("access", () => {
  it("anonymous visitors go to /login and customers to /, for the page and its form", async () => {
    const visitor = new BrowserClient(server.url);
    const anonymous = await visitor.get(PATH);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(PATH)}`);
    const page = await customer.get(PATH);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/");
    const post = await customer.post(PATH, { ...GENERAL, siteName: "Hackeada" });
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe("/");
    expect(await adminPage()).not.toContain("Hackeada");
  });

  it("the admin menu links to the page, which has every section", async () => {
    const html = await adminPage();
    expect(html).toContain(`href="${PATH}"`);
    const text = textOf(html);
    for (const section of [
      "General",
      "Mantenimiento",
      "Datos legales de la empresa",
      "Envíos",
      "Pagos",
      "Categorías",
    ]) {
      expect(text).toContain(section);
    }
    expect(html).toContain('href="/admin/categorias"');
    expect(html).toMatch(/<title>Configuración · Administración · Tienda<\/title>/);
  });
});

describe("validation: a clear message, nothing changed", () => {
  it("general", async () => {
    expect(await refused({ ...GENERAL, siteName: "  " })).toContain(
      SETTINGS_MESSAGES.siteNameRequired,
    );
    expect(await refused({ ...GENERAL, siteName: "x".repeat(61) })).toContain(
      SETTINGS_MESSAGES.siteNameTooLong,
    );
    expect(await refused({ ...GENERAL, contactEmail: "no-es-un-correo" })).toContain(
      SETTINGS_MESSAGES.contactEmailInvalid,
    );
    expect(await refused({ ...GENERAL, logoUrl: "javascript:alert(1)" })).toContain(
      SETTINGS_MESSAGES.logoUrlInvalid,
    );
    expect(await refused({ ...GENERAL, logoUrl: "http://inseguro.example/logo.png" })).toContain(
      SETTINGS_MESSAGES.logoUrlInvalid,
    );
    expect(await refused({ ...GENERAL, logoUrl: "//otro.example/logo.png" })).toContain(
      SETTINGS_MESSAGES.logoUrlInvalid,
    );
    expect(
      await refused({ ...GENERAL, logoUrl: `https://a.example/${"x".repeat(500)}` }),
    ).toContain(SETTINGS_MESSAGES.logoUrlTooLong);
    expect(await refused({ ...GENERAL, logoKey: "../../etc/passwd" })).toContain(
      SETTINGS_MESSAGES.logoInvalid,
    );
    expect(
      await refused({
        ...GENERAL,
        logoKey: "AAAAAAAAAAAAAAAA",
        logoUrl: "https://a.example/l.png",
      }),
    ).toContain(SETTINGS_MESSAGES.logoBoth);
    const twoKeys = new URLSearchParams({ ...GENERAL });
    twoKeys.append("logoKey", "AAAAAAAAAAAAAAAA");
    twoKeys.append("logoKey", "BBBBBBBBBBBBBBBB");
    const many = await admin.postBody(PATH, twoKeys);
    expect(many.status).toBe(400);
    expect(textOf(await many.text())).toContain(SETTINGS_MESSAGES.logoTooMany);
    // Well formed, but never uploaded: the server checks the file exists.
    const missing = await refused({ ...GENERAL, logoKey: "AAAAAAAAAAAAAAAA" });
    expect(missing).toContain(IMAGE_MESSAGES.missing);
    expect(missing).toContain(SETTINGS_MESSAGES.saveFailed);
  });

  it("legal data", async () => {
    expect(await refused({ ...LEGAL, companyName: "" })).toContain(
      SETTINGS_MESSAGES.companyNameRequired,
    );
    expect(await refused({ ...LEGAL, companyName: "x".repeat(151) })).toContain(
      SETTINGS_MESSAGES.companyNameTooLong,
    );
    expect(await refused({ ...LEGAL, nif: "" })).toContain(SETTINGS_MESSAGES.nifRequired);
    expect(await refused({ ...LEGAL, nif: "  " })).toContain(SETTINGS_MESSAGES.nifRequired);
    // Wrong check character (CIF, DNI, NIE) and no format at all.
    for (const nif of ["B12345678", "12345678A", "X1234567A", "ABC", "123"]) {
      expect(await refused({ ...LEGAL, nif }), nif).toContain(SETTINGS_MESSAGES.nifInvalid);
    }
    expect(await refused({ ...LEGAL, address: " " })).toContain(SETTINGS_MESSAGES.addressRequired);
    expect(await refused({ ...LEGAL, address: "x".repeat(301) })).toContain(
      SETTINGS_MESSAGES.addressTooLong,
    );
    expect(await refused({ ...LEGAL, registry: "x".repeat(301) })).toContain(
      SETTINGS_MESSAGES.registryTooLong,
    );
    expect(await refused({ ...LEGAL, phone: " " })).toContain(SETTINGS_MESSAGES.phoneRequired);
    for (const phone of ["1234", "910 123 45X", "34+910123456", "+1234567890123456"]) {
      expect(await refused({ ...LEGAL, phone }), phone).toContain(SETTINGS_MESSAGES.phoneInvalid);
    }
  });

  it("shipping", async () => {
    expect(await refused(shippingForm({ flatRate: "" }))).toContain(SETTINGS_MESSAGES.flatRequired);
    expect(await refused(shippingForm({ flatRate: "cuatro" }))).toContain(
      SETTINGS_MESSAGES.flatInvalid,
    );
    expect(await refused(shippingForm({ flatRate: "-1" }))).toContain(
      SETTINGS_MESSAGES.flatInvalid,
    );
    expect(await refused(shippingForm({ flatRate: "4,955" }))).toContain(
      SETTINGS_MESSAGES.flatDecimals,
    );
    expect(await refused(shippingForm({ flatRate: "1.000.000,01" }))).toContain(
      plain(SETTINGS_MESSAGES.flatTooLarge),
    );
    expect(await refused(shippingForm({ freeFrom: "gratis" }))).toContain(
      SETTINGS_MESSAGES.freeFromInvalid,
    );
    expect(await refused(shippingForm({ freeFrom: "50,001" }))).toContain(
      SETTINGS_MESSAGES.freeFromDecimals,
    );
    expect(await refused(shippingForm({ freeFrom: "2.000.000" }))).toContain(
      plain(SETTINGS_MESSAGES.freeFromTooLarge),
    );
  });

  it("an unknown form is refused", async () => {
    expect(await refused({ intent: "security" })).toContain(SETTINGS_MESSAGES.invalidRequest);
  });

  it("the refusals changed nothing", async () => {
    const text = textOf(await adminPage());
    const html = await adminPage();
    expect(inputValue(html, "zones.peninsula.flatRate")).toBe("4,95");
    expect(inputValue(html, "zones.peninsula.freeFrom")).toBe("50,00");
    expect(text).toContain("Envíos activos");
    const home = unescapeHtml(await (await new BrowserClient(server.url).get("/")).text());
    expect(home).toContain('alt="Tienda"');
    expect(home).toContain('src="/Logo.jpg"');
  });
});

describe("saving", () => {
  it("the site name, e-mail and logo show on the next request, also from the page cache", async () => {
    const visitor = new BrowserClient(server.url);
    // Filled into the shared page cache first: the save must still show at once.
    await visitor.get("/");
    const cached = await visitor.get("/");
    expect(cached.headers.get("Server-Timing")).toContain('cache;desc="hit"');

    await saved({
      ...GENERAL,
      siteName: "Bazar Ejemplo",
      contactEmail: "Hola@Bazar.example",
      logoUrl: "https://cdn.bazar.example/logo.png",
    });

    const home = await visitor.get("/");
    expect(home.headers.get("Server-Timing")).not.toContain('cache;desc="hit"');
    const html = unescapeHtml(await home.text());
    expect(html).toContain('src="https://cdn.bazar.example/logo.png"');
    expect(html).toContain('alt="Bazar Ejemplo"');
    expect(textOf(html)).toContain("© ");
    expect(textOf(html)).toContain("Bazar Ejemplo. Todos los derechos reservados.");
    expect(html).toMatch(/<title>Bazar Ejemplo · Productos nuevos/);
    const list = unescapeHtml(await (await visitor.get("/productos")).text());
    expect(list).toMatch(/<title>Nuestros Productos · Bazar Ejemplo<\/title>/);

    const page = await adminPage();
    expect(page).toContain('value="Bazar Ejemplo"');
    expect(page).toContain('value="hola@bazar.example"');
    expect(page).toContain('value="https://cdn.bazar.example/logo.png"');
  });

  it("a path of this site is a valid logo; without a logo a renamed shop shows its name as text", async () => {
    const named = { ...GENERAL, siteName: "Bazar Ejemplo", contactEmail: "hola@bazar.example" };
    await saved({ ...named, logoUrl: "/Logo.jpg" });
    let html = unescapeHtml(await (await new BrowserClient(server.url).get("/")).text());
    expect(html).toMatch(/<img src="\/Logo.jpg" alt="Bazar Ejemplo"/);
    // The default picture reads "Tienda": a renamed shop without a logo shows its name instead.
    await saved(named);
    html = unescapeHtml(await (await new BrowserClient(server.url).get("/")).text());
    expect(html).not.toContain('alt="Bazar Ejemplo"');
    expect(html).not.toContain('src="/Logo.jpg"');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*><span[^>]*>Bazar Ejemplo<\/span><\/a>/);
  });

  it("an uploaded logo (through the admin image upload) shows in the header", async () => {
    const key = await uploadTestImage(admin);
    const named = { ...GENERAL, siteName: "Bazar Ejemplo", contactEmail: "hola@bazar.example" };
    await saved({ ...named, logoKey: key });
    const html = unescapeHtml(await (await new BrowserClient(server.url).get("/")).text());
    expect(html).toContain(`src="/uploads/${key}-320.webp"`);
    // The form shows it as the uploaded image (a hidden input of the image field), not as an address.
    const page = await adminPage();
    expect(page).toContain(`name="logoKey" value="${key}"`);
    expect(page).not.toContain(`value="${key}" name="logoUrl"`);
    await saved(named);
  });

  it("a new password cannot be the shop's new name (NIST's context-specific words)", async () => {
    await saved({ ...GENERAL, siteName: "Bazar Ejemplo", contactEmail: "hola@bazar.example" });
    const register = (password: string) =>
      new BrowserClient(server.url).post("/registro", {
        fullName: "Cliente Nuevo",
        email: `bazar.${Date.now()}.${Math.random()}@ejemplo.es`,
        password,
        confirmPassword: password,
        acceptTerms: "on",
      });
    for (const password of ["BazarEjemplo2026", "bazar-ejemplo!", "Ejemplo12345"]) {
      const refused = await register(password);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("demasiado común");
    }
    expect((await register("Pimiento-Verde-8")).status).toBe(302);
  });

  it("the e-mails carry the shop's name", async () => {
    const response = await new BrowserClient(server.url).post("/recuperar-contrasena", {
      email: DEMO_CUSTOMER_EMAIL,
    });
    expect(response.status).toBe(302);
    const mail = await waitForMail(
      () => readOutbox(server.dataDir),
      DEMO_CUSTOMER_EMAIL,
      /Restablece tu contraseña de Bazar Ejemplo/,
    );
    expect(mail.text).toContain("Bazar Ejemplo");
  });

  it("the save answers with the success toast", async () => {
    const response = await admin.post(PATH, { ...LEGAL });
    expect(response.status).toBe(302);
    const page = textOf(await (await admin.get(PATH)).text());
    expect(page).toContain(SETTINGS_SUCCESS.legal);
  });

  it("the aviso legal shows the legal data (the NIF as typed, normalised)", async () => {
    await saved({ ...LEGAL, nif: "b-1234567 4", companyName: "Bazar Ejemplo S.L." });
    const response = await new BrowserClient(server.url).get("/aviso-legal");
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).toContain("Datos del titular");
    expect(text).toContain("Titular Bazar Ejemplo S.L.");
    expect(text).toContain("NIF/CIF B12345674");
    expect(text).toContain(`Domicilio ${LEGAL.address}`);
    expect(text).toContain(`Datos registrales ${LEGAL.registry}`);
    expect(text).toContain(`Teléfono ${LEGAL.phone}`);
    expect(text).toContain("Correo electrónico hola@bazar.example");
    // Other static pages do not carry the block.
    const terms = textOf(await (await new BrowserClient(server.url).get("/contacto")).text());
    expect(terms).not.toContain("Datos del titular");
  });

  it("a wrong phone: a Spanish message, nothing saved, what was typed kept", async () => {
    const form = await adminPage();
    const input = /<input[^>]*name="phone"[^>]*>/.exec(form)?.[0] ?? "";
    expect(input).toContain('type="tel"');
    expect(input).toContain('autoComplete="tel"');
    expect(input).toContain(`value="${LEGAL.phone}"`);
    expect(textOf(form)).toContain("Teléfono");

    const response = await admin.post(PATH, {
      ...LEGAL,
      companyName: "Otra Razón S.L.",
      phone: "91 012 AB",
    });
    expect(response.status).toBe(400);
    const html = unescapeHtml(await response.text());
    expect(textOf(html)).toContain(SETTINGS_MESSAGES.phoneInvalid);
    expect(html).toContain('value="91 012 AB"');
    expect(html).toContain('value="Otra Razón S.L."');
    const aviso = textOf(await (await new BrowserClient(server.url).get("/aviso-legal")).text());
    expect(aviso).toContain(`Teléfono ${LEGAL.phone}`);
    expect(aviso).not.toContain("Otra Razón");
    expect(aviso).not.toContain("91 012 AB");
  });

  it("checkout uses the shipping settings: flat rate, free-shipping threshold, never free", async () => {
    const visitor = new BrowserClient(server.url);
    await visitor.post("/carrito", { intent: "add", productId: idOf(CHEAP) });
    const subtotal = CHEAP.priceCents;

    await saved(shippingForm({ flatRate: "3,50", freeFrom: "" }));
    let checkout = textOf(await (await visitor.get("/checkout")).text());
    expect(checkout).toContain(`Envío ${euros(350)}`);
    expect(checkout).toContain(`Total ${euros(subtotal + 350)}`);
    expect(checkout).not.toContain("Envío gratis a partir de");

    await saved(shippingForm({ flatRate: "1.234,5", freeFrom: euros(subtotal).replace(" €", "") }));
    checkout = textOf(await (await visitor.get("/checkout")).text());
    expect(checkout).toContain("Envío Gratis");
    expect(checkout).toContain(`Total ${euros(subtotal)}`);

    await saved(shippingForm({ flatRate: "6", freeFrom: "1.000" }));
    checkout = textOf(await (await visitor.get("/checkout")).text());
    expect(checkout).toContain(`Envío ${euros(600)}`);
    expect(checkout).toContain(`Envío gratis a partir de ${euros(100000)}`);
    const admin = await adminPage();
    expect(inputValue(admin, "zones.peninsula.flatRate")).toBe("6,00");
    expect(inputValue(admin, "zones.peninsula.freeFrom")).toBe("1000,00");

    // The order itself is charged what the page showed.
    const placed = await postCheckout(visitor, {
      fullName: "Lucía Martín",
      email: "lucia@ejemplo.es",
      phone: "600 123 123",
      addressLine1: "Calle de Alcalá 10",
      addressLine2: "",
      postalCode: "28014",
      city: "Madrid",
      province: "28",
    });
    expect(placed.status).toBe(302);
    const payment = textOf(await (await visitor.get(placed.headers.get("Location")!)).text());
    expect(payment).toContain(`Total ${euros(subtotal + 600)}`);

    await saved(shippingForm());
  });
});

describe("maintenance mode", () => {
  const visitor = () => new BrowserClient(server.url);

  function expectMaintenance(response: Response) {
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("600");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  }

  it("visitors and customers get the 503 page; admins browse with a banner; the rest stays open", async () => {
    // A page in the shared cache before maintenance must not be served during it.
    const before = visitor();
    await before.get("/productos");
    expect((await before.get("/productos")).headers.get("Server-Timing")).toContain(
      'cache;desc="hit"',
    );

    const on = await saved({ intent: "maintenance", enabled: "on" });
    expect(on.status).toBe(302);

    for (const path of ["/", "/productos", "/checkout", "/aviso-legal", "/no-existe"]) {
      const response = await visitor().get(path);
      expectMaintenance(response);
      const html = unescapeHtml(await response.text());
      expect(textOf(html), path).toContain("Estamos en mantenimiento");
      expect(html).toContain("<title>En mantenimiento · Bazar Ejemplo</title>");
      expect(html).toContain('href="/login"');
      expect(html).toContain("hola@bazar.example");
    }
    // Client-side navigations (data requests) get it too.
    expectMaintenance(await visitor().get("/productos.data"));
    // Twice in a row: never stored by the page cache.
    expectMaintenance(await before.get("/productos"));
    expectMaintenance(await before.get("/productos"));

    // Customers: pages, checkout and the cart are closed.
    expectMaintenance(await customer.get("/"));
    expectMaintenance(await customer.get("/perfil"));
    const checkout = await postCheckout(customer, { fullName: "x" });
    expectMaintenance(checkout);
    const cart = await customer.post("/carrito", { intent: "add", productId: idOf(CHEAP) });
    expectMaintenance(cart);
    expect(textOf(await cart.text())).toContain("Estamos en mantenimiento");

    // Open: sign-in, health check, payment webhook (its own answer), robots.txt, admin guard.
    const login = await visitor().get("/login");
    expect(login.status).toBe(200);
    expect(textOf(await login.text())).toContain("Iniciar sesión");
    expect((await visitor().get("/healthz")).status).toBe(200);
    expect((await visitor().get("/readyz")).status).toBe(200);
    expect((await visitor().get("/robots.txt")).status).toBe(200);
    const webhook = await fetch(`${server.url}/pagos/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00" },
      body: JSON.stringify({ id: "evt_x", type: "checkout.session.completed" }),
    });
    expect(webhook.status).toBe(400);
    const guarded = await visitor().get(PATH);
    expect(guarded.status).toBe(302);
    expect(guarded.headers.get("Location")).toContain("/login");
    expect((await visitor().get("/Logo.jpg")).status).toBe(200);

    // An admin signs in during maintenance and browses normally, with the banner everywhere.
    const late = await visitor().post("/login", {
      email: DEMO_ADMIN_EMAIL,
      password: "Admin-Tienda-2026",
    });
    expect(late.status).toBe(302);
    for (const path of ["/", "/productos", "/checkout", "/aviso-legal", PATH]) {
      const response = await admin.get(path);
      expect(response.status, path).toBe(200);
      expect(textOf(await response.text()), path).toContain(
        "La tienda está en modo mantenimiento.",
      );
    }

    const off = await saved({ intent: "maintenance" });
    expect(off.status).toBe(302);
    const open = await visitor().get("/");
    expect(open.status).toBe(200);
    expect(open.headers.get("Retry-After")).toBeNull();
    expect(textOf(await open.text())).not.toContain("Estamos en mantenimiento");
    expect((await customer.get("/perfil")).status).toBe(200);
    expect(textOf(await (await admin.get("/")).text())).not.toContain(
      "La tienda está en modo mantenimiento.",
    );
  });
});

describe("payments", () => {
  it("without Stripe: the built-in test payment is active", async () => {
    const text = textOf(await adminPage());
    expect(text).toContain("Pago de prueba integrado activo.");
  });

  it("the status says the mode from the key's prefix, never the key", () => {
    expect(
      paymentStatus({ STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_x" }),
    ).toEqual({ provider: "stripe", mode: "live", webhookSecretSet: true });
    expect(
      paymentStatus({ STRIPE_SECRET_KEY: "rk_test_abc", STRIPE_WEBHOOK_SECRET: undefined }),
    ).toEqual({ provider: "stripe", mode: "test", webhookSecretSet: false });
    expect(paymentStatus({ STRIPE_SECRET_KEY: "abc", STRIPE_WEBHOOK_SECRET: "whsec_x" }).mode).toBe(
      "unknown",
    );
    expect(
      paymentStatus({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined }),
    ).toEqual({ provider: "test", mode: "test", webhookSecretSet: false });
  });

  describe("with a Stripe key", () => {
    const random = () => crypto.randomUUID().replace(/-/g, "");
    const key = `sk_test_${random()}`;
    const webhookSecret = `whsec_${random()}`;
    let stripeServer: TestServer;
    beforeAll(async () => {
      stripeServer = await startServer({
        seed: true,
        // The demo admin has no second factor, mandatory by default with real payments.
        env: {
          STRIPE_SECRET_KEY: key,
          STRIPE_WEBHOOK_SECRET: webhookSecret,
          ADMIN_REQUIRE_2FA: "false",
        },
      });
    });
    afterAll(async () => {
      await stripeServer?.stop();
    });

    it("shows Stripe in test mode with the webhook secret set, and no part of either secret", async () => {
      const { admin: stripeAdmin } = await demoSessions(stripeServer.url);
      const response = await stripeAdmin.get(PATH);
      const html = await response.text();
      const text = textOf(html);
      expect(text).toContain("Stripe Checkout");
      expect(text).toContain("modo de pruebas de Stripe");
      expect(text).toContain("Secreto del webhook configurado");
      for (const secret of [key, webhookSecret]) {
        const body = secret.replace(/^(sk_test_|whsec_)/, "");
        // No 8-character piece of either (random) secret appears anywhere in the page.
        for (let i = 0; i + 8 <= body.length; i += 1) {
          expect(html).not.toContain(body.slice(i, i + 8));
        }
      }
    });
  });
});

describe("activity log", () => {
  it("every save left one line with who and what; refused ones none", async () => {
    await server.stop({ cleanup: false });
    const database = await openDatabase({
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl,
      DATABASE_POOL_MAX: 1,
    });
    try {
      const rows = await database.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.entityType, "settings")))
        .orderBy(desc(activityLog.id));
      expect(rows.every((row) => row.actorEmail === DEMO_ADMIN_EMAIL)).toBe(true);
      expect(rows.every((row) => row.action === "update")).toBe(true);
      const summaries = rows.map((row) => plain(row.summary));
      expect(summaries).toContain("Modo mantenimiento activado");
      expect(summaries).toContain("Modo mantenimiento desactivado");
      expect(summaries).toContain(
        "Configuración general actualizada: nombre «Bazar Ejemplo», logo por dirección",
      );
      expect(summaries).toContain(
        "Configuración general actualizada: nombre «Bazar Ejemplo», logo subido",
      );
      expect(summaries).toContain("Datos legales actualizados: Bazar Ejemplo S.L. (B12345674)");
      expect(summaries).toContain(
        "Envíos actualizados. Península: 3,50 €, nunca gratis; Islas Baleares: 9,95 €, gratis desde 100,00 €; Islas Canarias: 14,95 €, nunca gratis; Ceuta: 14,95 €, nunca gratis; Melilla: 14,95 €, nunca gratis",
      );
      expect(new Set(rows.map((row) => row.entityId))).toEqual(
        new Set(["general", "legal", "shipping", "maintenance"]),
      );
      // Refused saves wrote nothing: one line per successful save of this file.
      expect(rows).toHaveLength(14);
    } finally {
      await database.close();
    }
  });
});
