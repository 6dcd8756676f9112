/**
 * The shared page cache: anonymous visitors' pages (documents and client-side navigations' data)
 * served from memory, the way a CDN in front of the shop would serve them — but exact.
 *
 * - Only what the route already declares shareable is kept: status 200, `Cache-Control: public,
 *   max-age=N` (CACHE.publicShort) or `public, no-cache, s-maxage=N` (CACHE.publicLiveState),
 *   no `Set-Cookie`. It is kept for at most those N seconds.
 * - Requests without any of the shop's cookies share one copy of a page. Signed-in customers
 *   (a valid session and no other shop cookie: no toast, no visitor cart) share a second copy,
 *   rendered without personal data, which the browser fetches afterwards (ADR 0020); only for
 *   pages whose anonymous copy was shareable, so a page that treats a signed-in visitor
 *   differently in any other way (an account page, a redirect) is never rendered that way.
 *   Everything else renders as usual.
 * - Each page remembers the catalogue version it was rendered at (ADR 0006); a write to the
 *   catalogue moves the version and every instance re-renders on the next request.
 * - A kept page goes out as the same bytes to everyone: its Content-Security-Policy allows its
 *   inline scripts by hash instead of by the nonce it was rendered with (script-hashes.ts), and
 *   it is compressed with brotli once, on its first hit (ADR 0018).
 */
import zlib from "node:zlib";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import Negotiator from "negotiator";
import { carriesOnlySessionCookies, carriesShopCookie } from "~/lib/shop-cookie";
import { inlineScriptHashes, policyWithSources } from "./script-hashes";

export interface PageCacheOptions {
  /** The catalogue version now (one indexed read, shared with the request's loaders). */
  version: () => Promise<number>;
  maxEntries: number;
  maxBytes: number;
  /**
   * true: neither serve nor store pages now (maintenance mode: every visitor gets the 503
   * maintenance page, and no page rendered meanwhile may outlive it).
   */
  bypass?: () => Promise<boolean>;
  /**
   * Whether the request's session is a customer's (not an admin's, whose pages carry admin
   * links and previews): only then may it be answered with the shared signed-in copy. Without
   * this option signed-in requests never use the cache.
   */
  isCustomerSession?: (req: Request) => Promise<boolean>;
}

/**
 * Set on `res.locals` when the request renders the shared signed-in copy: React Router's load
 * context then renders it as for a visitor, without reading the session (server/app.ts).
 */
export const SHARED_SIGNED_IN = "sharedSignedInPage";

interface CachedPage {
  version: number;
  expiresAt: number;
  headers: [string, string][];
  body: Buffer;
  /** The body as brotli, for browsers (others get it compressed on the way out, as before). */
  brotli?: Buffer;
  bytes: number;
  /**
   * The page's Content-Security-Policy as rendered, with the nonce it allowed its inline
   * scripts by: turned into a policy by hash, and the body compressed, on the first hit only.
   * Most pages of the long tail (a filter, a deep page, a search) are never asked for again,
   * and that work (~5 % of a miss's CPU) went to waste on every one of them.
   */
  pending?: { policy: string | undefined; nonce: string };
}

/** Response headers that belong to the page; the rest are per response (set again on a hit). */
const KEPT_HEADERS = ["content-type", "cache-control", "vary", "link"];

/** Smallest body worth compressing (compression()'s threshold). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Once per kept page, on the main thread: ~5 ms for a 200 KB list page. In libuv's thread pool
 * the same work left ~20–30 MB more peak RSS (memory the pool's threads keep once used).
 */
function brotli(body: Buffer): Buffer {
  return zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** Whether the request accepts brotli (`br;q=0` refuses it). */
function acceptsBrotli(req: Request): boolean {
  return new Negotiator(req).encodings(["br"]).includes("br");
}

/**
 * How long this cache may keep a response: `s-maxage` (a shared cache's own lifetime, which
 * CACHE.publicLiveState pairs with `no-cache` for browsers: this cache checks the catalogue
 * version on every hit, which is the revalidation `no-cache` asks for), else `max-age`.
 */
function maxAgeSeconds(cacheControl: string): number {
  if (!/(^|,)\s*public\s*(,|$)/i.test(cacheControl)) return 0;
  if (/no-store|private/i.test(cacheControl)) return 0;
  const shared = /(?:^|[\s,])s-maxage=(\d+)/i.exec(cacheControl);
  if (shared) return Number(shared[1]);
  if (/no-cache/i.test(cacheControl)) return 0;
  const maxAge = /(?:^|[\s,])max-age=(\d+)/i.exec(cacheControl);
  return maxAge ? Number(maxAge[1]) : 0;
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (chunk === undefined || chunk === null || typeof chunk === "function") return undefined;
  if (typeof chunk === "string")
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return undefined;
}

export function createPageCache(options: PageCacheOptions) {
  const entries = new Map<string, CachedPage>();
  let totalBytes = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.bytes;
    entries.delete(key);
  }

  function evictOverflow() {
    // Map order is insertion order: the first key is the least recently used.
    while (entries.size > options.maxEntries || totalBytes > options.maxBytes) {
      remove(entries.keys().next().value!);
    }
  }

  function store(key: string, entry: CachedPage) {
    remove(key);
    if (entry.bytes > options.maxBytes / 8) return;
    entries.set(key, entry);
    totalBytes += entry.bytes;
    evictOverflow();
  }

  /** A kept page's first hit: the policy by hash and the compressed body, once. */
  function prepare(entry: CachedPage) {
    const { policy, nonce } = entry.pending!;
    entry.pending = undefined;
    if (policy !== undefined) {
      const hashes = inlineScriptHashes(entry.body.toString("utf8"), nonce);
      entry.headers.push(["content-security-policy", policyWithSources(policy, nonce, hashes)]);
    }
    if (entry.body.length >= COMPRESS_FROM_BYTES) {
      entry.brotli = brotli(entry.body);
      entry.bytes += entry.brotli.length;
      totalBytes += entry.brotli.length;
    }
  }

  /** Copies what the rest of the stack writes, and keeps it if the response is shareable. */
  function capture(res: Response, key: string, version: number, nonce: string) {
    const chunks: Buffer[] = [];
    let size = 0;
    const limit = options.maxBytes / 8;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (size > limit) return;
      const buffer = toBuffer(chunk, encoding);
      if (!buffer) return;
      size += buffer.length;
      if (size <= limit) chunks.push(buffer);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return Reflect.apply(write, this, [chunk, ...rest]) as boolean;
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      const result = Reflect.apply(end, this, [chunk, ...rest]) as Response;
      const maxAge = maxAgeSeconds(String(res.getHeader("cache-control") ?? ""));
      if (res.statusCode === 200 && maxAge > 0 && !res.hasHeader("set-cookie") && size <= limit) {
        const headers: [string, string][] = [];
        for (const name of KEPT_HEADERS) {
          const value = res.getHeader(name);
          if (value !== undefined) headers.push([name, String(value)]);
        }
        const body = Buffer.concat(chunks);
        const policy = res.getHeader("content-security-policy");
        store(key, {
          version,
          expiresAt: Date.now() + maxAge * 1000,
          headers,
          body,
          bytes: body.length,
          pending: { policy: policy === undefined ? undefined : String(policy), nonce },
        });
      }
      return result;
    } as Response["end"];
  }

  const middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET") return next();
    const anonymous = !carriesShopCookie(req.headers.cookie);
    const signedIn =
      !anonymous &&
      options.isCustomerSession !== undefined &&
      // Documents only: a client-side navigation's data request carries the real data.
      !req.path.endsWith(".data") &&
      carriesOnlySessionCookies(req.headers.cookie);
    if (!anonymous && !signedIn) return next();
    const started = performance.now();
    // Pages do not depend on the Host header (links use BASE_URL), but keying on it means a
    // forged Host could never put a page in front of anyone else.
    const anonymousKey = `${req.headers.host ?? ""} ${req.originalUrl}`;
    // Account and admin pages (never shareable) go straight on, without a query.
    if (signedIn && !entries.has(anonymousKey)) return next();
    // A line break can be in neither a Host header nor a URL: no request's key can be another's.
    const key = signedIn ? `${anonymousKey}\nsigned-in` : anonymousKey;
    const nonce = String(res.locals.cspNonce ?? "");
    Promise.all([
      options.version(),
      options.bypass?.() ?? false,
      signedIn ? options.isCustomerSession!(req) : true,
    ]).then(
      ([version, bypass, allowed]) => {
        if (bypass || !allowed) {
          next();
          return;
        }
        const hit = entries.get(key);
        if (hit && hit.version === version && hit.expiresAt > Date.now()) {
          entries.delete(key);
          entries.set(key, hit);
          if (hit.pending) {
            prepare(hit);
            evictOverflow();
          }
          for (const [name, value] of hit.headers) res.setHeader(name, value);
          const dur = Math.round((performance.now() - started) * 10) / 10;
          res.setHeader("Server-Timing", `cache;desc="hit", total;dur=${dur}`);
          const encoded = hit.brotli && acceptsBrotli(req) ? hit.brotli : undefined;
          // compression() leaves an answer that already has a Content-Encoding as it is.
          if (encoded) res.setHeader("Content-Encoding", "br");
          const body = encoded ?? hit.body;
          res.setHeader("Content-Length", body.length);
          res.status(200).end(body);
          return;
        }
        if (signedIn) res.locals[SHARED_SIGNED_IN] = true;
        capture(res, key, version, nonce);
        next();
      },
      // No version, no cache: the page renders as usual (and reports the database error).
      () => next(),
    );
  };

  return { middleware };
}
