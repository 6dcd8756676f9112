import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_PRODUCTS,
  type DemoProduct,
} from "~/db/seed/demo-data";
import type { DatabaseHandle } from "~/db/client.server";
import { COMMON_PASSWORD_MESSAGE } from "~/modules/accounts/schemas";
import {
  CURRENT_PASSWORD_REQUIRED,
  DELETE_PASSWORD_REQUIRED,
  PASSWORDS_DIFFER,
  SAME_PASSWORD,
  SETTINGS_MESSAGES,
} from "~/modules/accounts/settings-schemas";
import { BrowserClient } from "../helpers/browser-client";
import { inputValue, isChecked, textOf } from "../helpers/html";
import { startServer, withStoppedServer, type TestServer } from "../helpers/server";
import { signedIn } from "../helpers/sessions";

/*
 * The customer's account area: the /perfil guard and its way back after signing in,
 * the settings forms (profile, preferences, password), the favourites page, and the RGPD
 * export and deletion. Every account here is registered by the test itself.
 */

const PASSWORD = "Cebolla-Morada-93";
const NEW_PASSWORD = "Remolacha-Asada-57";
const SETTINGS = "/perfil/configuracion";
const FAVORITES = "/perfil/favoritos";
const EXPORT = "/perfil/mis-datos";
const REVIEW_COMMENT = "Reseña de prueba que debe sobrevivir al borrado de la cuenta.";

// The seed inserts DEMO_PRODUCTS in order: the product at index i has id i + 1.
const visible = DEMO_PRODUCTS.filter((p) => !p.hidden);
const idOf = (product: DemoProduct) => DEMO_PRODUCTS.indexOf(product) + 1;

let server: TestServer;
let counter = 0;

interface Account {
  email: string;
  password: string;
  client: BrowserClient;
}

async function register(fullName = "Rosa Vidal Pons", options: { marketing?: boolean } = {}) {
  counter += 1;
  const email = `perfil.${Date.now()}.${counter}@ejemplo.es`;
  const response = await new BrowserClient(server.url).post("/registro", {
    fullName,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: "on",
    ...(options.marketing ? { marketingOptIn: "on" } : {}),
  });
  expect(response.status).toBe(302);
  return email;
}

async function newAccount(fullName?: string, options?: { marketing?: boolean }): Promise<Account> {
  const email = await register(fullName, options);
  return { email, password: PASSWORD, client: await signedIn(server.url, email, PASSWORD) };
}

async function html(client: BrowserClient, path: string) {
  const response = await client.get(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** Posts a settings form and returns the answer. */
function post(client: BrowserClient, fields: Record<string, string>, path = SETTINGS) {
  return client.post(path, fields);
}

/** The page a redirect leads to (which shows the toast it carried). */
async function follow(client: BrowserClient, response: Response) {
  expect(response.status).toBe(302);
  return html(client, response.headers.get("Location")!);
}

/**
 * Stops the server, hands its database to `work`, and starts it again on the same data. The
 * new process listens on another port: `moved` clients keep their cookies (sessions live in
 * the database) and are pointed at it.
 */
async function withDatabase(
  work: (db: DatabaseHandle["db"]) => Promise<void>,
  moved: Account[] = [],
) {
  server = await withStoppedServer(server, work);
  for (const account of moved) account.client = account.client.movedTo(server.url);
}

async function userIdOf(db: DatabaseHandle["db"], email: string) {
  const [row] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, email));
  return row?.id;
}

/** The product ids of the cards of /perfil/favoritos, in page order. */
async function favoriteIds(client: BrowserClient) {
  const page = await html(client, FAVORITES);
  // The remove forms only (each card also has an add-to-cart form with a productId).
  return [
    ...page.matchAll(
      /name="intent" value="remove"\/><input type="hidden" name="productId" value="(\d+)"/g,
    ),
  ].map((m) => Number(m[1]));
}

beforeAll(async () => {
  server = await startServer({ seed: true });
});
afterAll(async () => {
  await server?.stop();
});

describe("the /perfil guard", () => {
  it("sends a visitor to sign in and back to the page asked for", async () => {
    const email = await register();
    const client = new BrowserClient(server.url);
    const path = `${FAVORITES}?orden=reciente`;
    const guarded = await client.get(path);
    expect(guarded.status).toBe(302);
    const loginUrl = guarded.headers.get("Location")!;
    expect(loginUrl).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);

    // The login page carries the destination in its form, and the sign-in goes there.
    const loginPage = await html(client, loginUrl);
    expect(inputValue(loginPage, "redirectTo")).toBe(path);
    const login = await client.post("/login", { email, password: PASSWORD, redirectTo: path });
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe(path);
    expect(await html(client, path)).toContain("Mis Favoritos");
  });

  it("never sends anyone off-site after signing in", async () => {
    const email = await register();
    for (const evil of [
      "//malicioso.example/perfil",
      "https://malicioso.example",
      "/\\x.example",
    ]) {
      const client = new BrowserClient(server.url);
      const page = await html(client, `/login?redirectTo=${encodeURIComponent(evil)}`);
      expect(page).toContain("Iniciar sesión");
      const login = await client.post("/login", { email, password: PASSWORD, redirectTo: evil });
      expect(login.headers.get("Location"), evil).toBe("/");
    }
  });

  it("refuses a visitor's posts and downloads, and changes nothing", async () => {
    const visitor = new BrowserClient(server.url);
    for (const [path, fields] of [
      [SETTINGS, { intent: "delete-account", password: PASSWORD }],
      [FAVORITES, { intent: "remove", productId: "1" }],
    ] as const) {
      const response = await visitor.post(path, fields);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(
        `/login?redirectTo=${encodeURIComponent(path)}`,
      );
    }
    const download = await visitor.get(EXPORT);
    expect(download.status).toBe(302);
    expect(download.headers.get("Location")).toContain("/login");
  });

  it("keeps personal pages out of every cache, and out of search engines", async () => {
    const { client } = await newAccount();
    for (const path of ["/perfil", SETTINGS, FAVORITES, "/perfil/pedidos"]) {
      const response = await client.get(path);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
      expect(await response.text()).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it("draws the shell: the four sections and a sign-out form", async () => {
    const { client } = await newAccount();
    const page = await html(client, "/perfil/pedidos");
    const nav = /<nav aria-label="Mi cuenta">([\s\S]*?)<\/nav>/.exec(page)![1]!;
    for (const [href, label] of [
      ["/perfil", "Mi Perfil"],
      ["/perfil/pedidos", "Mis Pedidos"],
      ["/perfil/favoritos", "Mis Favoritos"],
      ["/perfil/configuracion", "Configuración"],
    ]) {
      expect(nav).toMatch(new RegExp(`href="${href}"[^>]*>.*?${label}`));
    }
    expect(nav).toMatch(/<form[^>]*action="\/logout"[\s\S]*Cerrar sesión/);
    expect(/<form[^>]*action="\/logout"[^>]*>/.exec(nav)![0]).toMatch(/method="post"/);
    expect(textOf(page)).toContain("Aún no has realizado ningún pedido.");
  });
});

describe("personal information", () => {
  it("shows the name, the e-mail read-only and the initials, on /perfil and /perfil/configuracion", async () => {
    const { client, email } = await newAccount("Rosa Vidal Pons");
    const pages: [path: string, title: string][] = [
      ["/perfil", "Mi Perfil"],
      [SETTINGS, "Configuración"],
    ];
    for (const [path, title] of pages) {
      const page = await html(client, path);
      expect(page).toContain(`<title>${title} · Tienda</title>`);
      expect(inputValue(page, "fullName")).toBe("Rosa Vidal Pons");
      // The e-mail is shown in a read-only field without a name: it is never submitted.
      const emailInput = /<input[^>]*id="perfil-email"[^>]*>/.exec(page)![0];
      expect(emailInput).toContain(`value="${email}"`);
      expect(emailInput).toMatch(/readonly=""/i);
      expect(emailInput).not.toContain("name=");
      expect(page).toMatch(/<span aria-hidden="true"[^>]*>RP<\/span>/);
    }
  });

  it("ties every field to its own form (each form attribute names exactly one <form>)", async () => {
    const { client } = await newAccount();
    const page = await html(client, `${SETTINGS}?eliminar-cuenta`);
    const owners = new Set([...page.matchAll(/\sform="([^"]+)"/g)].map((m) => m[1]!));
    expect([...owners].sort()).toEqual(["contrasena", "eliminar-cuenta", "perfil", "preferencias"]);
    for (const id of owners) {
      const withId = [...page.matchAll(new RegExp(`<(\\w+)[^>]*\\sid="${id}"`, "g"))];
      expect(
        withId.map((m) => m[1]),
        id,
      ).toEqual(["form"]);
    }
  });

  it("saves the name with 'Perfil Actualizado', and ignores an e-mail sent along", async () => {
    const { client, email } = await newAccount();
    const response = await post(client, {
      intent: "profile",
      fullName: "  Rosa María Vidal  ",
      email: "otra@ejemplo.es",
    });
    expect(response.headers.get("Location")).toBe(SETTINGS);
    const page = await follow(client, response);
    expect(page).toContain(SETTINGS_MESSAGES.profileSaved);
    expect(inputValue(page, "fullName")).toBe("Rosa María Vidal");
    expect(page).toContain(email);
    expect(page).not.toContain("otra@ejemplo.es");
    // The header greets the user by the new name.
    expect((await html(client, "/")).includes("Rosa María Vidal")).toBe(true);
  });

  it.each([
    ["an empty name", { fullName: "   " }, "El nombre completo es obligatorio."],
    [
      "a long name",
      { fullName: "x".repeat(101) },
      "El nombre no puede superar los 100 caracteres.",
    ],
  ])(
    "refuses %s with 'No se pudo actualizar tu perfil', keeping what was typed",
    async (_, override, message) => {
      const { client } = await newAccount("Nombre Original");
      const fields = { intent: "profile", ...override };
      const response = await post(client, fields);
      expect(response.status).toBe(400);
      const page = await response.text();
      expect(page).toContain(SETTINGS_MESSAGES.profileSaveFailed);
      expect(textOf(page)).toContain(message);
      // What was typed is still in the form…
      expect(inputValue(page, "fullName")).toBe(fields.fullName);
      // …and nothing was saved.
      expect(inputValue(await html(client, SETTINGS), "fullName")).toBe("Nombre Original");
    },
  );
});

describe("communication preferences", () => {
  it("shows the choice made at registration", async () => {
    const opted = await newAccount(undefined, { marketing: true });
    let page = await html(opted.client, SETTINGS);
    expect(isChecked(page, "receiveMarketingEmails")).toBe(true);
    expect(isChecked(page, "receiveNewsletter")).toBe(true);
    const plain = await newAccount();
    page = await html(plain.client, SETTINGS);
    expect(isChecked(page, "receiveMarketingEmails")).toBe(false);
    expect(isChecked(page, "receiveNewsletter")).toBe(false);
  });

  it("saves each change with 'Preferencias Guardadas' (one row, updated in place)", async () => {
    const { client } = await newAccount();
    let page = await follow(
      client,
      await post(client, { intent: "preferences", receiveMarketingEmails: "on" }),
    );
    expect(page).toContain(SETTINGS_MESSAGES.preferencesSaved);
    expect(isChecked(page, "receiveMarketingEmails")).toBe(true);
    expect(isChecked(page, "receiveNewsletter")).toBe(false);

    page = await follow(
      client,
      await post(client, { intent: "preferences", receiveNewsletter: "on" }),
    );
    expect(page).toContain(SETTINGS_MESSAGES.preferencesSaved);
    expect(isChecked(page, "receiveMarketingEmails")).toBe(false);
    expect(isChecked(page, "receiveNewsletter")).toBe(true);
  });

  it("answers an unknown form with 'Error General' and changes nothing", async () => {
    const { client } = await newAccount(undefined, { marketing: true });
    const response = await post(client, { intent: "nada", receiveMarketingEmails: "" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(SETTINGS_MESSAGES.generalError);
    expect(isChecked(await html(client, SETTINGS), "receiveMarketingEmails")).toBe(true);
  });
});

const passwordFields = (overrides: Record<string, string> = {}) => ({
  intent: "password",
  currentPassword: PASSWORD,
  newPassword: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
  ...overrides,
});

async function canSignIn(email: string, password: string) {
  const response = await new BrowserClient(server.url).post("/login", { email, password });
  return response.status === 302;
}

describe("password change", () => {
  it.each([
    [
      "a wrong current password",
      { currentPassword: "No-Es-La-Mia-1" },
      SETTINGS_MESSAGES.wrongCurrentPassword,
    ],
    ["no current password", { currentPassword: "" }, CURRENT_PASSWORD_REQUIRED],
    [
      "a short new password",
      { newPassword: "Corta-1", confirmPassword: "Corta-1" },
      "La contraseña debe tener al menos 8 caracteres.",
    ],
    [
      "a common new password",
      { newPassword: "password123", confirmPassword: "password123" },
      COMMON_PASSWORD_MESSAGE,
    ],
    ["a mismatched confirmation", { confirmPassword: "Remolacha-Cruda-57" }, PASSWORDS_DIFFER],
    [
      "the same password again",
      { newPassword: PASSWORD, confirmPassword: PASSWORD },
      SAME_PASSWORD,
    ],
  ])("refuses %s with 'No se pudo cambiar la contraseña'", async (_, override, message) => {
    const { client, email } = await newAccount();
    const fields = passwordFields(override);
    const response = await post(client, fields);
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain(SETTINGS_MESSAGES.passwordChangeFailed);
    expect(textOf(page)).toContain(message);
    // No password is ever sent back in the page.
    const typed = [fields.currentPassword, fields.newPassword, fields.confirmPassword];
    for (const value of typed.filter((v) => v.length >= 8)) {
      expect(page).not.toContain(value);
    }
    // The password did not change.
    expect(await canSignIn(email, PASSWORD)).toBe(true);
    if (fields.newPassword !== PASSWORD) {
      expect(await canSignIn(email, fields.newPassword)).toBe(false);
    }
  });

  it("changes it with 'Contraseña Actualizada' and ends the other sessions only", async () => {
    const { client, email } = await newAccount();
    const otherDevice = await signedIn(server.url, email, PASSWORD);
    const before = client.sessionToken();

    const response = await post(client, passwordFields());
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(SETTINGS);
    // This browser gets a new session…
    expect(client.sessionToken()).toBeDefined();
    expect(client.sessionToken()).not.toBe(before);
    const page = await follow(client, response);
    expect(page).toContain(SETTINGS_MESSAGES.passwordChanged);
    // …and every other session ends.
    const stale = await otherDevice.get(SETTINGS);
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toContain("/login");

    expect(await canSignIn(email, PASSWORD)).toBe(false);
    expect(await canSignIn(email, NEW_PASSWORD)).toBe(true);
  });

  it("stops guessing after five wrong current passwords", async () => {
    const { client, email } = await newAccount();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await post(client, passwordFields({ currentPassword: `Intento-${i}-Malo` }))).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right password waits now.
    const blocked = await post(client, passwordFields());
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Demasiados intentos");
    expect(await canSignIn(email, PASSWORD)).toBe(true);
  });
});

describe("favourites page", () => {
  it("shows the empty state with a way to the catalogue", async () => {
    const { client } = await newAccount();
    const page = await html(client, FAVORITES);
    expect(textOf(page)).toContain("Todavía no tienes productos favoritos.");
    expect(page).toMatch(/href="\/productos"[^>]*>Explorar productos/);
  });

  it("lists the favourites newest first, and removes one with 'Eliminado de Favoritos'", async () => {
    const { client } = await newAccount();
    const [first, second, third] = visible.slice(0, 3).map(idOf);
    for (const productId of [first, second, third]) {
      const added = await client.post("/favoritos", {
        productId: String(productId),
        intent: "add",
      });
      expect(added.status).toBe(200);
    }
    expect(await favoriteIds(client)).toEqual([third, second, first]);
    const page = await html(client, FAVORITES);
    expect(page).toContain(visible[0]!.name);
    // A remove button and an add-to-cart button per card (spec §2 favoritos).
    expect(page.match(/Quitar de favoritos/g)).toHaveLength(3);
    const cards = [...page.matchAll(/<article\b[\s\S]*?<\/article>/g)].map(([card]) => card);
    expect(cards).toHaveLength(3);
    for (const card of cards) expect(card.match(/Añadir al carrito/g)).toHaveLength(1);

    const removed = await client.post(FAVORITES, { intent: "remove", productId: String(second) });
    expect(removed.headers.get("Location")).toBe(FAVORITES);
    const after = await follow(client, removed);
    expect(after).toContain("Eliminado de Favoritos");
    expect(await favoriteIds(client)).toEqual([third, first]);
  });

  it("answers a bad request with 'No se pudo eliminar el producto de favoritos'", async () => {
    const { client } = await newAccount();
    const productId = idOf(visible[3]!);
    await client.post("/favoritos", { productId: String(productId), intent: "add" });
    for (const fields of [
      { intent: "remove", productId: "abc" },
      { intent: "remove" },
      { intent: "borrar", productId: String(productId) },
    ]) {
      const response = await client.post(FAVORITES, fields as Record<string, string>);
      const page = await follow(client, response);
      expect(page, JSON.stringify(fields)).toContain(
        "No se pudo eliminar el producto de favoritos",
      );
    }
    expect(await favoriteIds(client)).toEqual([productId]);
  });

  it("only ever removes the user's own favourite", async () => {
    const owner = await newAccount();
    const other = await newAccount();
    const productId = idOf(visible[4]!);
    await owner.client.post("/favoritos", { productId: String(productId), intent: "add" });
    await other.client.post(FAVORITES, { intent: "remove", productId: String(productId) });
    expect(await favoriteIds(owner.client)).toEqual([productId]);
  });
});

describe("privacy: download my data and delete my account", () => {
  let owner: Account;
  /** The same account signed in on another device. */
  let otherDevice: Account;
  let ownerId: string;
  let favoriteName: string;
  /** Values that must never leave the server: session tokens and the password hash. */
  const secrets: string[] = [];

  beforeAll(async () => {
    owner = await newAccount("Teresa Gil Mora", { marketing: true });
    otherDevice = { ...owner, client: await signedIn(server.url, owner.email, owner.password) };
    const favorite = visible[5]!;
    favoriteName = favorite.name;
    const added = await owner.client.post("/favoritos", {
      productId: String(idOf(favorite)),
      intent: "add",
    });
    expect(added.status).toBe(200);
    await withDatabase(
      async (db) => {
        ownerId = (await userIdOf(db, owner.email))!;
        await db.insert(schema.reviews).values({
          userId: ownerId,
          rating: 4,
          comment: REVIEW_COMMENT,
          userName: "Teresa Gil Mora",
        });
        const tokens = await db
          .select({ token: schema.sessions.token })
          .from(schema.sessions)
          .where(eq(schema.sessions.userId, ownerId));
        const [credential] = await db
          .select({ password: schema.accounts.password })
          .from(schema.accounts)
          .where(eq(schema.accounts.userId, ownerId));
        secrets.push(...tokens.map((t) => t.token), credential!.password!);
      },
      [owner, otherDevice],
    );
    expect(secrets.length).toBeGreaterThanOrEqual(3);
  });

  it("downloads everything stored about the user as a JSON file, without secrets", async () => {
    const response = await owner.client.get(EXPORT);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="tienda-mis-datos-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();
    const exported = JSON.parse(text);
    expect(exported.cuenta).toMatchObject({
      id: ownerId,
      correoElectronico: owner.email,
      nombreCompleto: "Teresa Gil Mora",
      rol: "customer",
      activa: true,
    });
    expect(exported.preferenciasDeComunicacion).toMatchObject({
      recibirCorreosConOfertas: true,
      recibirNewsletter: true,
    });
    expect(exported.favoritos).toEqual([
      expect.objectContaining({ producto: favoriteName, productoId: idOf(visible[5]!) }),
    ]);
    expect(exported.reseñas).toEqual([
      expect.objectContaining({ valoracion: 4, comentario: REVIEW_COMMENT }),
    ]);
    // Both sessions, this one marked, with their metadata but not their tokens.
    expect(exported.sesiones).toHaveLength(2);
    expect(exported.sesiones.filter((s: { esEstaSesion: boolean }) => s.esEstaSesion)).toHaveLength(
      1,
    );
    expect(exported.metodosDeAcceso).toEqual([
      expect.objectContaining({ tipo: "Correo electrónico y contraseña" }),
    ]);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"(token|password|accessToken|refreshToken|idToken)"/i);
    expect(text).not.toContain("$argon2");
  });

  it("offers the deletion in a dialog that asks for the password", async () => {
    const page = await html(owner.client, `${SETTINGS}?eliminar-cuenta`);
    expect(page).toMatch(/role="dialog"/);
    expect(page).toContain("¿Eliminar tu cuenta?");
    expect(page).toMatch(
      /<input[^>]*type="password"[^>]*name="password"|<input[^>]*name="password"[^>]*type="password"/,
    );
    expect(await html(owner.client, SETTINGS)).not.toMatch(/role="dialog"/);
  });

  it.each([
    ["a wrong password", "No-Es-La-Mia-1", SETTINGS_MESSAGES.wrongPassword],
    ["no password", "", DELETE_PASSWORD_REQUIRED],
  ])("refuses %s and deletes nothing", async (_, password, message) => {
    const response = await post(
      owner.client,
      { intent: "delete-account", password },
      `${SETTINGS}?eliminar-cuenta`,
    );
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain(SETTINGS_MESSAGES.accountDeleteFailed);
    expect(textOf(page)).toContain(message);
    expect(page).toMatch(/role="dialog"/); // the dialog stays open with the error
    expect((await owner.client.get(SETTINGS)).status).toBe(200);
  });

  it("deletes the account, signs out everywhere and keeps the reviews anonymous", async () => {
    const response = await post(owner.client, {
      intent: "delete-account",
      password: owner.password,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(owner.client.sessionToken()).toBeUndefined();
    const home = await html(owner.client, "/");
    expect(home).toContain(SETTINGS_MESSAGES.accountDeleted);

    expect((await owner.client.get(SETTINGS)).headers.get("Location")).toContain("/login");
    expect((await otherDevice.client.get(SETTINGS)).headers.get("Location")).toContain("/login");
    expect(await canSignIn(owner.email, owner.password)).toBe(false);

    const reviews = textOf(await html(new BrowserClient(server.url), "/rese%C3%B1as"));
    expect(reviews).toContain(REVIEW_COMMENT);
    expect(reviews).not.toContain("Teresa Gil Mora");

    await withDatabase(async (db) => {
      const left = async (table: string, column = "user_id") => {
        const result = (await db.execute(
          sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${ownerId}`,
        )) as unknown as { rows: { n: string | number }[] };
        return Number(result.rows[0]!.n);
      };
      expect(await left("users", "id")).toBe(0);
      expect(await left("sessions")).toBe(0);
      expect(await left("accounts")).toBe(0);
      expect(await left("user_favorites")).toBe(0);
      expect(await left("user_preferences")).toBe(0);
      const [kept] = await db
        .select()
        .from(schema.reviews)
        .where(eq(schema.reviews.comment, REVIEW_COMMENT));
      expect(kept).toMatchObject({ userId: null, userName: null, avatarText: null, rating: 4 });
    });
  });

  it("never lets the last active admin delete itself", async () => {
    const admin = await signedIn(server.url, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    const response = await post(admin, { intent: "delete-account", password: DEMO_ADMIN_PASSWORD });
    expect(response.status).toBe(409);
    const page = await response.text();
    expect(page).toContain(SETTINGS_MESSAGES.accountDeleteFailed);
    expect(textOf(page)).toContain("No se puede eliminar la única cuenta de administrador activa");
    expect((await admin.get("/admin/dashboard")).status).toBe(200);
    expect(await canSignIn(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).toBe(true);
  });
});

describe("when the database refuses", () => {
  let faulty: Account;
  let withoutPreferences: Account;
  let productId: number;

  beforeAll(async () => {
    faulty = await newAccount("Fallo Provocado", { marketing: true });
    withoutPreferences = await newAccount();
    productId = idOf(visible[6]!);
    await faulty.client.post("/favoritos", { productId: String(productId), intent: "add" });
    await withDatabase(
      async (db) => {
        const id = (await userIdOf(db, faulty.email))!;
        const literal = `'${id.replace(/'/g, "''")}'`;
        const statements = [
          `CREATE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql
           AS $$ BEGIN RAISE EXCEPTION 'fallo de prueba'; END $$`,
          `CREATE TRIGGER test_refuse_preferences BEFORE INSERT OR UPDATE ON user_preferences
           FOR EACH ROW WHEN (NEW.user_id = ${literal}) EXECUTE FUNCTION test_refuse()`,
          `CREATE TRIGGER test_refuse_favorites BEFORE DELETE ON user_favorites
           FOR EACH ROW WHEN (OLD.user_id = ${literal}) EXECUTE FUNCTION test_refuse()`,
          `CREATE TRIGGER test_refuse_profile BEFORE UPDATE ON users
           FOR EACH ROW WHEN (NEW.id = ${literal} AND NEW.full_name IS DISTINCT FROM OLD.full_name)
           EXECUTE FUNCTION test_refuse()`,
        ];
        for (const statement of statements) await db.execute(sql.raw(statement));
        // An account from before preferences existed: no row yet.
        const otherId = (await userIdOf(db, withoutPreferences.email))!;
        await db.delete(schema.userPreferences).where(eq(schema.userPreferences.userId, otherId));
      },
      [faulty, withoutPreferences],
    );
  });

  it("says 'No se pudieron guardar tus preferencias' and keeps the saved choice", async () => {
    const response = await post(faulty.client, { intent: "preferences" });
    expect(response.status).toBe(500);
    const page = await response.text();
    expect(page).toContain(SETTINGS_MESSAGES.preferencesSaveFailed);
    const again = await html(faulty.client, SETTINGS);
    expect(isChecked(again, "receiveMarketingEmails")).toBe(true);
    expect(server.output.join("\n")).toContain("preferences save failed");
  });

  it("inserts the preferences row on the first save of an account that has none", async () => {
    const before = await html(withoutPreferences.client, SETTINGS);
    expect(isChecked(before, "receiveNewsletter")).toBe(false);
    const page = await follow(
      withoutPreferences.client,
      await post(withoutPreferences.client, { intent: "preferences", receiveNewsletter: "on" }),
    );
    expect(page).toContain(SETTINGS_MESSAGES.preferencesSaved);
    expect(isChecked(page, "receiveNewsletter")).toBe(true);
  });

  it("says 'No se pudo actualizar tu perfil' and keeps the name", async () => {
    const response = await post(faulty.client, { intent: "profile", fullName: "Otro Nombre" });
    expect(response.status).toBe(500);
    const page = await response.text();
    expect(page).toContain(SETTINGS_MESSAGES.profileSaveFailed);
    expect(inputValue(page, "fullName")).toBe("Otro Nombre");
    expect(inputValue(await html(faulty.client, SETTINGS), "fullName")).toBe("Fallo Provocado");
  });

  it("says 'No se pudo eliminar el producto de favoritos' and keeps the favourite", async () => {
    const response = await faulty.client.post(FAVORITES, {
      intent: "remove",
      productId: String(productId),
    });
    expect(await follow(faulty.client, response)).toContain(
      "No se pudo eliminar el producto de favoritos",
    );
    expect(await favoriteIds(faulty.client)).toEqual([productId]);
  });

  it("says 'No se pudieron cargar tus preferencias' and offers no form to overwrite them", async () => {
    await withDatabase(
      async (db) => {
        await db.execute(sql`ALTER TABLE user_preferences RENAME TO user_preferences_fuera`);
      },
      [faulty],
    );
    const page = await html(faulty.client, SETTINGS);
    expect(page).toContain(SETTINGS_MESSAGES.preferencesLoadFailed);
    expect(page).not.toContain('name="receiveMarketingEmails"');
    // The rest of the page still works.
    expect(inputValue(page, "fullName")).toBe("Fallo Provocado");
  });
});
