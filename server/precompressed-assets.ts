/**
 * Static assets compressed once, when the shop is built, instead of on every request
 * (ADR 0021): the build writes `name.br` (brotli, best quality) and `name.gz` (gzip, level 9)
 * beside each text asset, and the server sends the one the browser accepts.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { RequestHandler } from "express";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than a network packet. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** In the server's order of preference: brotli's copies are the smaller. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** Writes `.br` and `.gz` copies of the compressible files directly in `dir`. */
export async function precompressDirectory(dir: string): Promise<void> {
  const names = (await fsp.readdir(dir)).filter((name) => COMPRESSIBLE.test(name));
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const content = await fsp.readFile(file);
      if (content.length < MIN_BYTES) return;
      const copies = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all(
        ENCODINGS.map(({ suffix }, index) => {
          const copy = copies[index]!;
          return copy.length < content.length ? fsp.writeFile(file + suffix, copy) : undefined;
        }),
      );
    }),
  );
}

/** Vite plugin: compresses the client build's assets once they are written. */
export function precompressAssets(): Plugin {
  return {
    name: "tienda:precompress-assets",
    apply: "build",
    async writeBundle(options) {
      // The server build has no browser assets to compress.
      if (this.environment.config.consumer !== "client" || !options.dir) return;
      await precompressDirectory(path.join(options.dir, "assets"));
    },
  };
}

/**
 * Serves the precompressed copies of the files directly in `root` to browsers that accept
 * them, with `headers`; anything else (no copy, `identity` only, another method) goes on to
 * the next handler, the plain static files. Which copies exist is read once: a build's assets
 * do not change while it runs.
 */
export function servePrecompressed(root: string, headers: Record<string, string>): RequestHandler {
  const files = new Set(fs.existsSync(root) ? fs.readdirSync(root) : []);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (name.includes("/") || !COMPRESSIBLE.test(name)) return next();
    const offered = ENCODINGS.filter(({ suffix }) => files.has(name + suffix));
    if (offered.length === 0) return next();
    res.vary("Accept-Encoding");
    // The browser's order among encodings it accepts equally says nothing (Chrome lists gzip
    // first): the smaller copy it accepts wins.
    const encoding = offered.find((offer) => req.acceptsEncodings(offer.name) === offer.name);
    if (!encoding) return next();
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", encoding.name);
    for (const [header, value] of Object.entries(headers)) res.setHeader(header, value);
    res.sendFile(name + encoding.suffix, { root, cacheControl: false }, (error) => {
      if (!error || res.headersSent) return;
      // Gone since start-up (a new build beside a running one): whatever answers next must not
      // carry this file's headers, least of all a year's caching of a 404.
      for (const header of ["Content-Type", "Content-Encoding", ...Object.keys(headers)]) {
        res.removeHeader(header);
      }
      next();
    });
  };
}
