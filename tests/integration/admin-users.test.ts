import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { createAuth, setAuth } from "~/modules/accounts/auth.server";
import { createMailer, flushMail, setMailer } from "~/lib/mail.server";
import { createAccountMail } from "~/modules/accounts/account-mail.server";
import { parseEnv } from "~/lib/env.server";
import {
  EMAIL_REQUIRED_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
} from "~/modules/accounts/admin-schemas";
import {
  createAdminUser,
  deleteAdminUser,
  listAdminUsers,
  updateAdminUser,
} from "~/modules/accounts/admin-users.server";
import { BrowserClient } from "../helpers/browser-client";
import { linkIn, readOutbox, waitForMail } from "../helpers/mail";
import { startServer, type TestServer } from "../helpers/server";
import { confirmEmail } from "../helpers/sessions";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const PATH = "/admin/usuarios";
const ADMIN_EMAIL = "jefa@tienda.test";
const PASSWORD = "Girasol-Azul-2026";
const NEW_PASSWORD = "Membrillo-Tostado-48";

let server: TestServer;
let admin: BrowserClient;
let customer: BrowserClient;
let counter = 0;

const uniqueEmail = (prefix = "nuevo") => `${prefix}.${Date.now()}.${++counter}@usuarios.test`;

async function signIn(email: string, password = PASSWORD) {
  const client = new BrowserClient(server.url);
  const response = await client.post("/login", { email, password });
  return { client, response };
}

async function registeredAndSignedIn(email: string, fullName: string) {
  await new BrowserClient(server.url).post("/registro", {
    fullName,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: "on",
  });
  if (email === ADMIN_EMAIL) await confirmEmail(server, email);
  const { client, response } = await signIn(email);
  expect(response.status).toBe(302);
  return client;
}

function createFields(overrides: Record<string, string> = {}) {
  return {
    intent: "create",
    email: uniqueEmail(),
    password: NEW_PASSWORD,
    fullName: "Nora Díaz Peña",
    role: "customer",
    avatarUrl: "",
    ...overrides,
  };
}

/** Posts the add dialog's form as the browser does (to the page with the dialog open). */
const create = (fields: Record<string, string>, client = admin) =>
  client.post(`${PATH}?nuevo=`, fields);

async function page(path: string, client = admin) {
  const response = await client.get(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** "Mostrando N de M usuarios": [N, M]. */
function footer(html: string) {
  const match = /Mostrando (\d+) de (\d+) usuarios?/.exec(html);
  expect(match).not.toBeNull();
  return [Number(match![1]), Number(match![2])] as const;
}

const totalUsers = async () => footer(await page(PATH))[1];

/** E-mails of the table's rows, in order. */
const rowEmails = (html: string) =>
  [...html.matchAll(/<td class="[^"]*whitespace-nowrap[^"]*">([^<]+@[^<]+)<\/td>/g)].map(
    (m) => m[1]!,
  );

async function userId(email: string) {
  const html = await page(`${PATH}?q=${encodeURIComponent(email)}`);
  const match = /editar=([A-Za-z0-9_-]+)/.exec(html);
  expect(match, email).not.toBeNull();
  return match![1]!;
}

function updateFields(id: string, overrides: Record<string, string> = {}) {
  return {
    intent: "update",
    id,
    fullName: "Nombre Editado",
    role: "customer",
    avatarUrl: "",
    active: "on",
    ...overrides,
  };
}

const update = (id: string, fields: Record<string, string>, client = admin) =>
  client.post(`${PATH}?editar=${id}`, fields);

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_EMAIL } });
  admin = await registeredAndSignedIn(ADMIN_EMAIL, "Jefa de Tienda");
  customer = await registeredAndSignedIn("cliente@usuarios.test", "Cliente de Prueba");
});
afterAll(async () => {
  await server?.stop();
});

describe("creating a user", () => {
  it("creates a customer as sign-up does: toast, listed, can sign in, not an admin", async () => {
    const before = await totalUsers();
    const fields = createFields();
    const response = await create(fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PATH);

    const list = await page(PATH);
    expect(list).toContain("Éxito");
    expect(list).toContain("Usuario y perfil creados correctamente.");
    expect(footer(list)[1]).toBe(before + 1);

    const found = await page(`${PATH}?q=${encodeURIComponent(fields.email)}`);
    expect(footer(found)).toEqual([1, before + 1]);
    expect(found).toContain("Nora Díaz Peña");
    expect(found).toContain(">Cliente<");
    expect(found).toContain(">Activo<");
    expect(found).toContain(">NP<"); // initials avatar

    const { client, response: login } = await signIn(fields.email, NEW_PASSWORD);
    expect(login.status).toBe(302);
    expect((await client.get("/admin/dashboard")).headers.get("Location")).toBe("/");
  });

  it("creates an admin with an avatar image", async () => {
    const fields = createFields({
      role: "admin",
      fullName: "Óscar Ruiz",
      avatarUrl: "/uploads/avatar-oscar-320.webp",
    });
    expect((await create(fields)).status).toBe(302);
    const found = await page(`${PATH}?q=${encodeURIComponent(fields.email)}`);
    expect(found).toContain(">Administrador<");
    expect(found).toContain('src="/uploads/avatar-oscar-320.webp"');

    const { client, response } = await signIn(fields.email, NEW_PASSWORD);
    expect(response.status).toBe(302);
    expect((await client.get("/admin/dashboard")).status).toBe(200);
  });

  it.each([
    [{ email: "" }, EMAIL_REQUIRED_MESSAGE],
    [{ password: "" }, PASSWORD_REQUIRED_MESSAGE],
    [{ email: "no-es-un-correo" }, "Introduce un correo electrónico válido."],
    [{ password: "corta" }, "La contraseña debe tener al menos 8 caracteres."],
    [{ password: "password123" }, "demasiado común"],
    [{ role: "superadmin" }, "Elige un rol: Cliente o Administrador."],
    [{ avatarUrl: "https://otro.example/yo.png" }, "La URL del avatar debe ser una ruta de imagen"],
    [{ fullName: "x".repeat(101) }, "El nombre no puede superar los 100 caracteres."],
  ])(
    "refuses %o with a Spanish message, keeps what was typed, creates nothing",
    async (override, message) => {
      const before = await totalUsers();
      const fields = createFields(override);
      const response = await create(fields);
      expect(response.status).toBe(400);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const html = await response.text();
      expect(html).toContain(message);
      // The dialog is still open with the values typed (the password is never sent back).
      expect(html).toContain("Añadir usuario");
      if (fields.email) expect(html).toContain(`value="${fields.email}"`);
      expect(html).not.toContain(NEW_PASSWORD);
      expect(await totalUsers()).toBe(before);
    },
  );

  it("refuses an e-mail already registered (whatever its case) on the e-mail field", async () => {
    const before = await totalUsers();
    const response = await create(createFields({ email: "CLIENTE@Usuarios.test" }));
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain(EMAIL_TAKEN_MESSAGE);
    expect(html).toMatch(
      /aria-invalid="true"[^>]*name="email"|name="email"[^>]*aria-invalid="true"/,
    );
    expect(await totalUsers()).toBe(before);
  });
});

describe("the users table", () => {
  const tag = `lista${Date.now()}`;
  const emails = {
    inigo: `inigo.${tag}@lista.test`,
    bea: `bea.${tag}@lista.test`,
    carlos: `carlos.${tag}@lista.test`,
  };

  beforeAll(async () => {
    await create(createFields({ email: emails.inigo, fullName: "Íñigo Zubiri", role: "admin" }));
    await create(createFields({ email: emails.bea, fullName: "Beatriz Ávila" }));
    await create(createFields({ email: emails.carlos, fullName: "carlos ortega" }));
    const carlos = await userId(emails.carlos);
    await update(carlos, updateFields(carlos, { fullName: "carlos ortega", active: "" }));
  });

  /** The tagged users' e-mails as the table lists them for `query` (plus the tag search). */
  const listed = async (query: string) => {
    const html = await page(`${PATH}?q=${tag}${query ? `&${query}` : ""}`);
    return rowEmails(html).filter((email) => email.includes(tag));
  };

  it("searches by name, ignoring case and accents, by e-mail and by role, on the server", async () => {
    const total = await totalUsers();
    const byEmail = await page(`${PATH}?q=${tag}`);
    expect(footer(byEmail)).toEqual([3, total]);
    const found = async (q: string) =>
      rowEmails(await page(`${PATH}?q=${q}`)).filter((email) => email.includes(tag));
    expect(await found("avila")).toEqual([emails.bea]);
    expect(await found("ZUBIRI")).toEqual([emails.inigo]);
    expect(await found("%C3%8D%C3%B1igo")).toEqual([emails.inigo]);

    const admins = rowEmails(await page(`${PATH}?q=administrador`));
    expect(admins).toContain(emails.inigo);
    expect(admins).toContain(ADMIN_EMAIL);
    expect(admins).not.toContain(emails.bea);
    const customers = rowEmails(await page(`${PATH}?q=cliente`));
    expect(customers).toContain(emails.bea);
    expect(customers).not.toContain(emails.inigo);

    const none = await page(`${PATH}?q=nadie-se-llama-asi`);
    expect(none).toContain("No hay usuarios que coincidan con «nadie-se-llama-asi».");
    expect(footer(none)).toEqual([0, total]);
  });

  it("sorts by name ascending by default and by every column both ways", async () => {
    const html = await page(PATH);
    expect(html).toMatch(/aria-sort="ascending"[^>]*>\s*<a[^>]*>Nombre/);
    // Name A–Z ignores case and accents: Beatriz, carlos, Íñigo.
    expect(await listed("")).toEqual([emails.bea, emails.carlos, emails.inigo]);
    expect(await listed("orden=name&dir=desc")).toEqual([emails.inigo, emails.carlos, emails.bea]);
    expect(await listed("orden=email&dir=asc")).toEqual([emails.bea, emails.carlos, emails.inigo]);
    expect(await listed("orden=email&dir=desc")).toEqual([emails.inigo, emails.carlos, emails.bea]);
    // Administrador before Cliente, then by name; descending reverses the whole order.
    expect(await listed("orden=role&dir=asc")).toEqual([emails.inigo, emails.bea, emails.carlos]);
    expect(await listed("orden=role&dir=desc")).toEqual([emails.carlos, emails.bea, emails.inigo]);
    // Activo before Inactivo, then by name.
    expect(await listed("orden=status&dir=asc")).toEqual([emails.bea, emails.inigo, emails.carlos]);
    expect(await listed("orden=status&dir=desc")).toEqual([
      emails.carlos,
      emails.inigo,
      emails.bea,
    ]);
    // An unknown column falls back to the default order.
    expect(await listed("orden=password&dir=desc")).toEqual([
      emails.bea,
      emails.carlos,
      emails.inigo,
    ]);
    const sorted = await page(`${PATH}?orden=email&dir=asc`);
    expect(sorted).toMatch(/aria-sort="ascending"[^>]*>\s*<a[^>]*>Correo electrónico/);
    // The heading of the sorted column flips the direction; the others start ascending.
    expect(sorted).toContain(`href="${PATH}?orden=email&amp;dir=desc"`);
    expect(sorted).toContain(`href="${PATH}?orden=name&amp;dir=asc"`);
  });

  it("shows Inactivo for a deactivated account", async () => {
    const html = await page(`${PATH}?q=${encodeURIComponent(emails.carlos)}`);
    expect(html).toContain(">Inactivo<");
  });
});

describe("editing a user", () => {
  it("shows the e-mail locked with its hint, and the current values", async () => {
    const email = uniqueEmail("editar");
    await create(createFields({ email, fullName: "Para Editar" }));
    const id = await userId(email);
    const html = await page(`${PATH}?editar=${id}`);
    expect(html).toContain("Editar usuario");
    const emailInput = /<input[^>]*-email"[^>]*>/.exec(html)?.[0] ?? "";
    expect(emailInput).toContain('disabled=""');
    expect(emailInput).toContain(`value="${email}"`);
    expect(emailInput).not.toContain("name=");
    expect(html).toContain("El email no se puede cambiar.");
    expect(html).toContain('value="Para Editar"');
  });

  it("saves name, role and avatar; the e-mail cannot be changed", async () => {
    const email = uniqueEmail("editar");
    await create(createFields({ email, fullName: "Antes" }));
    const id = await userId(email);
    const response = await update(
      id,
      updateFields(id, {
        fullName: "Después Cambiado",
        role: "admin",
        avatarUrl: "/uploads/nuevo-avatar-320.webp",
        email: "otro-correo@usuarios.test",
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PATH);
    const list = await page(PATH);
    expect(list).toContain("Perfil de usuario actualizado.");

    const dialog = await page(`${PATH}?editar=${id}`);
    expect(dialog).toContain('value="Después Cambiado"');
    expect(dialog).toContain('value="/uploads/nuevo-avatar-320.webp"');
    expect(dialog).toMatch(/<option value="admin" selected="">/);
    expect(await userId(email)).toBe(id);
    expect(footer(await page(`${PATH}?q=otro-correo%40usuarios.test`))[0]).toBe(0);
    // Still signs in with the same e-mail, now as an admin.
    const { client, response: login } = await signIn(email, NEW_PASSWORD);
    expect(login.status).toBe(302);
    expect((await client.get("/admin/dashboard")).status).toBe(200);
  });

  it("refuses bad input with a Spanish message and changes nothing", async () => {
    const email = uniqueEmail("editar");
    await create(createFields({ email, fullName: "Sin Cambios" }));
    const id = await userId(email);
    const response = await update(
      id,
      updateFields(id, { fullName: "Otro Nombre", avatarUrl: "//fuera.example/a.png" }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("La URL del avatar debe ser una ruta de imagen");
    expect(html).toContain('value="Otro Nombre"'); // what was typed is kept
    expect(await page(`${PATH}?editar=${id}`)).toContain('value="Sin Cambios"');
  });

  it("deactivating signs the user out and blocks sign-in; reactivating lets them back", async () => {
    const email = uniqueEmail("baja");
    await create(createFields({ email }));
    const id = await userId(email);
    const { client: session } = await signIn(email, NEW_PASSWORD);
    expect((await session.get("/perfil")).status).toBe(200);

    expect((await update(id, updateFields(id, { active: "" }))).status).toBe(302);
    expect((await session.get("/perfil")).headers.get("Location")).toContain("/login");
    const refused = await signIn(email, NEW_PASSWORD);
    expect(refused.response.status).toBe(403);
    expect(await refused.response.text()).toContain("Tu cuenta está desactivada");
    expect(await page(`${PATH}?q=${encodeURIComponent(email)}`)).toContain(">Inactivo<");

    expect((await update(id, updateFields(id, { active: "on" }))).status).toBe(302);
    expect((await signIn(email, NEW_PASSWORD)).response.status).toBe(302);
    expect(await page(`${PATH}?q=${encodeURIComponent(email)}`)).toContain(">Activo<");
  });

  it("answers an unknown user with an error toast", async () => {
    const response = await update("no-existe", updateFields("no-existe"));
    expect(response.status).toBe(302);
    const html = await page(PATH);
    expect(html).toContain("Error al actualizar perfil");
    expect(html).toContain("El usuario ya no existe.");
  });
});

describe("deleting a user", () => {
  it("removes the account completely after confirming; their review stays, anonymous", async () => {
    const email = uniqueEmail("borrar");
    await create(createFields({ email, fullName: "Rosa Borrable" }));
    const id = await userId(email);
    const { client: session } = await signIn(email, NEW_PASSWORD);
    // Reviews need a confirmed e-mail (ADR 0009): the new account got its link in the outbox.
    const mail = await waitForMail(() => readOutbox(server.dataDir), email, /^Confirma tu correo/);
    await session.get(linkIn(mail, server.url, "/verificar-correo").slice(server.url.length));
    const comment = `Reseña que sobrevive ${Date.now()}`;
    const review = await session.post("/rese%C3%B1as", {
      intent: "create",
      rating: "4",
      comment,
    });
    expect(review.status).toBe(302);
    expect(await page("/rese%C3%B1as", session)).toContain("Rosa Borrable");
    const before = await totalUsers();

    const response = await admin.post(`${PATH}?q=borrar`, { intent: "delete", id });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PATH}?q=borrar`);
    const list = await page(`${PATH}?q=borrar`);
    expect(list).toContain("Usuario eliminado completamente");
    expect(await totalUsers()).toBe(before - 1);
    expect(footer(await page(`${PATH}?q=${encodeURIComponent(email)}`))[0]).toBe(0);

    // Signed out everywhere and unable to sign in again.
    expect((await session.get("/perfil")).headers.get("Location")).toContain("/login");
    expect((await signIn(email, NEW_PASSWORD)).response.status).toBe(400);
    // The review keeps its text, without the name.
    const reviews = await page("/rese%C3%B1as", new BrowserClient(server.url));
    expect(reviews).toContain(comment);
    expect(reviews).not.toContain("Rosa Borrable");
    const card = reviews.slice(reviews.lastIndexOf("<article", reviews.indexOf(comment)));
    expect(card.slice(0, card.indexOf("</article>"))).toContain("Usuario Anónimo");
  });

  it("answers an unknown user with 'Error al eliminar'", async () => {
    expect((await admin.post(PATH, { intent: "delete", id: "no-existe" })).status).toBe(302);
    const html = await page(PATH);
    expect(html).toContain("Error al eliminar");
    expect(html).toContain("El usuario ya no existe.");
  });
});

describe("permissions", () => {
  it("refuses a customer on every action (redirect home) and changes nothing", async () => {
    const email = uniqueEmail("intacto");
    await create(createFields({ email, fullName: "Intacto" }));
    const id = await userId(email);
    const before = await totalUsers();
    const stranger = uniqueEmail("colado");

    for (const [path, fields] of [
      [`${PATH}?nuevo=`, createFields({ email: stranger, role: "admin" })],
      [`${PATH}?editar=${id}`, updateFields(id, { fullName: "Hackeado", role: "admin" })],
      [PATH, { intent: "delete", id }],
    ] as const) {
      const response = await customer.post(path, fields);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    expect((await customer.get(PATH)).headers.get("Location")).toBe("/");
    expect(await totalUsers()).toBe(before);
    expect(footer(await page(`${PATH}?q=${encodeURIComponent(stranger)}`))[0]).toBe(0);
    expect(await page(`${PATH}?editar=${id}`)).toContain('value="Intacto"');
  });

  it("sends anonymous visitors to sign in", async () => {
    const response = await new BrowserClient(server.url).post(PATH, { intent: "delete", id: "x" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(PATH)}`);
  });

  it("sends Cache-Control: private, no-store on the page", async () => {
    expect((await admin.get(PATH)).headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("the last active admin", () => {
  it("cannot be demoted, deactivated or deleted; with a second admin it can", async () => {
    // Every other admin created by earlier tests is demoted first, so the head admin is alone.
    const admins = rowEmails(await page(`${PATH}?q=administrador`)).filter(
      (e) => e !== ADMIN_EMAIL,
    );
    for (const email of admins) {
      const id = await userId(email);
      expect((await update(id, updateFields(id, { role: "customer" }))).status).toBe(302);
    }
    const selfId = await userId(ADMIN_EMAIL);

    const demote = await update(
      selfId,
      updateFields(selfId, { fullName: "Jefa", role: "customer" }),
    );
    expect(demote.status).toBe(409);
    expect(await demote.text()).toContain(
      "No se puede quitar el rol de administrador a la única cuenta de administrador activa",
    );
    const deactivate = await update(
      selfId,
      updateFields(selfId, { fullName: "Jefa", role: "admin", active: "" }),
    );
    expect(deactivate.status).toBe(409);
    expect(await deactivate.text()).toContain(
      "No se puede desactivar la única cuenta de administrador activa",
    );
    expect((await admin.post(PATH, { intent: "delete", id: selfId })).status).toBe(302);
    const afterDelete = await page(PATH);
    expect(afterDelete).toContain("Error al eliminar");
    expect(afterDelete).toContain("No se puede eliminar la única cuenta de administrador activa");
    // Nothing changed: still an active admin, with the same name.
    expect(await page(`${PATH}?editar=${selfId}`)).toContain('value="Jefa de Tienda"');

    // An inactive admin does not count as a second one.
    const dormant = uniqueEmail("dormida");
    await create(createFields({ email: dormant, role: "admin" }));
    const dormantId = await userId(dormant);
    await update(dormantId, updateFields(dormantId, { role: "admin", active: "" }));
    expect((await update(selfId, updateFields(selfId, { role: "customer" }))).status).toBe(409);

    // With a second active admin, the second can demote the first…
    const second = uniqueEmail("segunda");
    await create(createFields({ email: second, role: "admin" }));
    const secondId = await userId(second);
    const secondClient = (await signIn(second, NEW_PASSWORD)).client;
    const demoted = await update(
      selfId,
      updateFields(selfId, { fullName: "Jefa de Tienda", role: "customer" }),
      secondClient,
    );
    expect(demoted.status).toBe(302);
    expect((await admin.get(PATH)).headers.get("Location")).toBe("/");
    // …and is then the last one herself.
    expect((await secondClient.post(PATH, { intent: "delete", id: secondId })).status).toBe(302);
    expect(await page(PATH, secondClient)).toContain(
      "No se puede eliminar la única cuenta de administrador activa",
    );

    // Restore the head admin for whatever runs next.
    const restored = await update(
      selfId,
      updateFields(selfId, { fullName: "Jefa de Tienda", role: "admin" }),
      secondClient,
    );
    expect(restored.status).toBe(302);
    expect((await admin.get(PATH)).status).toBe(200);
  });
});

describe("domain functions (in process)", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    const env = parseEnv({
      NODE_ENV: "test",
      AUTH_SECRET: "admin-users-test-secret-0123456789abcdef",
      BASE_URL: "http://127.0.0.1:3000",
      DATA_DIR: testDb.dataDir,
    });
    setMailer(createMailer(env)); // the sign-up's confirmation e-mail goes to testDb's outbox
    setAuth(createAuth(testDb.handle.db, env, createAccountMail(env)));
  });
  afterAll(async () => {
    setAuth(undefined);
    // Sign-up sent a confirmation e-mail in the background (to the outbox in testDb's folder).
    await flushMail();
    setMailer(undefined);
    await testDb?.cleanup();
  });

  it("hashes the password with argon2id like sign-up, and sets role, avatar and preferences", async () => {
    const created = await createAdminUser(
      {
        email: "hash@dominio.test",
        password: NEW_PASSWORD,
        fullName: "Hash Test",
        role: "admin",
        avatarUrl: "/uploads/a-320.webp",
      },
      null,
    );
    expect(created).toMatchObject({ ok: true, profileSaved: true });
    const id = (created as { id: string }).id;
    const db = testDb.handle.db;
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, id));
    expect(user).toMatchObject({ role: "admin", image: "/uploads/a-320.webp", banned: false });
    const [account] = await db
      .select({ password: schema.accounts.password, providerId: schema.accounts.providerId })
      .from(schema.accounts)
      .where(eq(schema.accounts.userId, id));
    expect(account!.providerId).toBe("credential");
    expect(account!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(account!.password).not.toContain(NEW_PASSWORD);
    const [preferences] = await db
      .select()
      .from(schema.userPreferences)
      .where(eq(schema.userPreferences.userId, id));
    expect(preferences).toMatchObject({ receiveMarketingEmails: false, receiveNewsletter: false });

    expect(
      await createAdminUser(
        {
          email: "hash@dominio.test",
          password: NEW_PASSWORD,
          fullName: "",
          role: "customer",
          avatarUrl: undefined,
        },
        null,
      ),
    ).toMatchObject({
      ok: false,
      kind: "conflict",
      fieldErrors: { email: ["Ya existe un usuario con ese email."] },
    });
  });

  it("deletes sessions, credentials, favourites and preferences; anonymises the reviews", async () => {
    const db = testDb.handle.db;
    const created = await createAdminUser(
      {
        email: "borrar@dominio.test",
        password: NEW_PASSWORD,
        fullName: "Borrar Del Todo",
        role: "customer",
        avatarUrl: "/uploads/b-320.webp",
      },
      null,
    );
    const id = (created as { id: string }).id;
    const [product] = await db
      .insert(schema.products)
      .values({ name: "Taza", description: "Taza", priceCents: 500 })
      .returning({ id: schema.products.id });
    await db.insert(schema.userFavorites).values({ userId: id, productId: product!.id });
    await db.insert(schema.sessions).values({
      id: "sesion-borrar",
      token: "token-borrar",
      userId: id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const [review] = await db
      .insert(schema.reviews)
      .values({
        userId: id,
        rating: 5,
        comment: "Se queda",
        userName: "Borrar Del Todo",
        avatarText: "/uploads/b-320.webp",
      })
      .returning({ id: schema.reviews.id });

    expect(await deleteAdminUser(id, null)).toEqual({ ok: true });

    const left = async (table: string, column = "user_id") => {
      const result = (await db.execute(
        sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${id}`,
      )) as unknown as { rows: { n: string | number }[] };
      return Number(result.rows[0]!.n);
    };
    expect(await left("users", "id")).toBe(0);
    expect(await left("sessions")).toBe(0);
    expect(await left("accounts")).toBe(0);
    expect(await left("user_favorites")).toBe(0);
    expect(await left("user_preferences")).toBe(0);
    const [kept] = await db.select().from(schema.reviews).where(eq(schema.reviews.id, review!.id));
    expect(kept).toMatchObject({
      userId: null,
      userName: null,
      avatarText: null,
      comment: "Se queda",
      rating: 5,
    });
    // The product the favourite pointed at is untouched.
    expect(
      await db.select().from(schema.products).where(eq(schema.products.id, product!.id)),
    ).toHaveLength(1);
    expect(await deleteAdminUser(id, null)).toMatchObject({ ok: false, kind: "not_found" });
  });

  it("keeps one active admin whatever the order of the changes", async () => {
    const db = testDb.handle.db;
    // The only active admin is "hash@dominio.test" from the first test.
    const [only] = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, "hash@dominio.test"));
    const base = { id: only!.id, fullName: "Hash Test", avatarUrl: undefined };
    expect(await updateAdminUser({ ...base, role: "customer", active: true }, null)).toMatchObject({
      ok: false,
      kind: "conflict",
      fieldErrors: {
        role: [expect.stringContaining("No se puede quitar el rol de administrador a la única")],
      },
    });
    expect(await updateAdminUser({ ...base, role: "admin", active: false }, null)).toMatchObject({
      ok: false,
      kind: "conflict",
      fieldErrors: { active: [expect.stringContaining("No se puede desactivar la única cuenta")] },
    });
    expect(await deleteAdminUser(only!.id, null)).toMatchObject({
      ok: false,
      kind: "conflict",
      message: expect.stringContaining("No se puede eliminar la única cuenta de administrador"),
    });
    // A plain save of the last admin (still admin, still active) is fine.
    expect(await updateAdminUser({ ...base, role: "admin", active: true }, null)).toEqual({
      ok: true,
    });
  });

  it("pages the table and keeps a page number past the end on the last page", async () => {
    const db = testDb.handle.db;
    await db.insert(schema.users).values(
      Array.from({ length: 30 }, (_, i) => ({
        id: `pagina-${i}`,
        name: `Página ${String(i).padStart(2, "0")}`,
        email: `pagina${i}@dominio.test`,
      })),
    );
    const sort = { column: "name" as const, direction: "asc" as const };
    const first = await listAdminUsers({ search: "pagina", sort, page: 1, pageSize: 25 });
    expect(first).toMatchObject({ matching: 30, page: 1, pageCount: 2 });
    expect(first.users).toHaveLength(25);
    expect(first.users[0]!.name).toBe("Página 00");
    const last = await listAdminUsers({ search: "pagina", sort, page: 99, pageSize: 25 });
    expect(last).toMatchObject({ page: 2, pageCount: 2 });
    expect(last.users.map((u) => u.name)).toEqual([
      "Página 25",
      "Página 26",
      "Página 27",
      "Página 28",
      "Página 29",
    ]);
    expect(last.total).toBe(first.total);
    // LIKE wildcards in the search are taken literally.
    expect((await listAdminUsers({ search: "%", sort, page: 1 })).matching).toBe(0);
    expect((await listAdminUsers({ search: "_", sort, page: 1 })).matching).toBe(0);
  });
});
