import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDirectory, servePrecompressed } from "./precompressed-assets";

const script = `export const greeting = ${JSON.stringify("¡Hola! ".repeat(400))};\n`;
let dir: string;
let server: http.Server;
let base: string;

function get(file: string, headers: Record<string, string>, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.request(`${base}/assets/${file}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on("error", reject);
      req.end();
    },
  );
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "precompressed-"));
  fs.writeFileSync(path.join(dir, "app-abc123.js"), script);
  fs.writeFileSync(path.join(dir, "tiny-abc123.js"), "export {};\n");
  fs.writeFileSync(path.join(dir, "photo-abc123.webp"), Buffer.alloc(4096, 7));
  await precompressDirectory(dir);

  ({ server, base } = await serveAssets());
});

/** The shop's two /assets handlers over `dir`, as server/app.ts chains them, on a free port. */
async function serveAssets() {
  const app = express();
  app.use(
    "/assets",
    servePrecompressed(dir, { "Cache-Control": "public, max-age=31536000, immutable" }),
    express.static(dir),
  );
  const listening = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => listening.once("listening", resolve));
  return {
    server: listening,
    base: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
  };
}

afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("precompressDirectory", () => {
  it("writes brotli and gzip copies of text assets that decompress to the original", () => {
    const brotli = fs.readFileSync(path.join(dir, "app-abc123.js.br"));
    const gzip = fs.readFileSync(path.join(dir, "app-abc123.js.gz"));
    expect(zlib.brotliDecompressSync(brotli).toString()).toBe(script);
    expect(zlib.gunzipSync(gzip).toString()).toBe(script);
    expect(brotli.length).toBeLessThan(gzip.length);
  });

  it("leaves tiny files and images alone", () => {
    const files = fs.readdirSync(dir);
    expect(files).not.toContain("tiny-abc123.js.br");
    expect(files).not.toContain("photo-abc123.webp.br");
    expect(files).not.toContain("photo-abc123.webp.gz");
  });
});

describe("servePrecompressed", () => {
  it("sends brotli to a browser that accepts it, whatever the order of its list", async () => {
    const res = await get("app-abc123.js", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it("sends gzip to a browser without brotli, or that refuses it", async () => {
    for (const accept of ["gzip, deflate", "br;q=0, gzip"]) {
      const res = await get("app-abc123.js", { "Accept-Encoding": accept });
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(res.body).toString()).toBe(script);
    }
  });

  it("sends the plain file when no encoding is accepted", async () => {
    const cases: Record<string, string>[] = [
      {},
      { "Accept-Encoding": "identity" },
      { "Accept-Encoding": "br;q=0, gzip;q=0" },
    ];
    for (const headers of cases) {
      const res = await get("app-abc123.js", headers);
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.body.toString()).toBe(script);
    }
  });

  it("answers HEAD with the compressed copy's headers and no body", async () => {
    const res = await get("app-abc123.js", { "Accept-Encoding": "br" }, "HEAD");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(Number(res.headers["content-length"])).toBe(
      fs.statSync(path.join(dir, "app-abc123.js.br")).size,
    );
    expect(res.body.length).toBe(0);
  });

  it("leaves files without a copy, and missing files, to the static handler", async () => {
    const tiny = await get("tiny-abc123.js", { "Accept-Encoding": "br" });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe("export {};\n");
    expect((await get("missing-abc123.js", { "Accept-Encoding": "br" })).status).toBe(404);
  });

  it("answers a copy deleted since start-up (a new build beside a running one) as a plain 404, never cached for a year", async () => {
    fs.writeFileSync(path.join(dir, "gone-abc123.js"), script);
    await precompressDirectory(dir);
    const late = await serveAssets();
    try {
      for (const suffix of ["", ".br", ".gz"]) fs.rmSync(path.join(dir, `gone-abc123.js${suffix}`));
      const response = await fetch(`${late.base}/assets/gone-abc123.js`, {
        headers: { "Accept-Encoding": "br" },
      });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("cache-control") ?? "").not.toContain("immutable");
    } finally {
      late.server.close();
    }
  });
});
