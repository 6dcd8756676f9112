import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client";
import { sql } from "drizzle-orm";
import {
  runServerExpectingExit,
  startServer,
  withStoppedServer,
  type TestServer,
} from "../helpers/server";

describe("operations", () => {
  it("logs one JSON line per request without secrets, survives a restart and shuts down cleanly", async () => {
    const server = await startServer();
    try {
      const client = new BrowserClient(server.url);
      const password = "Berenjena-Frita-77";
      const email = `ops.${Date.now()}@ejemplo.es`;
      await client.post("/registro", {
        fullName: "Operaciones",
        email,
        password,
        confirmPassword: password,
        acceptTerms: "on",
      });
      await client.post("/login", { email, password });
      await client.get("/perfil?token=secreto-en-la-url");

      const requests = () =>
        server.output
          .filter((line) => line.startsWith("{"))
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .filter((entry) => entry.msg === "request");
      // The line is written when the response finishes; wait until the pipe delivers it.
      await expect.poll(() => requests().find((entry) => entry.path === "/perfil")).toBeDefined();
      const profile = requests().find((entry) => entry.path === "/perfil");
      expect(profile).toMatchObject({ method: "GET", status: 200 });
      expect(typeof profile?.requestId).toBe("string");
      expect(typeof profile?.durationMs).toBe("number");
      expect(
        requests().find((entry) => entry.path === "/login" && entry.method === "POST")?.status,
      ).toBe(302);
      const everything = server.output.join("\n");
      expect(everything).not.toContain(password);
      expect(everything).not.toContain(client.sessionToken()!);
      expect(everything).not.toContain("secreto-en-la-url");

      // SIGTERM: exits 0 after closing the database.
      const code = await server.stop({ cleanup: false });
      expect(code).toBe(0);
      expect(server.output.join("\n")).toContain('"msg":"shutting down"');

      // A second start reuses the data: the account is still there.
      const again = await server.restart();
      try {
        const fresh = new BrowserClient(again.url);
        expect((await fresh.post("/login", { email, password })).status).toBe(302);
      } finally {
        await again.stop();
      }
    } finally {
      if (server.process.exitCode === null) await server.stop();
    }
  });

  it("deletes, at the image sweep's next turn, an uploaded image that nothing has used for a day", async () => {
    const server = await startServer();
    let again: TestServer | undefined;
    try {
      const uploads = path.join(server.dataDir, "uploads");
      const files = [320, 640, 1200].map((width) =>
        path.join(uploads, `Abandonada_12345-${width}.webp`),
      );
      again = await withStoppedServer(server, async (db) => {
        // The files of an upload whose form was never saved, written two days ago.
        fs.mkdirSync(uploads, { recursive: true });
        const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000);
        for (const file of files) {
          fs.writeFileSync(file, "webp");
          fs.utimesSync(file, twoDaysAgo, twoDaysAgo);
        }
        // The sweep ran when the shop first started; its next turn (ADR 0031) is due now.
        await db.execute(
          sql`UPDATE scheduled_jobs SET next_run_at = now() WHERE name = 'sweep-unused-images'`,
        );
      });
      await expect.poll(() => files.filter((file) => fs.existsSync(file)).length).toBe(0);
      expect(again.output.join("\n")).toContain('"msg":"unused images deleted"');
    } finally {
      await again?.stop();
      if (server.process.exitCode === null) await server.stop();
    }
  });

  // "close": the client asked to close after the answer. "keep-alive": the server must close the
  // socket itself once the answer is sent, or shutdown would wait for the 65 s keep-alive timeout
  // and end forced (exit 1).
  it.each(["close", "keep-alive"])(
    "finishes a request that is in flight when SIGTERM arrives (Connection: %s)",
    async (connection) => {
      const server = await startServer();
      try {
        const { port, hostname } = new URL(server.url);
        const body = new URLSearchParams({
          email: "tarde@ejemplo.es",
          password: "Lo-Que-Sea-123",
        }).toString();
        const socket = net.connect(Number(port), hostname);
        let received = "";
        socket.on("data", (chunk) => (received += chunk.toString()));
        const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
        // The server answers "100 Continue" once it has the headers: the request is in flight.
        socket.write(
          [
            "POST /login HTTP/1.1",
            `Host: ${hostname}:${port}`,
            `Origin: ${server.url}`,
            "Content-Type: application/x-www-form-urlencoded",
            `Content-Length: ${Buffer.byteLength(body)}`,
            "Expect: 100-continue",
            `Connection: ${connection}`,
            "",
            "",
          ].join("\r\n"),
        );
        await expect.poll(() => received).toContain("100 Continue");
        server.process.kill("SIGTERM");
        await expect.poll(() => server.output.join("\n")).toContain('"msg":"shutting down"');
        socket.write(body);
        await closed;
        // The in-flight login still got its real answer (wrong credentials → 400 page).
        expect(received).toMatch(/HTTP\/1\.1 400/);
        expect(received).toContain("Correo electrónico o contraseña incorrectos.");
        expect(await server.stop()).toBe(0);
        expect(server.output.join("\n")).not.toContain("forced shutdown");
      } finally {
        if (server.process.exitCode === null) await server.stop();
      }
    },
  );

  // Two read-only checks share one server (nothing either does changes what the other sees).
  describe("on a running server", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer();
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("serves /healthz, /readyz, /robots.txt and a Spanish 404 page", async () => {
      const client = new BrowserClient(server.url);
      const health = await client.get("/healthz");
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });
      const ready = await client.get("/readyz");
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ok" });

      const robots = await client.get("/robots.txt");
      expect(robots.headers.get("Content-Type")).toContain("text/plain");
      expect(await robots.text()).toContain("Disallow: /admin");

      const missing = await client.get("/esta-pagina-no-existe");
      expect(missing.status).toBe(404);
      const html = await missing.text();
      expect(html).toContain("no existe o fue movida");
      expect(html).not.toMatch(/at .+\.(js|ts):\d+/);

      // A deleted picture still linked from a cached page: a plain 404, not a 500.
      const picture = await client.get("/uploads/AAAAAAAAAAAAAAAA-640.webp");
      expect(picture.status).toBe(404);
    });

    it("answers a malformed form body with a Spanish 400, not a crash", async () => {
      const response = await new BrowserClient(server.url).post(
        "/login",
        {},
        {
          "Content-Type": "multipart/form-data; boundary=nada",
        },
      );
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("El formulario enviado no es válido.");
      expect(html).not.toMatch(/\n\s+at /);
    });
  });

  // Only PostgreSQL can be taken away from under a running server.
  it.skipIf(!process.env.DATABASE_URL)(
    "shows the Spanish error page without a stack trace, and /readyz says 503 (/healthz 200), when the database is gone",
    async () => {
      const server = await startServer();
      try {
        const client = new BrowserClient(server.url);
        expect((await client.get("/readyz")).status).toBe(200);
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        const name = new URL(server.databaseUrl!).pathname.slice(1);
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
        await admin.end();

        const page = await client.get("/productos");
        expect(page.status).toBe(500);
        const html = await page.text();
        expect(html).toContain("Algo salió mal");
        expect(html).not.toMatch(/\n\s+at |node_modules|\.server\.ts/);
        const ready = await client.get("/readyz");
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({
          status: "unavailable",
          database: "unreachable",
        });
        // Liveness: the process serves; restarting it would not bring the database back.
        expect((await client.get("/healthz")).status).toBe(200);

        // A product list has its own error state (spec §8).
        const list = await client.get("/productos/todos");
        expect(list.status).toBe(500);
        expect(await list.text()).toContain("No se pudieron cargar los productos.");
      } finally {
        await server.stop();
      }
    },
  );

  it("stops with one clear message when DATABASE_URL is unreachable", async () => {
    const { code, output } = await runServerExpectingExit({
      NODE_ENV: "production",
      AUTH_SECRET: "x".repeat(40),
      DATABASE_URL: "postgres://nadie@127.0.0.1:1/tienda",
      PAYMENTS: "test",
      PORT: "0",
    });
    expect(code).toBe(1);
    expect(output).toContain("No se pudo conectar a PostgreSQL (DATABASE_URL)");
    expect(output).not.toMatch(/\n\s+at /);
  });

  it("stops with one clear message when the secret is missing in production with PostgreSQL", async () => {
    const { code, output } = await runServerExpectingExit({
      NODE_ENV: "production",
      AUTH_SECRET: "",
      DATABASE_URL: "postgres://nadie@127.0.0.1:1/tienda",
      PORT: "0",
    });
    expect(code).toBe(1);
    expect(output).toContain("AUTH_SECRET");
    expect(output).toContain("obligatorio en producción");
    expect(output).not.toMatch(/\n\s+at /);
  });

  it("stops with one clear message in production without Stripe unless test payments are chosen", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-payments-"));
    try {
      // A real shop: PostgreSQL, or the embedded database without the demo data.
      const shops: Record<string, string>[] = [
        { DATABASE_URL: "postgres://nadie@127.0.0.1:1/tienda" },
        { SEED_ON_START: "false" },
      ];
      for (const shop of shops) {
        const { code, output } = await runServerExpectingExit({
          NODE_ENV: "production",
          AUTH_SECRET: "x".repeat(40),
          DATA_DIR: dataDir,
          PORT: "0",
          STRIPE_SECRET_KEY: "",
          PAYMENTS: "",
          ...shop,
        });
        expect(code).toBe(1);
        expect(output).toContain("Configuración no válida");
        expect(output).toContain(
          "PAYMENTS: en producción hace falta STRIPE_SECRET_KEY (con STRIPE_WEBHOOK_SECRET) para cobrar los pedidos, o PAYMENTS=test",
        );
        expect(output).not.toContain("listening");
        expect(output).not.toMatch(/\n\s+at /);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("names every bad setting", async () => {
    const { code, output } = await runServerExpectingExit({
      PORT: "muchos",
      DATABASE_URL: "mysql://x",
    });
    expect(code).toBe(1);
    expect(output).toContain("Configuración no válida");
    expect(output).toContain("PORT");
    expect(output).toContain("DATABASE_URL");
  });
});
