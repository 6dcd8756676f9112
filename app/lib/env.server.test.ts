import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("has working defaults for a local start", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.BASE_URL).toBe("http://localhost:3000");
    expect(env.DATA_DIR).toBe(path.resolve("data"));
    expect(env.SEED_ON_START).toBe(true);
    expect(env.isProduction).toBe(false);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("loads the demo data by default only on the embedded database", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://h/db" }).SEED_ON_START).toBe(false);
    expect(parseEnv({ DATABASE_URL: "postgres://h/db", SEED_ON_START: "true" }).SEED_ON_START).toBe(
      true,
    );
    expect(parseEnv({ SEED_ON_START: "0" }).SEED_ON_START).toBe(false);
  });

  it("treats empty strings as unset and lower-cases ADMIN_EMAIL", () => {
    const env = parseEnv({ DATABASE_URL: "", ADMIN_EMAIL: "Jefa@Tienda.ES" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ADMIN_EMAIL).toBe("jefa@tienda.es");
  });

  it("takes Stripe keys only with the webhook's signing secret, and only well-formed", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc123" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: es obligatorio con STRIPE_SECRET_KEY/,
    );
    expect(() =>
      parseEnv({ STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }),
    ).toThrow(/STRIPE_SECRET_KEY: debe ser una clave secreta de Stripe/);
    const env = parseEnv({
      STRIPE_SECRET_KEY: "sk_test_abc123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
    });
    expect(env.STRIPE_SECRET_KEY).toBe("sk_test_abc123");
    expect(parseEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it("requires admins' second factor by default only in production with real payments", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_live_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc" };
    const production = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) } as const;
    expect(parseEnv({}).ADMIN_REQUIRE_2FA).toBe(false);
    expect(parseEnv(stripe).ADMIN_REQUIRE_2FA).toBe(false);
    expect(parseEnv(production).ADMIN_REQUIRE_2FA).toBe(false);
    expect(parseEnv({ ...production, ...stripe }).ADMIN_REQUIRE_2FA).toBe(true);
    expect(
      parseEnv({ ...production, ...stripe, ADMIN_REQUIRE_2FA: "false" }).ADMIN_REQUIRE_2FA,
    ).toBe(false);
    expect(parseEnv({ ADMIN_REQUIRE_2FA: "true" }).ADMIN_REQUIRE_2FA).toBe(true);
    expect(() => parseEnv({ ADMIN_REQUIRE_2FA: "sí" })).toThrow(/ADMIN_REQUIRE_2FA/);
  });

  it("requires AUTH_SECRET in production with PostgreSQL", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://h/db" })).toThrow(
      ConfigError,
    );
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://h/db" })).toThrow(
      /AUTH_SECRET/,
    );
  });

  it("in production, test payments must be chosen with PAYMENTS=test, except for the demo try-out", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-env-"));
    const production = { NODE_ENV: "production", DATA_DIR: dir, AUTH_SECRET: "s".repeat(40) };
    const real = [
      { ...production, DATABASE_URL: "postgres://h/db" },
      { ...production, SEED_ON_START: "false" },
    ];
    for (const env of real) {
      expect(() => parseEnv(env)).toThrow(
        /PAYMENTS: en producción hace falta STRIPE_SECRET_KEY .* o PAYMENTS=test/,
      );
      expect(parseEnv({ ...env, PAYMENTS: "test" })).toMatchObject({
        PAYMENTS: "test",
        testPaymentsBy: "PAYMENTS",
      });
      expect(
        parseEnv({ ...env, STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }),
      ).toMatchObject({ PAYMENTS: "stripe", testPaymentsBy: null });
    }
    // `npm start` with nothing set: the embedded database with the demo data.
    expect(parseEnv(production)).toMatchObject({ PAYMENTS: "test", testPaymentsBy: "demo" });
    expect(parseEnv({})).toMatchObject({ PAYMENTS: "test", testPaymentsBy: "development" });
    // Contradictions and typos stop the start too.
    expect(() =>
      parseEnv({
        PAYMENTS: "test",
        STRIPE_SECRET_KEY: "sk_test_a",
        STRIPE_WEBHOOK_SECRET: "whsec_a",
      }),
    ).toThrow(/PAYMENTS=test no se puede usar con STRIPE_SECRET_KEY/);
    expect(() => parseEnv({ PAYMENTS: "stripe" })).toThrow(/PAYMENTS=stripe necesita/);
    expect(() => parseEnv({ PAYMENTS: "gratis" })).toThrow(/PAYMENTS: debe ser stripe o test/);
    fs.rmSync(dir, { recursive: true });
  });

  it("generates and keeps a local secret in production on the embedded database", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-env-"));
    const first = parseEnv({ NODE_ENV: "production", DATA_DIR: dir }).AUTH_SECRET;
    const second = parseEnv({ NODE_ENV: "production", DATA_DIR: dir }).AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    expect(fs.statSync(path.join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });

  it("lists every bad setting in one message", () => {
    try {
      parseEnv({ PORT: "x", DATABASE_URL: "mysql://h/db", AUTH_SECRET: "short" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL");
      expect(message).toContain("AUTH_SECRET");
    }
  });

  it("accepts an smtp(s):// SMTP_URL, refuses others, and derives a sender from BASE_URL", () => {
    expect(parseEnv({ SMTP_URL: "smtps://u:p@mail.example:465" }).SMTP_URL).toBe(
      "smtps://u:p@mail.example:465",
    );
    expect(() => parseEnv({ SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL/);
    expect(parseEnv({ BASE_URL: "https://mitienda.es" }).MAIL_FROM).toBe(
      "Tienda <no-reply@mitienda.es>",
    );
    expect(parseEnv({ MAIL_FROM: "Mi Tienda <hola@mitienda.es>" }).MAIL_FROM).toBe(
      "Mi Tienda <hola@mitienda.es>",
    );
    expect(() => parseEnv({ MAIL_FROM: "sin arroba" })).toThrow(/MAIL_FROM/);
  });

  it("with VERI*FACTU sending on, demands a certificate that opens with its password", () => {
    expect(parseEnv({}).VERIFACTU_MODE).toBe("off");
    expect(() => parseEnv({ VERIFACTU_MODE: "on" })).toThrow(
      /VERIFACTU_MODE: debe ser off, test o production/,
    );
    expect(() => parseEnv({ VERIFACTU_MODE: "test" })).toThrow(
      /VERIFACTU_CERT_PATH: es obligatorio con VERIFACTU_MODE=test[\s\S]*VERIFACTU_CERT_PASSWORD: es obligatorio/,
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-env-"));
    const p12 = path.join(dir, "sello.p12");
    const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
    openssl(
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=t"],
      ...["-keyout", path.join(dir, "k.pem"), "-out", path.join(dir, "c.pem")],
    );
    openssl(
      ...["pkcs12", "-export", "-inkey", path.join(dir, "k.pem"), "-in", path.join(dir, "c.pem")],
      ...["-out", p12, "-passout", "pass:buena"],
    );
    const on = { VERIFACTU_MODE: "production", VERIFACTU_CERT_PATH: p12 };
    expect(() => parseEnv({ ...on, VERIFACTU_CERT_PASSWORD: "mala" })).toThrow(
      /VERIFACTU_CERT_PATH: la contraseña del certificado \(VERIFACTU_CERT_PASSWORD\) no es correcta/,
    );
    expect(() =>
      parseEnv({
        ...on,
        VERIFACTU_CERT_PATH: path.join(dir, "no.p12"),
        VERIFACTU_CERT_PASSWORD: "x",
      }),
    ).toThrow(/no existe el fichero del certificado/);
    expect(() =>
      parseEnv({
        ...on,
        VERIFACTU_CERT_PATH: path.join(dir, "c.pem"),
        VERIFACTU_CERT_PASSWORD: "x",
      }),
    ).toThrow(/no es un certificado PKCS#12/);
    const env = parseEnv({ ...on, VERIFACTU_CERT_PASSWORD: "buena" });
    expect(env.VERIFACTU_MODE).toBe("production");
    expect(env.VERIFACTU_CERT_KIND).toBe("personal");
    expect(env.VERIFACTU_INSTALLATION_NUMBER).toBe("1");
    expect(() => parseEnv({ VERIFACTU_PRODUCER_NAME: "Software SL" })).toThrow(
      /VERIFACTU_PRODUCER_NIF: VERIFACTU_PRODUCER_NAME y VERIFACTU_PRODUCER_NIF van juntos/,
    );
    expect(() => parseEnv({ VERIFACTU_ENDPOINT: "http://127.0.0.1:1/" })).toThrow(
      /VERIFACTU_ENDPOINT: debe ser una URL https/,
    );
    fs.rmSync(dir, { recursive: true });
  });

  describe("image storage (STORAGE, S3_*)", () => {
    const s3 = { STORAGE: "s3", S3_BUCKET: "tienda-imagenes", S3_REGION: "eu-west-3" };

    it("keeps the images on the local disk by default", () => {
      const env = parseEnv({});
      expect(env.STORAGE).toBe("local");
      expect(env.S3_PUBLIC_URL).toBeUndefined();
    });

    it("takes a bucket with its region, endpoint, keys, path style and public URL", () => {
      const env = parseEnv({
        ...s3,
        S3_ENDPOINT: "https://s3.fr-par.scw.cloud",
        S3_ACCESS_KEY_ID: "SCWXXXXXXXXXXXXXXXXX",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
        S3_PUBLIC_URL: "https://img.mitienda.es/",
      });
      expect(env).toMatchObject({ STORAGE: "s3", S3_FORCE_PATH_STYLE: true });
      expect(env.S3_PUBLIC_URL).toBe("https://img.mitienda.es");
      // No keys: the SDK's own credential chain.
      expect(parseEnv(s3).S3_ACCESS_KEY_ID).toBeUndefined();
    });

    it("refuses to start with STORAGE=s3 but no bucket or region, naming what is missing", () => {
      expect(() => parseEnv({ STORAGE: "s3" })).toThrow(
        /S3_BUCKET: es obligatorio con STORAGE=s3[\s\S]*S3_REGION: es obligatorio con STORAGE=s3/,
      );
      expect(() => parseEnv({ ...s3, S3_BUCKET: "" })).toThrow(/S3_BUCKET: es obligatorio/);
      expect(() => parseEnv({ STORAGE: "S3" })).toThrow(/STORAGE: debe ser local o s3/);
    });

    it("takes the key pair whole, and only well-formed bucket, endpoint and public URL", () => {
      expect(() => parseEnv({ ...s3, S3_ACCESS_KEY_ID: "AKIA" })).toThrow(
        /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntas/,
      );
      expect(() => parseEnv({ ...s3, S3_BUCKET: "Mi Bucket" })).toThrow(
        /S3_BUCKET: debe ser un nombre de bucket válido/,
      );
      expect(() => parseEnv({ ...s3, S3_ENDPOINT: "ftp://x" })).toThrow(
        /S3_ENDPOINT: debe ser una URL http/,
      );
      expect(() => parseEnv({ ...s3, S3_PUBLIC_URL: "https://cdn.es/?v=1" })).toThrow(
        /S3_PUBLIC_URL: no puede llevar \? ni #/,
      );
      expect(() => parseEnv({ ...s3, S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE/);
    });

    it("refuses S3 settings without STORAGE=s3: the images would silently stay on the disk", () => {
      expect(() => parseEnv({ S3_BUCKET: "tienda-imagenes" })).toThrow(
        /S3_BUCKET: solo se usa con STORAGE=s3/,
      );
      expect(() => parseEnv({ STORAGE: "local", S3_PUBLIC_URL: "https://img.es" })).toThrow(
        /S3_PUBLIC_URL: solo se usa con STORAGE=s3/,
      );
    });
  });
});
