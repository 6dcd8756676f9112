import { afterAll, beforeAll, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client";
import { runScript } from "../helpers/run-script";
import { startServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

function createAdmin(args: string[], env: Record<string, string>) {
  return runScript("scripts/create-admin.ts", args, {
    DATA_DIR: server.dataDir,
    DATABASE_URL: server.databaseUrl ?? "",
    ...env,
  });
}

it("creates an admin from the shell, and promotes an existing customer", async () => {
  const customerEmail = `ascendida.${Date.now()}@ejemplo.es`;
  const customerPassword = "Zanahoria-Lila-31";
  const customer = new BrowserClient(server.url);
  await customer.post("/registro", {
    fullName: "Cliente Ascendida",
    email: customerEmail,
    password: customerPassword,
    confirmPassword: customerPassword,
    acceptTerms: "on",
  });
  await customer.post("/login", { email: customerEmail, password: customerPassword });
  expect((await customer.get("/admin/dashboard")).headers.get("Location")).toBe("/");

  // PGlite is single-process: the script refuses to run beside the server…
  if (!server.databaseUrl) {
    const refused = await createAdmin(["--email", "x@ejemplo.es", "--name", "X"], {
      ADMIN_PASSWORD: "Pera-Limonera-44",
    });
    expect(refused.code).not.toBe(0);
    expect(refused.output).not.toMatch(/\n\s+at /);
  }
  await server.stop({ cleanup: false });

  const tooShort = await createAdmin(["--email", "jefe@ejemplo.es", "--name", "Jefe"], {
    ADMIN_PASSWORD: "corta",
  });
  expect(tooShort.code).not.toBe(0);
  expect(tooShort.output).toContain("8");
  for (const common of ["Tienda2026", "contraseña", "Admin-2026"]) {
    const refused = await createAdmin(["--email", "jefe@ejemplo.es", "--name", "Jefe"], {
      ADMIN_PASSWORD: common,
    });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain("demasiado común");
  }

  const created = await createAdmin(["--email", "jefe@ejemplo.es", "--name", "Jefe Tienda"], {
    ADMIN_PASSWORD: "Pera-Limonera-44",
  });
  expect(created.code, created.output).toBe(0);
  const promoted = await createAdmin(["--email", customerEmail, "--name", "Cliente Ascendida"], {});
  expect(promoted.code, promoted.output).toBe(0);

  server = await server.restart();
  const admin = new BrowserClient(server.url);
  expect(
    (await admin.post("/login", { email: "jefe@ejemplo.es", password: "Pera-Limonera-44" })).status,
  ).toBe(302);
  expect((await admin.get("/admin/dashboard")).status).toBe(200);

  const nowAdmin = new BrowserClient(server.url);
  await nowAdmin.post("/login", { email: customerEmail, password: customerPassword });
  expect((await nowAdmin.get("/admin/dashboard")).status).toBe(200);
}, 180_000); // five script runs, each starting tsx and opening the database, and a restart
