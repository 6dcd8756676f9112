import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutBucketPolicyCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LIMITS } from "~/lib/constants";
import { createS3Storage } from "~/lib/s3-storage.server";
import { setStorage } from "~/lib/storage.server";
import { sweepUnusedImages } from "~/modules/media/media.server";
import { BrowserClient } from "../helpers/browser-client";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions, signedIn } from "../helpers/sessions";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

/*
 * Images on an S3-compatible bucket (STORAGE=s3, ADR 0030), against a real S3 server: CI's
 * .ci/run starts moto and sets S3_TEST_ENDPOINT. Without it these tests are skipped.
 */
const ENDPOINT = process.env.S3_TEST_ENDPOINT;
if (!ENDPOINT) {
  console.warn(
    "S3 storage tests skipped: S3_TEST_ENDPOINT is not set (start `moto_server -p 5000` and set it to http://127.0.0.1:5000)",
  );
}
const REGION = "us-east-1";
const KEYS = { accessKeyId: "test", secretAccessKey: "test" };

const client = new S3Client({
  region: REGION,
  endpoint: ENDPOINT,
  forcePathStyle: true,
  credentials: KEYS,
  requestChecksumCalculation: "WHEN_REQUIRED",
});

async function newBucket() {
  const bucket = `tienda-it-${crypto.randomBytes(6).toString("hex")}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}

async function objectNames(bucket: string, prefix = "") {
  const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((object) => object.Key!).sort();
}

const storageEnv = (bucket: string, extra: Record<string, string> = {}) => ({
  STORAGE: "s3",
  S3_BUCKET: bucket,
  S3_REGION: REGION,
  S3_ENDPOINT: ENDPOINT!,
  S3_ACCESS_KEY_ID: KEYS.accessKeyId,
  S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
  S3_FORCE_PATH_STYLE: "true",
  ...extra,
});

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();

async function uploadAsAdmin(admin: BrowserClient) {
  const form = new FormData();
  form.append("file", new File([(await jpeg(800, 500)) as BlobPart], "foto.jpg"));
  const response = await admin.postBody("/admin/imagenes", form);
  expect(response.status).toBe(200);
  return ((await response.json()) as { key: string }).key;
}

const localUploads = (server: TestServer) =>
  fs.existsSync(path.join(server.dataDir, "uploads"))
    ? fs.readdirSync(path.join(server.dataDir, "uploads"))
    : [];

/**
 * A shop (the demo data) whose images go to a new bucket; with `publicUrl`, the bucket's objects
 * are readable by anyone, as a shop sets it up for S3_PUBLIC_URL, and the shop links there.
 */
async function shopOnBucket(options: { publicUrl: boolean }) {
  const bucket = await newBucket();
  const publicUrl = `${ENDPOINT!.replace(/\/$/, "")}/${bucket}`;
  if (options.publicUrl) {
    const policy = {
      Version: "2012-10-17",
      Statement: [
        {
          Effect: "Allow",
          Principal: "*",
          Action: "s3:GetObject",
          Resource: `arn:aws:s3:::${bucket}/*`,
        },
      ],
    };
    await client.send(
      new PutBucketPolicyCommand({ Bucket: bucket, Policy: JSON.stringify(policy) }),
    );
  }
  const env = storageEnv(bucket, options.publicUrl ? { S3_PUBLIC_URL: `${publicUrl}/` } : {});
  return { bucket, publicUrl, server: await startServer({ seed: true, env }) };
}

describe.skipIf(!ENDPOINT)("images on an S3 bucket (needs S3_TEST_ENDPOINT)", () => {
  describe("streamed through the shop (no S3_PUBLIC_URL)", () => {
    let bucket: string;
    let server: TestServer;
    let admin: BrowserClient;
    beforeAll(async () => {
      ({ bucket, server } = await shopOnBucket({ publicUrl: false }));
      admin = (await demoSessions(server.url)).admin;
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("stores an admin's upload in the bucket and serves it at /uploads like the local folder", async () => {
      const before = localUploads(server).length;
      const key = await uploadAsAdmin(admin);
      expect(await objectNames(bucket, key)).toEqual([
        `${key}-1200.webp`,
        `${key}-320.webp`,
        `${key}-640.webp`,
      ]);
      expect(localUploads(server).length).toBe(before);
      const stored = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: `${key}-640.webp` }),
      );
      expect(stored.ContentType).toBe("image/webp");
      const bytes = await stored.Body!.transformToByteArray();

      const served = await new BrowserClient(server.url).get(`/uploads/${key}-640.webp`);
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("image/webp");
      expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
      const etag = served.headers.get("ETag");
      expect(etag).toBeTruthy();
      const again = await new BrowserClient(server.url).get(`/uploads/${key}-640.webp`, {
        "If-None-Match": etag!,
      });
      expect(again.status).toBe(304);
    });

    it("answers 404 for a missing image and for any name that is not a flat file name", async () => {
      const visitor = new BrowserClient(server.url);
      for (const url of [
        "/uploads/AAAAAAAAAAAAAAAA-640.webp",
        "/uploads/..%2Fauth-secret",
        "/uploads/%2e%2e/auth-secret",
        "/uploads/.hidden",
        "/uploads/",
      ]) {
        expect((await visitor.get(url)).status, url).toBe(404);
      }
    });

    it("deletes the old picture's variants from the bucket when a customer replaces it", async () => {
      const email = `s3.${Date.now()}@ejemplo.es`;
      const password = "Cebolla-Morada-93";
      await new BrowserClient(server.url).post("/registro", {
        fullName: "Rosa Vidal Pons",
        email,
        password,
        confirmPassword: password,
        acceptTerms: "on",
      });
      const customer = await signedIn(server.url, email, password);
      const sendAvatar = async () => {
        const form = new FormData();
        form.append("avatar", new File([(await jpeg(300, 300)) as BlobPart], "yo.jpg"));
        expect((await customer.postBody("/perfil/avatar", form)).status).toBe(302);
        const page = await (await customer.get("/perfil")).text();
        return /src="\/uploads\/([A-Za-z0-9_-]{16})-320\.webp"/.exec(page)![1]!;
      };
      const first = await sendAvatar();
      expect(await objectNames(bucket, first)).toHaveLength(3);
      const second = await sendAvatar();
      expect(second).not.toBe(first);
      expect(await objectNames(bucket, first)).toEqual([]);
      expect(await objectNames(bucket, second)).toHaveLength(3);
      expect((await customer.get(`/uploads/${second}-320.webp`)).status).toBe(200);
    });
  });

  describe("with S3_PUBLIC_URL", () => {
    let server: TestServer;
    let publicUrl: string;
    beforeAll(async () => {
      ({ server, publicUrl } = await shopOnBucket({ publicUrl: true }));
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("links pages' images to the public URL, allows its origin in img-src, and the image is there", async () => {
      const { admin } = await demoSessions(server.url);
      const key = await uploadAsAdmin(admin);
      const fromBucket = await fetch(`${publicUrl}/${key}-320.webp`);
      expect(fromBucket.status).toBe(200);
      expect(fromBucket.headers.get("Content-Type")).toBe("image/webp");
      expect(fromBucket.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");

      const home = await new BrowserClient(server.url).get("/");
      const html = await home.text();
      expect(html).toContain(`<meta name="tienda-images" content="${publicUrl}"/>`);
      expect(html).toMatch(
        new RegExp(`<img[^>]*src="${publicUrl}/[A-Za-z0-9_-]{16}-(320|640|1200)\\.webp"`),
      );
      expect(html).not.toMatch(/<img[^>]*src="\/uploads\//);
      const imgSrc = /img-src ([^;]*)/.exec(home.headers.get("Content-Security-Policy")!)![1]!;
      expect(imgSrc.split(" ")).toEqual(
        expect.arrayContaining([new URL(ENDPOINT!).origin, "'self'", "https:"]),
      );
      expect(imgSrc.split(" ")).not.toContain("http:");
    });
  });

  describe("the unused-image sweep", () => {
    let testDb: TestDatabase;
    let bucket: string;
    beforeAll(async () => {
      testDb = await createTestDatabase();
      bucket = await newBucket();
      setStorage(
        createS3Storage({
          bucket,
          region: REGION,
          endpoint: ENDPOINT,
          credentials: KEYS,
          forcePathStyle: true,
        }),
      );
    });
    afterAll(async () => {
      vi.restoreAllMocks();
      await testDb?.cleanup();
    });

    it("lists the bucket and deletes the variants of images nothing uses once past the grace period", async () => {
      const put = (Key: string) =>
        client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: "x" }));
      await Promise.all(["ZZZZZZZZZZZZZZZZ-320.webp", "ZZZZZZZZZZZZZZZZ-640.webp"].map(put));
      await put("LEEME.txt");
      // Within the grace period: kept.
      expect(await sweepUnusedImages()).toBe(0);
      expect(await objectNames(bucket)).toHaveLength(3);
      // A day later: the unused image goes, what is not an image's variant stays.
      const later = Date.now() + LIMITS.unusedImageGraceMs + 60_000;
      vi.spyOn(Date, "now").mockReturnValue(later);
      expect(await sweepUnusedImages()).toBe(1);
      expect(await objectNames(bucket)).toEqual(["LEEME.txt"]);
    });
  });

  describe("npm run storage:migrate", () => {
    const run = promisify(execFile);
    let bucket: string;
    let folder: string;
    beforeAll(async () => {
      bucket = await newBucket();
      folder = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-migrate-"));
      for (const name of ["AAAAAAAAAAAAAAAA-320.webp", "AAAAAAAAAAAAAAAA-640.webp"]) {
        fs.writeFileSync(path.join(folder, name), name);
      }
      // A half-written file of the local backend: never copied.
      fs.writeFileSync(path.join(folder, ".AAAAAAAAAAAAAAAA-1200.webp.0a1b2c.tmp"), "x");
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: "AAAAAAAAAAAAAAAA-320.webp", Body: "before" }),
      );
    });
    afterAll(() => {
      if (folder) fs.rmSync(folder, { recursive: true, force: true });
    });

    const migrate = (...args: string[]) =>
      run(process.execPath, ["--import", "tsx", "scripts/storage-migrate.ts", ...args], {
        env: { ...process.env, ...storageEnv(bucket), DATA_DIR: folder },
      });

    it("copies what the bucket lacks, keeps local files unless --delete-local, and can run again", async () => {
      const first = await migrate("--from", folder);
      expect(first.stdout).toContain("Copiadas: 1");
      expect(first.stdout).toContain("Ya estaban en el bucket: 1");
      expect(first.stdout).toContain("Ignorados (no son ficheros de imágenes de la tienda): 1");
      expect(await objectNames(bucket)).toEqual([
        "AAAAAAAAAAAAAAAA-320.webp",
        "AAAAAAAAAAAAAAAA-640.webp",
      ]);
      const copied = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: "AAAAAAAAAAAAAAAA-640.webp" }),
      );
      expect(copied.ContentType).toBe("image/webp");
      expect(await copied.Body!.transformToString()).toBe("AAAAAAAAAAAAAAAA-640.webp");
      expect(fs.readdirSync(folder)).toHaveLength(3);

      const second = await migrate("--from", folder, "--delete-local");
      expect(second.stdout).toContain("Copiadas: 0");
      expect(second.stdout).toContain("Ya estaban en el bucket: 2");
      expect(second.stdout).toContain("Borradas del disco (ya están en el bucket): 2");
      expect(fs.readdirSync(folder)).toEqual([".AAAAAAAAAAAAAAAA-1200.webp.0a1b2c.tmp"]);
    });

    it("refuses to run without STORAGE=s3, saying what to set", async () => {
      const failed = await run(
        process.execPath,
        ["--import", "tsx", "scripts/storage-migrate.ts"],
        {
          env: { ...process.env, DATA_DIR: folder, STORAGE: "local" },
        },
      ).catch((error: { code: number; stderr: string }) => error);
      expect("code" in failed && failed.code).toBe(1);
      expect(failed.stderr).toContain("configura antes STORAGE=s3");
    });
  });
});
