import { captureLog } from "../tests/helpers/log-capture";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { lastResortErrorHandler } from "./error-handler";

async function serve(app: express.Express) {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((resolve) => server.close(resolve)) };
}

let cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

function appThatFails(error: unknown) {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.requestId = "req-1234";
    next();
  });
  app.get("/falla", () => {
    throw error;
  });
  app.use(lastResortErrorHandler());
  return app;
}

describe("lastResortErrorHandler", () => {
  it("logs one line with the request id and no SQL parameters, and shows the id", async () => {
    const log = captureLog();
    cleanup.push(log.restore);
    const failure = new Error(
      'Failed query: select * from "user" where "email" = $1\nparams: victima@ejemplo.es',
    );
    const { url, close } = await serve(appThatFails(failure));
    cleanup.push(close);

    const response = await fetch(`${url}/falla?token=secreto`, {
      headers: { Accept: "text/html" },
    });
    expect(response.status).toBe(500);
    const page = await response.text();
    expect(page).toContain("Algo salió mal");
    expect(page).toContain("Código de referencia: <code>req-1234</code>");
    expect(page).not.toContain("Failed query");

    const lines = log.lines.filter((line) => line.includes("unhandled error"));
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: "error", requestId: "req-1234", path: "/falla" });
    expect(lines[0]).toContain("Failed query");
    expect(lines[0]).not.toContain("victima@ejemplo.es");
    expect(lines[0]).not.toContain("secreto");
  });

  it("answers a refused static path with 404 and logs nothing", async () => {
    const log = captureLog();
    cleanup.push(log.restore);
    const forbidden = Object.assign(new Error("Forbidden"), { status: 403 });
    const { url, close } = await serve(appThatFails(forbidden));
    cleanup.push(close);
    const response = await fetch(`${url}/falla`);
    expect(response.status).toBe(404);
    expect(log.lines.filter((line) => line.includes("unhandled error"))).toEqual([]);
  });
});
