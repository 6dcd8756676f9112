import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import tls from "node:tls";
import { z } from "zod";
import { REQUEST_LIMITS, SITE_NAME } from "./constants";

const booleanString = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const DEV_SECRET = "tienda-local-development-secret-change-me";

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "debe empezar por postgres:// o postgresql://")
      .optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    /** Requests handled at once before the rest wait or get a 503 (ADR 0032); 0: no limit. */
    MAX_CONCURRENT_REQUESTS: z.coerce
      .number()
      .int()
      .min(0)
      .max(10_000)
      .default(REQUEST_LIMITS.concurrentRequests),
    /** Pages (GET requests of the app) worked on at once; the rest wait (ADR 0040). 0: no limit. */
    MAX_CONCURRENT_PAGES: z.coerce
      .number()
      .int()
      .min(0)
      .max(10_000)
      .default(REQUEST_LIMITS.concurrentPages),
    AUTH_SECRET: z.string().min(32, "debe tener al menos 32 caracteres").optional(),
    ADMIN_EMAIL: z.email().optional(),
    /** Default: on for the embedded database (local/demo), off with DATABASE_URL (production). */
    SEED_ON_START: booleanString.optional(),
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    LOG_REQUESTS: booleanString.default(true),
    /** Tests only: every periodic job's period (ADR 0031), instead of its LIMITS default. */
    SCHEDULED_JOBS_PERIOD_MS: z.coerce.number().int().min(200).optional(),
    /** smtp:// or smtps:// (user and password in the URL); unset: e-mails go to DATA_DIR/outbox. */
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: "debe ser una URL smtp:// o smtps://" })
      .optional(),
    /** Sender of the shop's e-mails, e.g. `Tienda <pedidos@mitienda.es>`. */
    MAIL_FROM: z
      .string()
      .regex(
        /^[^\r\n]*@[^\r\n]*$/,
        "debe ser una dirección de correo, p. ej. Tienda <hola@mitienda.es>",
      )
      .optional(),
    /** Stripe's secret API key; unset: the built-in test payment page (modo de pruebas). */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(
        /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
        "debe ser una clave secreta de Stripe (sk_… o rk_…)",
      )
      .optional(),
    /** The signing secret of the Stripe webhook endpoint (/pagos/webhook). */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9]+$/, "debe ser el secreto de firma del webhook (whsec_…)")
      .optional(),
    /**
     * For tests only: where the Stripe SDK sends its API requests (a local server that plays
     * Stripe's API). Unset in production: api.stripe.com over https.
     */
    STRIPE_API_HOST: z.string().min(1).optional(),
    STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
    /**
     * `stripe` or `test` (the built-in test payment page, nothing is charged). Unset: Stripe with
     * STRIPE_SECRET_KEY, else the test page — in production only for the demo try-out (ADR 0023).
     */
    PAYMENTS: z.enum(["stripe", "test"], { error: "debe ser stripe o test" }).optional(),
    /**
     * Admins must enrol an authenticator app before /admin opens (ADR 0023). Default: on in
     * production with real payments (STRIPE_SECRET_KEY set), off otherwise.
     */
    ADMIN_REQUIRE_2FA: booleanString.optional(),
    /**
     * Sending invoicing records to the AEAT (VERI*FACTU, ADR 0026): `off` (default: records are
     * kept, nothing is sent, the QR points at the «no VERI*FACTU» check), `test` (the AEAT's test
     * environment) or `production`.
     */
    VERIFACTU_MODE: z
      .enum(["off", "test", "production"], { error: "debe ser off, test o production" })
      .default("off"),
    /** The client certificate the AEAT's web service authenticates (PKCS#12: .p12 or .pfx). */
    VERIFACTU_CERT_PATH: z.string().optional(),
    VERIFACTU_CERT_PASSWORD: z.string().optional(),
    /**
     * `personal` (a natural person's or a representative's certificate: www1/prewww1) or `seal`
     * (a «certificado de sello», an entity's electronic seal: www10/prewww10).
     */
    VERIFACTU_CERT_KIND: z
      .enum(["personal", "seal"], { error: "debe ser personal o seal" })
      .default("personal"),
    /** Overrides the AEAT endpoint (tests: a local server that replays recorded answers). */
    VERIFACTU_ENDPOINT: z
      .url({ protocol: /^https$/, error: "debe ser una URL https://" })
      .optional(),
    /**
     * The SistemaInformatico block of every record: who produced the software (default: the
     * shop itself, from its legal data) and this installation's number, unique among all the
     * shop's installations past and future.
     */
    VERIFACTU_PRODUCER_NAME: z.string().max(120, "admite 120 caracteres como mucho").optional(),
    VERIFACTU_PRODUCER_NIF: z
      .string()
      .regex(/^[A-Z0-9]{9}$/, "debe ser un NIF de 9 caracteres (letras mayúsculas y cifras)")
      .optional(),
    VERIFACTU_INSTALLATION_NUMBER: z
      .string()
      .max(100, "admite 100 caracteres como mucho")
      .default("1"),
    /** Where uploaded images are kept: `local` (DATA_DIR/uploads, default) or `s3` (a bucket). */
    STORAGE: z.enum(["local", "s3"], { error: "debe ser local o s3" }).default("local"),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "debe ser un nombre de bucket válido")
      .optional(),
    /** e.g. eu-west-3; `auto` for Cloudflare R2. */
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, "debe ser una región, p. ej. eu-west-3")
      .optional(),
    /** The service's address for anything but AWS (R2, Scaleway, OVH, MinIO). */
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: "debe ser una URL http:// o https://" })
      .optional(),
    /** Unset both: the SDK's default credential chain (AWS_* variables, instance role…). */
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Bucket in the path (`endpoint/bucket/key`) instead of the host name: MinIO and most emulators. */
    S3_FORCE_PATH_STYLE: booleanString.default(false),
    /** Public (CDN) address of the bucket's objects: pages link images there instead of /uploads. */
    S3_PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: "debe ser una URL http:// o https://" })
      .refine((url) => !/[?#]/.test(url), "no puede llevar ? ni #")
      .optional(),
  })
  .transform((env, ctx) => {
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "es obligatorio con STRIPE_SECRET_KEY (los pagos se confirman por el webhook)",
      });
    }
    const isProduction = env.NODE_ENV === "production";
    if (env.VERIFACTU_MODE !== "off") {
      for (const issue of verifactuCertificateIssues(env))
        ctx.addIssue({ code: "custom", ...issue });
    }
    if (!!env.VERIFACTU_PRODUCER_NAME !== !!env.VERIFACTU_PRODUCER_NIF) {
      ctx.addIssue({
        code: "custom",
        path: [env.VERIFACTU_PRODUCER_NAME ? "VERIFACTU_PRODUCER_NIF" : "VERIFACTU_PRODUCER_NAME"],
        message:
          "VERIFACTU_PRODUCER_NAME y VERIFACTU_PRODUCER_NIF van juntos: pon los dos o ninguno",
      });
    }
    for (const issue of storageIssues(env)) ctx.addIssue({ code: "custom", ...issue });
    const payments = resolvePayments(env, isProduction);
    if (payments.issue) {
      ctx.addIssue({ code: "custom", path: ["PAYMENTS"], message: payments.issue });
    }
    const dataDir = path.resolve(env.DATA_DIR);
    let secret = env.AUTH_SECRET;
    if (isProduction && !secret) {
      if (env.DATABASE_URL) {
        // Several instances share one PostgreSQL: they must share one configured secret.
        ctx.addIssue({
          code: "custom",
          path: ["AUTH_SECRET"],
          message:
            "es obligatorio en producción con DATABASE_URL (genera uno con: openssl rand -base64 48)",
        });
      } else {
        // Single machine on the embedded database: a random secret kept beside the data.
        secret = readOrCreateLocalSecret(dataDir);
      }
    }
    const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
    return {
      ...env,
      isProduction,
      BASE_URL: baseUrl,
      MAIL_FROM: env.MAIL_FROM ?? `${SITE_NAME} <no-reply@${new URL(baseUrl).hostname}>`,
      DATA_DIR: dataDir,
      AUTH_SECRET: secret ?? DEV_SECRET,
      ADMIN_EMAIL: env.ADMIN_EMAIL?.toLowerCase(),
      SEED_ON_START: env.SEED_ON_START ?? !env.DATABASE_URL,
      /** Who takes the payments: Stripe, or the built-in test page (nothing is charged). */
      PAYMENTS: payments.mode,
      /** How test payments were chosen, for the start-up log (null with Stripe). */
      testPaymentsBy: payments.testBy,
      ADMIN_REQUIRE_2FA: env.ADMIN_REQUIRE_2FA ?? (isProduction && !!env.STRIPE_SECRET_KEY),
      S3_PUBLIC_URL: env.S3_PUBLIC_URL?.replace(/\/+$/, ""),
    };
  });

/**
 * Stripe with a key; otherwise the test payment page, which in production must be chosen with
 * PAYMENTS=test — except for the demo try-out (`npm start` with no settings: the embedded
 * database with its demo data), so a real shop never takes orders it does not charge by
 * forgetting a variable (ADR 0023).
 */
function resolvePayments(
  env: {
    PAYMENTS?: "stripe" | "test";
    STRIPE_SECRET_KEY?: string;
    DATABASE_URL?: string;
    SEED_ON_START?: boolean;
  },
  isProduction: boolean,
): { mode: "stripe" | "test"; testBy: "PAYMENTS" | "demo" | "development" | null; issue?: string } {
  if (env.STRIPE_SECRET_KEY) {
    if (env.PAYMENTS === "test") {
      return {
        mode: "stripe",
        testBy: null,
        issue: "PAYMENTS=test no se puede usar con STRIPE_SECRET_KEY: quita una de las dos",
      };
    }
    return { mode: "stripe", testBy: null };
  }
  if (env.PAYMENTS === "stripe") {
    return {
      mode: "test",
      testBy: null,
      issue: "PAYMENTS=stripe necesita STRIPE_SECRET_KEY y STRIPE_WEBHOOK_SECRET",
    };
  }
  if (env.PAYMENTS === "test") return { mode: "test", testBy: "PAYMENTS" };
  if (!isProduction) return { mode: "test", testBy: "development" };
  const demoTryOut = !env.DATABASE_URL && (env.SEED_ON_START ?? true);
  if (demoTryOut) return { mode: "test", testBy: "demo" };
  return {
    mode: "test",
    testBy: null,
    issue:
      "en producción hace falta STRIPE_SECRET_KEY (con STRIPE_WEBHOOK_SECRET) para cobrar los pedidos, " +
      "o PAYMENTS=test para usar a propósito el pago de prueba (no se cobra nada)",
  };
}

const S3_SETTINGS = [
  "S3_BUCKET",
  "S3_REGION",
  "S3_ENDPOINT",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_PUBLIC_URL",
] as const;

/**
 * STORAGE=s3 needs a bucket and a region, and the key pair whole; S3 settings without STORAGE=s3
 * would silently leave the images on the local disk, so they are refused too.
 */
function storageIssues(
  env: { STORAGE: "local" | "s3" } & Partial<Record<(typeof S3_SETTINGS)[number], string>>,
): { path: string[]; message: string }[] {
  if (env.STORAGE !== "s3") {
    return S3_SETTINGS.filter((name) => env[name] !== undefined).map((name) => ({
      path: [name],
      message: "solo se usa con STORAGE=s3: pon STORAGE=s3 o quítala",
    }));
  }
  const issues: { path: string[]; message: string }[] = [];
  if (!env.S3_BUCKET) {
    issues.push({
      path: ["S3_BUCKET"],
      message: "es obligatorio con STORAGE=s3 (el bucket de las imágenes)",
    });
  }
  if (!env.S3_REGION) {
    issues.push({
      path: ["S3_REGION"],
      message: "es obligatorio con STORAGE=s3 (p. ej. eu-west-3; auto para Cloudflare R2)",
    });
  }
  if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY) {
    issues.push({
      path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
      message:
        "S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntas: pon las dos, o ninguna para usar las credenciales del entorno (AWS_*, rol de la instancia)",
    });
  }
  return issues;
}

/**
 * With sending on, the certificate must be there and open with its password: a shop learns it
 * at start-up, not from records that silently stay unsent.
 */
function verifactuCertificateIssues(env: {
  VERIFACTU_MODE: string;
  VERIFACTU_CERT_PATH?: string;
  VERIFACTU_CERT_PASSWORD?: string;
}): { path: string[]; message: string }[] {
  const needed = `es obligatorio con VERIFACTU_MODE=${env.VERIFACTU_MODE} (el envío de registros a la AEAT)`;
  const issues: { path: string[]; message: string }[] = [];
  if (!env.VERIFACTU_CERT_PATH) issues.push({ path: ["VERIFACTU_CERT_PATH"], message: needed });
  if (env.VERIFACTU_CERT_PASSWORD === undefined) {
    issues.push({ path: ["VERIFACTU_CERT_PASSWORD"], message: needed });
  }
  if (issues.length > 0 || !env.VERIFACTU_CERT_PATH) return issues;
  let pfx: Buffer;
  try {
    pfx = fs.readFileSync(env.VERIFACTU_CERT_PATH);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return [
      {
        path: ["VERIFACTU_CERT_PATH"],
        message:
          code === "ENOENT"
            ? "no existe el fichero del certificado"
            : `no se puede leer el fichero del certificado (${code ?? "error"})`,
      },
    ];
  }
  try {
    tls.createSecureContext({ pfx, passphrase: env.VERIFACTU_CERT_PASSWORD });
  } catch (error) {
    const text = String((error as Error).message).toLowerCase();
    return [
      {
        path: ["VERIFACTU_CERT_PATH"],
        message: text.includes("mac verify")
          ? "la contraseña del certificado (VERIFACTU_CERT_PASSWORD) no es correcta"
          : text.includes("unsupported")
            ? "el certificado usa un cifrado antiguo que Node no abre: expórtalo de nuevo (openssl pkcs12 -legacy -in viejo.p12 -out cert.pem, y openssl pkcs12 -export -in cert.pem -out nuevo.p12)"
            : "no es un certificado PKCS#12 (.p12 o .pfx) con su clave privada",
      },
    ];
  }
  return [];
}

function readOrCreateLocalSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(48).toString("base64");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export type Env = z.output<typeof envSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the process environment; throws a ConfigError whose message names every bad setting. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings count as "not set", as they do in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  - ${issue.path.join(".")}: ${issue.message}`,
    );
    throw new ConfigError(`Configuración no válida:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
