import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { users } from "~/db/schema";
import { openDatabase } from "~/db/client.server";
import { BrowserClient } from "../helpers/browser-client";
import { startServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

it("a deactivated (banned) user cannot sign in, and loses the session they had", async () => {
  const email = `baneada.${Date.now()}@ejemplo.es`;
  const password = "Calabacin-Tierno-5";
  const client = new BrowserClient(server.url);
  await client.post("/registro", {
    fullName: "Baneada",
    email,
    password,
    confirmPassword: password,
    acceptTerms: "on",
  });
  expect((await client.post("/login", { email, password })).status).toBe(302);

  // Deactivate the account directly in the database (PGlite allows one process: stop first).
  await server.stop({ cleanup: false });
  const database = await openDatabase({
    DATA_DIR: server.dataDir,
    DATABASE_URL: server.databaseUrl,
    DATABASE_POOL_MAX: 1,
  });
  await database.db.update(users).set({ banned: true }).where(eq(users.email, email));
  await database.close();
  server = await server.restart();

  const stale = new BrowserClient(server.url);
  for (const [name, value] of client.cookies) stale.cookies.set(name, value);
  expect((await stale.get("/perfil")).headers.get("Location")).toContain("/login");

  const fresh = new BrowserClient(server.url);
  const response = await fresh.post("/login", { email, password });
  expect(response.status).toBe(403);
  expect(await response.text()).toContain("Tu cuenta está desactivada");
  expect(fresh.sessionToken()).toBeUndefined();
});
