/**
 * The Express application: security headers, logging, CSRF, uploads and the React Router
 * handler. Built by Vite as the server bundle's entry, hosted by server.ts.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { RouterContextProvider } from "react-router";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PASSWORD,
} from "~/db/seed/demo-data";
import { seedDemoIfEmpty } from "~/db/seed/demo.server";
import { createAuth, setAuth } from "~/modules/accounts/auth.server";
import { requestInfoContext, sharedSignedInContext } from "~/lib/context";
import { LIMITS, REQUEST_LIMITS } from "~/lib/constants";
import { acquireDataDirLock } from "~/lib/data-dir-lock.server";
import { openDatabase, setDatabase } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { flushMail, setMailer } from "~/lib/mail.server";
import { catalogVersion } from "~/db/public-cache.server";
import { createAccountMail } from "~/modules/accounts/account-mail.server";
import { getSiteSettings } from "~/modules/settings/site-settings.server";
import { serveBackups } from "~/modules/backup/index.server";
import { UNSUBSCRIBE_PATH } from "~/modules/promotions/tokens.server";
import { runInRequestScope } from "~/lib/request-scope.server";
import { IMAGE_MESSAGES, IMAGE_UPLOAD_PATH } from "~/modules/media/schemas";
import { startBackgroundJobs } from "./background-jobs";
import { bodyLimit, type BodyPolicy } from "./body-limit";
import { PRODUCT_CSV_BODY_BYTES, PRODUCT_CSV_PATHS } from "~/modules/catalog/product-csv";
import { crossSiteRequestGuard } from "./csrf";
import { CSP_REPORT_PATH, cspReportHandler } from "./csp-report";
import { hostileUrlGuard } from "./hostile-input";
import { HEALTH_CHECK_PATHS, loadShedding, loadShedOptions } from "./load-shed";
import { pageTurns } from "./page-turns";
import { lastResortErrorHandler } from "./error-handler";
import { createRequestHandler } from "./request-handler";
import { CACHE } from "~/lib/cache";
import { PERSONAL_PATH } from "~/modules/accounts/personal";
import { AVATAR_PATH } from "~/modules/accounts/settings-schemas";
import { personalOfRequest } from "~/modules/accounts/personal.server";
import { getSessionUser } from "~/modules/accounts/session.server";
import { createPageCache, SHARED_SIGNED_IN } from "./page-cache";
import { servePrecompressed } from "./precompressed-assets";
import { getStorage } from "~/lib/storage.server";
import { isS3Storage } from "~/lib/s3-storage.server";
import { setImageBaseUrl } from "~/lib/image-url";
import { serveUploadsFromBucket } from "./uploads";

const WEBHOOK_PATH = "/pagos/webhook";

/** How much of a request's body the server reads (REQUEST_LIMITS), by its path. */
function bodyPolicy(path: string): BodyPolicy {
  if (path === IMAGE_UPLOAD_PATH) {
    return {
      maxBytes: REQUEST_LIMITS.uploadBodyBytes,
      streamed: true,
      tooLargeMessage: IMAGE_MESSAGES.bodyTooLarge,
      json: true,
    };
  }
  // The profile picture: the same cap as an admin's upload (its route reads the body itself).
  if (path === AVATAR_PATH || path === `${AVATAR_PATH}.data`) {
    return { maxBytes: REQUEST_LIMITS.uploadBodyBytes, streamed: true };
  }
  // A product CSV import (its route reads the multipart body itself, under the same cap).
  if (path === PRODUCT_CSV_PATHS.import || path === `${PRODUCT_CSV_PATHS.import}.data`) {
    return { maxBytes: PRODUCT_CSV_BODY_BYTES, streamed: true };
  }
  if (path === WEBHOOK_PATH) return { maxBytes: REQUEST_LIMITS.webhookBodyBytes, streamed: true };
  if (path === CSP_REPORT_PATH) return { maxBytes: REQUEST_LIMITS.cspReportBodyBytes };
  if (path.startsWith("/admin/")) return { maxBytes: REQUEST_LIMITS.adminFormBodyBytes };
  return { maxBytes: REQUEST_LIMITS.formBodyBytes };
}

/** The React Router build (routes, entry): `npm run bench`'s render baseline renders with it. */
export const loadServerBuild = () => import("virtual:react-router/server-build");

export async function createApp() {
  const env = getEnv();
  // Pages link images to the bucket's public URL or CDN when there is one (ADR 0030).
  setImageBaseUrl(env.S3_PUBLIC_URL);
  const storage = getStorage();
  // PGlite allows one process per data folder: refuse to start beside a running script/server.
  const releaseLock = env.DATABASE_URL ? undefined : acquireDataDirLock(env.DATA_DIR, "servidor");
  const database = await openDatabase(env);
  setDatabase(database);
  await database.migrate();
  // `npm run db:backup` asks this process for the embedded database (a local socket, ADR 0033).
  const stopBackups = database.dumpDataDir
    ? await serveBackups(env.DATA_DIR, database.dumpDataDir)
    : undefined;
  setAuth(createAuth(database.db, env, createAccountMail(env)));
  if (!env.SMTP_URL) {
    log("info", "SMTP_URL is not set: e-mails are written to the outbox folder", {
      path: path.join(env.DATA_DIR, "outbox"),
    });
  }
  if (env.PAYMENTS === "test") {
    // In production only by PAYMENTS=test or for the demo try-out (ADR 0023); the admin
    // dashboard shows it too.
    log(
      env.isProduction ? "warn" : "info",
      "test payments active: orders are not charged (the built-in test payment page takes them)",
      { chosenBy: env.testPaymentsBy === "PAYMENTS" ? "PAYMENTS=test" : env.testPaymentsBy },
    );
  }
  if (env.SEED_ON_START && (await seedDemoIfEmpty()) && env.isProduction) {
    log(
      "warn",
      "demo data loaded: change or delete the demo accounts before taking real customers",
      // The demo's published passwords (README, demo-data.ts), the same in every try-out: a
      // newcomer signs in with what the start-up printed.
      {
        accounts: [
          `${DEMO_ADMIN_EMAIL} / ${DEMO_ADMIN_PASSWORD} (admin)`,
          `${DEMO_CUSTOMER_EMAIL} / ${DEMO_CUSTOMER_PASSWORD} (cliente)`,
        ],
      },
    );
  }

  // Periodic jobs (once per period across the cluster) and the e-mail outbox's worker.
  const backgroundJobs = await startBackgroundJobs(env);

  const app = express.Router();

  app.use((req, res, next) => {
    const requestId = crypto.randomUUID();
    const started = process.hrtime.bigint();
    res.locals.requestId = requestId;
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", requestId);
    if (env.LOG_REQUESTS) {
      res.on("finish", () => {
        // The path only: query strings may carry tokens, and no header is ever logged.
        log("info", "request", {
          requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        });
      });
    }
    runInRequestScope(next);
  });
  app.use(loadShedding(loadShedOptions(env.MAX_CONCURRENT_REQUESTS)));

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [
            "'self'",
            (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce as string}'`,
          ],
          // Stylesheets from the shop only; a <style> element only with the nonce (the scroll
          // lock of dialogs inserts one: app/lib/csp-client.ts hands it the nonce). Style
          // attributes stay allowed: React and Radix render some (a slider's range, visually
          // hidden text), and an attribute cannot select or load anything (ADR 0023).
          styleSrc: ["'self'"],
          styleSrcElem: [
            "'self'",
            (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce as string}'`,
          ],
          styleSrcAttr: ["'unsafe-inline'"],
          // https: a logo set by its address in /admin/configuracion may live on another site.
          // The images' public URL or CDN (ADR 0030): its origin only, never a whole scheme.
          imgSrc: [
            "'self'",
            "data:",
            "blob:",
            "https:",
            ...(env.S3_PUBLIC_URL ? [new URL(env.S3_PUBLIC_URL).origin] : []),
          ],
          fontSrc: ["'self'"],
          connectSrc: env.isProduction ? ["'self'"] : ["'self'", "ws:"],
          // Without JavaScript, 'Pagar' is a form post answered by a redirect to Stripe Checkout:
          // browsers apply form-action to that redirect too.
          formAction: env.STRIPE_SECRET_KEY
            ? ["'self'", "https://checkout.stripe.com"]
            : ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          ...(env.isProduction ? { upgradeInsecureRequests: [] } : {}),
          // Violations are logged (server/csp-report.ts): report-uri for every browser,
          // report-to (Reporting-Endpoints, below) for those that prefer it.
          reportUri: [CSP_REPORT_PATH],
          reportTo: ["csp"],
        },
      },
      strictTransportSecurity: env.isProduction
        ? { maxAge: 63072000, includeSubDomains: true }
        : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  // Before anything reads the request: a NUL or non-UTF-8 byte in the address, then the body's
  // size and content (ADR 0023).
  app.use(hostileUrlGuard());
  app.use(bodyLimit((req) => bodyPolicy(req.path)));
  const reportingEndpoints = `csp="${new URL(CSP_REPORT_PATH, env.BASE_URL).href}"`;
  app.use((_req, res, next) => {
    res.setHeader("Reporting-Endpoints", reportingEndpoints);
    next();
  });
  // Brotli's default 4 MB window is allocated and cleared for every response; the shop's pages
  // are well under 256 KB, so an 18-bit window gives the same bytes ~2.5× faster (ADR 0018).
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }));
  // RFC 8058: mail providers POST the one-click unsubscribe from their own servers; the signed
  // token in the URL is the authorisation there, not the browser's origin.
  // Browsers send CSP reports without the page's origin rules (no cookie is used there either).
  app.use(
    crossSiteRequestGuard(env.BASE_URL, { exemptPaths: [UNSUBSCRIBE_PATH, CSP_REPORT_PATH] }),
  );
  app.use(CSP_REPORT_PATH, cspReportHandler());

  // With a bucket, /uploads still answers: pages without S3_PUBLIC_URL link there, and stored
  // addresses (avatars, page texts) keep working with one.
  app.use(
    "/uploads",
    isS3Storage(storage)
      ? serveUploadsFromBucket(storage)
      : express.static(path.join(env.DATA_DIR, "uploads"), {
          immutable: true,
          maxAge: "365d",
          index: false,
          fallthrough: false,
        }),
  );
  if (env.isProduction) {
    app.use(
      "/assets",
      servePrecompressed("build/client/assets", { "Cache-Control": CACHE.immutableAsset }),
      express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }),
    );
    // The few files at the build's root (favicon, logo): matched by name, so that page
    // requests do not each cost a file-system lookup.
    const rootFiles = new Set(
      fs
        .readdirSync("build/client", { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `/${entry.name}`),
    );
    const serveRootFile = express.static("build/client", { maxAge: "1h", index: false });
    app.use((req, res, next) => (rootFiles.has(req.path) ? serveRootFile(req, res, next) : next()));
  }

  // The account of a page from the shared signed-in copy (ADR 0020): JSON, never stored.
  app.get(PERSONAL_PATH, (req, res, next) => {
    personalOfRequest(req.headers.cookie).then((personal) => {
      res.setHeader("Cache-Control", CACHE.privateNoStore);
      res.json(personal);
    }, next);
  });

  // Development re-renders on every request so code changes show at once.
  if (env.isProduction) {
    const pageCache = createPageCache({
      version: catalogVersion,
      maxEntries: LIMITS.pageCacheEntries,
      maxBytes: LIMITS.pageCacheBytes,
      bypass: async () => (await getSiteSettings()).maintenance.enabled,
      async isCustomerSession(req) {
        const user = await getSessionUser(req.headers.cookie).catch(() => null);
        return user?.role === "customer";
      },
    });
    app.use(pageCache.middleware);
  }

  app.use(
    pageTurns({
      maxAtOnce: env.MAX_CONCURRENT_PAGES,
      tailMs: REQUEST_LIMITS.pageTurnTailMs,
      exemptPaths: HEALTH_CHECK_PATHS,
    }),
  );
  app.use(
    createRequestHandler({
      // Production serves one build: deriving routes from it on every request (what React
      // Router does when given a function, for development's hot reload) costs ~5% CPU.
      build: env.isProduction ? await loadServerBuild() : loadServerBuild,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(requestInfoContext, {
          requestId: res.locals.requestId as string,
          ip: req.ip ?? "unknown",
          nonce: res.locals.cspNonce as string,
        });
        if (res.locals[SHARED_SIGNED_IN] === true) context.set(sharedSignedInContext, true);
        return context;
      },
    }),
  );

  app.use(lastResortErrorHandler());

  return {
    app,
    async close() {
      await backgroundJobs.stop();
      // Messages still on their way (sent in the background) go out before the database closes.
      await flushMail();
      setMailer(undefined);
      stopBackups?.();
      await database.close();
      releaseLock?.();
    },
  };
}
