import fs from "node:fs";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod/v4";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { imageKeysField } from "~/modules/media/schemas";
import { BrowserClient } from "../helpers/browser-client";
import { startServer, type TestServer } from "../helpers/server";
import { confirmEmail } from "../helpers/sessions";

const UPLOAD = "/admin/imagenes";
const ADMIN_EMAIL = "jefa@tienda.test";
const PASSWORD = "Girasol-Azul-2026";

let server: TestServer;
let admin: BrowserClient;
let customer: BrowserClient;

async function signedIn(email: string) {
  const client = new BrowserClient(server.url);
  await client.post("/registro", {
    fullName: "Prueba",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: "on",
  });
  if (email === ADMIN_EMAIL) await confirmEmail(server, email);
  const response = await client.post("/login", { email, password: PASSWORD });
  expect(response.status).toBe(302);
  return client;
}

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_EMAIL } });
  customer = await signedIn("cliente@tienda.test");
  admin = await signedIn(ADMIN_EMAIL);
});
afterAll(async () => {
  await server?.stop();
});

const uploadsDir = () => path.join(server.dataDir, "uploads");
const storedFiles = () =>
  fs.existsSync(uploadsDir())
    ? fs
        .readdirSync(uploadsDir())
        .filter((name) => !name.startsWith("."))
        .sort()
    : [];

/** A tiny PNG: requests refused before their body is read stay small. */
const tinyPng = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();

function multipart(bytes: Uint8Array, filename: string, type: string, field = "file") {
  const form = new FormData();
  form.append(field, new File([bytes as BlobPart], filename, { type }));
  return form;
}

async function upload(client: BrowserClient, bytes: Uint8Array, filename: string, type: string) {
  const response = await client.postBody(UPLOAD, multipart(bytes, filename, type));
  const body = response.headers.get("Content-Type")?.includes("json")
    ? ((await response.json()) as { key?: string; message?: string })
    : null;
  return { response, body };
}

/** A 1600 × 1000 picture (wider than the largest variant) with some detail in it. */
function picture() {
  const width = 1600;
  const height = 1000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 255) / width;
    pixels[i + 1] = (y * 255) / height;
    pixels[i + 2] = 120;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

describe("POST /admin/imagenes", () => {
  const formats = [
    ["foto.jpg", "image/jpeg", () => picture().jpeg().toBuffer()],
    ["captura.png", "image/png", () => picture().png().toBuffer()],
    ["imagen.webp", "image/webp", () => picture().webp().toBuffer()],
    ["animada.gif", "image/gif", () => picture().gif().toBuffer()],
  ] as const;

  it.each(formats)(
    "stores %s as WebP in every width and answers its key",
    async (name, type, make) => {
      const bytes = await make();
      const { response, body } = await upload(admin, bytes, name, type);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(body?.key).toMatch(/^[A-Za-z0-9_-]{16}$/);
      const key = body!.key!;
      const files = storedFiles().filter((file) => file.startsWith(`${key}-`));
      expect(files).toEqual([`${key}-1200.webp`, `${key}-320.webp`, `${key}-640.webp`]);
      for (const width of [320, 640, 1200]) {
        const meta = await sharp(path.join(uploadsDir(), `${key}-${width}.webp`)).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((width * 1000) / 1600));
      }
      // Served publicly at /uploads.
      const served = await new BrowserClient(server.url).get(`/uploads/${key}-640.webp`);
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("image/webp");
    },
  );

  it("judges by content: a text file named .jpg is refused and nothing is stored", async () => {
    const before = storedFiles();
    const text = new TextEncoder().encode("Esto no es una imagen, solo texto.\n".repeat(50));
    const { response, body } = await upload(admin, text, "notas.jpg", "image/jpeg");
    expect(response.status).toBe(415);
    expect(body?.message).toBe('El archivo "notas.jpg" no es un tipo de imagen válido.');
    expect(storedFiles()).toEqual(before);
  });

  it("never takes SVG, even named .png", async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    for (const [name, type] of [
      ["logo.svg", "image/svg+xml"],
      ["logo.png", "image/png"],
    ] as const) {
      const { response, body } = await upload(admin, svg, name, type);
      expect(response.status).toBe(415);
      expect(body?.message).toBe(`El archivo "${name}" no es un tipo de imagen válido.`);
    }
  });

  it("refuses a 6 MB file before reading it, and one just over 5 MB by its size", async () => {
    const before = storedFiles();
    const jpegStart = await picture().jpeg().toBuffer();
    const sixMegabytes = Buffer.concat([jpegStart, Buffer.alloc(6 * 1024 * 1024)]);
    const big = await upload(admin, sixMegabytes, "enorme.jpg", "image/jpeg");
    expect(big.response.status).toBe(413);
    expect(big.body?.message).toBe("La imagen excede el límite de 5MB.");

    // One byte over the limit: within the multipart allowance, refused by the pipeline.
    const justOver = Buffer.concat([
      jpegStart,
      Buffer.alloc(5 * 1024 * 1024 + 1 - jpegStart.byteLength),
    ]);
    const over = await upload(admin, justOver, "grande.jpg", "image/jpeg");
    expect(over.response.status).toBe(413);
    expect(over.body?.message).toBe('La imagen "grande.jpg" excede el límite de 5MB.');
    expect(storedFiles()).toEqual(before);
  });

  it("drops the connection of a body far beyond the limit, without reading it", async () => {
    const huge = Buffer.alloc(40 * 1024 * 1024);
    const outcome = await upload(admin, huge, "gigante.jpg", "image/jpeg").then(
      ({ response }) => response.status,
      () => "connection closed",
    );
    expect([413, "connection closed"]).toContain(outcome);
    // The server is still fine afterwards.
    const { response } = await upload(
      admin,
      await picture().png().toBuffer(),
      "despues.png",
      "image/png",
    );
    expect(response.status).toBe(200);
  });

  it("needs exactly one file in the field `file`", async () => {
    const png = await tinyPng();
    const none = await admin.postBody(UPLOAD, new FormData());
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ message: "Selecciona una imagen para subir." });

    const wrongField = await admin.postBody(UPLOAD, multipart(png, "a.png", "image/png", "foto"));
    expect(wrongField.status).toBe(400);

    const two = multipart(png, "a.png", "image/png");
    two.append("file", new File([png as BlobPart], "b.png", { type: "image/png" }));
    expect((await admin.postBody(UPLOAD, two)).status).toBe(400);

    const notAFile = new FormData();
    notAFile.set("file", "texto");
    expect((await admin.postBody(UPLOAD, notAFile)).status).toBe(400);

    const urlEncoded = await admin.post(UPLOAD, { file: "x" });
    expect(urlEncoded.status).toBe(400);
  });

  it("answers a GET with 405", async () => {
    const response = await admin.get(UPLOAD);
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });

  it("refuses customers and anonymous visitors, storing nothing", async () => {
    const before = storedFiles();
    const png = await tinyPng();
    const asCustomer = await upload(customer, png, "c.png", "image/png");
    expect(asCustomer.response.status).toBe(302);
    expect(asCustomer.response.headers.get("Location")).toBe("/");

    const asVisitor = await upload(new BrowserClient(server.url), png, "v.png", "image/png");
    expect(asVisitor.response.status).toBe(302);
    expect(asVisitor.response.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(UPLOAD)}`,
    );
    expect(storedFiles()).toEqual(before);
  });

  it("refuses an upload sent from another site", async () => {
    const png = await tinyPng();
    const response = await admin.postBody(UPLOAD, multipart(png, "x.png", "image/png"), {
      Origin: "https://otra-tienda.test",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(response.status).toBe(403);
  });

  it("a form may list 10 uploaded images, not 11 (imageKeysField)", async () => {
    const small = await tinyPng();
    const keys: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      const { body } = await upload(admin, small, `p${i}.png`, "image/png");
      keys.push(body!.key!);
    }
    const schema = z.object({ imageKeys: imageKeysField });
    const form = (list: string[]) => {
      const formData = new FormData();
      for (const key of list) formData.append("imageKeys", key);
      return parseWithZod(formData, { schema });
    };
    expect(form(keys.slice(0, 10)).status).toBe("success");
    const eleven = form(keys);
    expect(eleven.status).toBe("error");
    expect(eleven.reply().error?.imageKeys).toEqual(["Solo puedes tener hasta 10 imágenes."]);
  });

  it("limits how many uploads one admin makes in a while", async () => {
    // Refused requests count too (the limit is checked before the body is read).
    let status = 0;
    for (let i = 0; i < 120 && status !== 429; i += 1) {
      status = (await admin.postBody(UPLOAD, new FormData())).status;
    }
    expect(status).toBe(429);
    const png = await tinyPng();
    const { response, body } = await upload(admin, png, "una-mas.png", "image/png");
    expect(response.status).toBe(429);
    expect(body?.message).toBe(
      "Has subido muchas imágenes en poco tiempo. Espera unos minutos y vuelve a intentarlo.",
    );
  });
});
