import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PASSWORD,
  DEMO_REVIEWS,
  DEMO_USERS,
} from "~/db/seed/demo-data";
import { textOf } from "../helpers/html";
import { BrowserClient } from "../helpers/browser-client";
import { linkIn, readOutbox, waitForMail } from "../helpers/mail";
import { startServer, type TestServer } from "../helpers/server";

const PATH = "/rese%C3%B1as";
const INCOMPLETE = "Por favor, completa la valoración y el comentario.";

let server: TestServer;
let visitor: BrowserClient;
let customer: BrowserClient;
let admin: BrowserClient;

async function signedIn(email: string, password: string) {
  const client = new BrowserClient(server.url);
  const response = await client.post("/login", { email, password, redirectTo: PATH });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(PATH);
  await client.get(PATH); // consumes the welcome toast
  return client;
}

beforeAll(async () => {
  server = await startServer({ seed: true });
  visitor = new BrowserClient(server.url);
  customer = await signedIn(DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD);
  admin = await signedIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
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

interface ShownReview {
  name: string;
  rating: number;
  comment: string;
  /** The review's id, from the admin's delete form (admins only). */
  id?: number;
}

/** The reviews of a rendered /reseñas page, in page order. */
function reviewsIn(html: string): ShownReview[] {
  return [...html.matchAll(/<article\b[^>]*>([\s\S]*?)<\/article>/g)].map(([, body]) => {
    const paragraphs = [...body!.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)];
    const id = /name="reviewId" value="(\d+)"/.exec(body!)?.[1];
    return {
      name: unescape(/<h3\b[^>]*>([\s\S]*?)<\/h3>/.exec(body!)![1]!),
      rating: Number(/aria-label="Valoración: (\d) de 5"/.exec(body!)![1]),
      comment: unescape(paragraphs.at(-1)![1]!),
      ...(id ? { id: Number(id) } : {}),
    };
  });
}

async function page(client: BrowserClient) {
  const response = await client.get(PATH);
  expect(response.status).toBe(200);
  return response.text();
}

async function shownReviews(client: BrowserClient = visitor) {
  return reviewsIn(await page(client));
}

const publish = (client: BrowserClient, fields: Record<string, string>) =>
  client.post(PATH, { intent: "create", ...fields });

const nameOf = (email: string) => DEMO_USERS.find((u) => u.email === email)!.name;

describe("/reseñas", () => {
  it("lists the shop-wide demo reviews newest first, with names, stars and comments", async () => {
    const expected = DEMO_REVIEWS.filter((r) => !r.product)
      .sort((a, b) => a.daysAgo - b.daysAgo)
      .map((r) => ({ name: nameOf(r.author), rating: r.rating, comment: r.comment }));
    expect(await shownReviews()).toEqual(expected);
    const html = await page(visitor);
    for (const review of DEMO_REVIEWS.filter((r) => r.product)) {
      expect(html).not.toContain(review.comment);
    }
  });

  it("answers on any percent-encoding of the path and has the back link and title", async () => {
    expect((await visitor.get("/rese%c3%b1as")).status).toBe(200);
    expect((await visitor.get("/reseñas")).status).toBe(200);
    const html = await page(visitor);
    expect(html).toMatch(/<h1\b[^>]*>Opiniones de clientes<\/h1>/);
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>.*Volver al inicio<\/a>/);
  });

  it("says how reviews are treated, and claims no purchase it does not check (TRLGDCU art. 20.3, LCD art. 27.7)", async () => {
    for (const path of [PATH, "/"]) {
      const text = textOf(await (await visitor.get(path)).text());
      expect(text).toContain(
        "Cómo tratamos las reseñas: puede publicarlas cualquier persona con una cuenta y el correo electrónico confirmado, y salen en el momento, tal como se escriben. No comprobamos que quien opina haya comprado o usado el producto. La tienda puede retirar una reseña, pero nunca la modifica.",
      );
      expect(text).not.toMatch(/han comprado|compra verificada/i);
    }
  });

  it("asks a visitor to sign in, with a link back here, and lets shared caches keep the page", async () => {
    const response = await visitor.get(PATH);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    const html = await response.text();
    expect(html).toContain("Debes iniciar sesión para dejar una reseña.");
    const href = /href="(\/login\?redirectTo=[^"]+)"/.exec(html)?.[1];
    expect(href).toBeDefined();
    expect(new URL(href!, server.url).searchParams.get("redirectTo")).toBe(PATH);
    expect(html).not.toContain("Escribir una reseña");
    expect(html).not.toContain("Borrar la reseña");
    expect(html).not.toContain("Resumen (solo administradores)");
  });

  it("shows the admin the average rating with one decimal and the count; nobody else", async () => {
    const shopWide = DEMO_REVIEWS.filter((r) => !r.product);
    const average = shopWide.reduce((sum, r) => sum + r.rating, 0) / shopWide.length;
    const formatted = average.toLocaleString("es-ES", {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    expect(formatted).toBe("4,3");

    const adminPage = unescape(await page(admin));
    expect(adminPage).toContain("Resumen (solo administradores)");
    expect(adminPage).toMatch(new RegExp(`>${formatted}</span>`));
    expect(adminPage).toContain(`${shopWide.length} reseñas`);
    expect(adminPage.match(/aria-label="Borrar la reseña de /g)).toHaveLength(shopWide.length);

    const customerPage = unescape(await page(customer));
    expect(customerPage).not.toContain("Resumen (solo administradores)");
    expect(customerPage).not.toContain(`${shopWide.length} reseñas`);
    expect(customerPage).not.toContain("Borrar la reseña");
    expect(customerPage).toContain("Escribir una reseña");
  });

  it("never puts a customer's account into a page a shared cache may keep", async () => {
    await new BrowserClient(server.url).get(PATH); // a visitor's copy: the page is shareable
    const response = await customer.get(PATH);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(await response.text()).not.toContain(DEMO_CUSTOMER_EMAIL);
    const personal = await customer.get("/sesion");
    expect(personal.headers.get("Cache-Control")).toBe("private, no-store");
    expect(((await personal.json()) as { user: { email: string } }).user.email).toBe(
      DEMO_CUSTOMER_EMAIL,
    );
  });
});

describe("publishing a review", () => {
  it("puts a customer's review first, under their name, with '¡Gracias!'", async () => {
    const comment = `Atención de diez, repetiré. (${Date.now()})`;
    const response = await publish(customer, { rating: "4", comment: `  ${comment}  ` });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PATH);
    const html = await page(customer);
    expect(html).toContain("¡Gracias!");
    expect(html).toContain("Tu reseña ha sido publicada.");
    expect((await shownReviews())[0]).toEqual({
      name: nameOf(DEMO_CUSTOMER_EMAIL),
      rating: 4,
      comment,
    });
  });

  it("shows a comment as text, never as markup", async () => {
    const comment = '<img src=x onerror="alert(1)"> <script>alert(2)</script>';
    expect((await publish(customer, { rating: "5", comment })).status).toBe(302);
    const html = await page(visitor);
    expect(html).not.toContain("<script>alert(2)</script>");
    expect(html).not.toContain("<img src=x");
    expect((await shownReviews())[0]!.comment).toBe(comment);
  });

  it.each([
    ["a blank comment", { rating: "4", comment: "   " }],
    ["no comment", { rating: "4" }],
    ["a rating of 0", { rating: "0", comment: "Bien." }],
    ["a rating of 6", { rating: "6", comment: "Bien." }],
    ["no rating", { comment: "Bien." }],
  ])("refuses %s with 400 and the Spanish message, storing nothing", async (_, fields) => {
    const before = (await shownReviews()).length;
    const response = await publish(customer, fields);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(INCOMPLETE);
    expect((await shownReviews()).length).toBe(before);
  });

  it("refuses a comment over 2000 characters", async () => {
    const before = (await shownReviews()).length;
    const response = await publish(customer, { rating: "5", comment: "a".repeat(2001) });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("El comentario no puede superar los 2000 caracteres.");
    expect((await shownReviews()).length).toBe(before);
  });

  it("refuses a visitor with 401 and stores nothing", async () => {
    const before = await shownReviews();
    const response = await publish(visitor, { rating: "5", comment: "Sin cuenta." });
    expect(response.status).toBe(401);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toContain("Debes iniciar sesión para dejar una reseña.");
    expect(await shownReviews()).toEqual(before);
  });

  it("allows 5 reviews per user and hour, then answers 429", async () => {
    const client = new BrowserClient(server.url);
    const email = `prolifico.${Date.now()}@ejemplo.es`;
    const password = "Berenjena-Asada-71";
    expect(
      (
        await client.post("/registro", {
          fullName: "Pablo Prolífico",
          email,
          password,
          confirmPassword: password,
          acceptTerms: "on",
        })
      ).status,
    ).toBe(302);
    // Reviews need a confirmed e-mail (ADR 0009): follow the link the shop wrote to its outbox.
    const mail = await waitForMail(() => readOutbox(server.dataDir), email, /^Confirma tu correo/);
    const link = linkIn(mail, server.url, "/verificar-correo");
    expect((await client.get(link.slice(server.url.length))).status).toBe(302);
    expect((await client.post("/login", { email, password })).status).toBe(302);
    for (let i = 1; i <= 5; i += 1) {
      expect((await publish(client, { rating: "5", comment: `Reseña ${i}` })).status).toBe(302);
    }
    const before = (await shownReviews()).length;
    const sixth = await publish(client, { rating: "5", comment: "Reseña 6" });
    expect(sixth.status).toBe(429);
    expect(await sixth.text()).toContain("Has publicado varias reseñas en poco tiempo.");
    expect((await shownReviews()).length).toBe(before);
    expect((await shownReviews())[0]).toMatchObject({
      name: "Pablo Prolífico",
      comment: "Reseña 5",
    });
  });
});

describe("deleting a review", () => {
  it.each([
    ["a customer", () => customer],
    ["a visitor", () => visitor],
  ])("is refused to %s with 403 'Acción no permitida'", async (_, client) => {
    const target = (await shownReviews(admin))[0]!;
    const response = await client().post(PATH, { intent: "delete", reviewId: String(target.id) });
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain("Acción no permitida");
    expect(html).toContain("Solo los administradores pueden eliminar reseñas.");
    expect(html).toContain("No tienes permisos para borrar reseñas.");
    expect((await shownReviews(admin))[0]).toEqual(target);
  });

  it("lets the admin delete one, with 'Reseña borrada'", async () => {
    const before = await shownReviews(admin);
    const target = before[1]!;
    const response = await admin.post(PATH, { intent: "delete", reviewId: String(target.id) });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PATH);
    const html = await page(admin);
    expect(html).toContain("Reseña borrada");
    const after = reviewsIn(html);
    expect(after).toEqual(before.filter((r) => r.id !== target.id));
    expect(unescape(html)).toContain(`${after.length} reseñas`);
  });

  it("tells the admin when the review no longer exists", async () => {
    const response = await admin.post(PATH, { intent: "delete", reviewId: "999999" });
    expect(response.status).toBe(302);
    expect(await page(admin)).toContain("No se pudo eliminar la reseña. Ya no existe.");
  });
});
