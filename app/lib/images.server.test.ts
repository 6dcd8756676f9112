import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";

// getEnv() caches the environment: DATA_DIR must be set before the pipeline is imported.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-images-"));
process.env.DATA_DIR = dataDir;
// Vitest exposes Vite's BASE_URL ("/") in process.env; it is not our absolute BASE_URL setting.
if (process.env.BASE_URL === "/") delete process.env.BASE_URL;
const uploads = path.join(dataDir, "uploads");
const { ImageRejectedError, imageFileNames, isImageKey, processImageUpload, deleteImage } =
  await import("./images.server");
const { imageSrcSet, imageUrl } = await import("./image-url");
const { LIMITS } = await import("./constants");

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const uploadedFiles = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : []);

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
}

async function expectRejected(
  promise: Promise<unknown>,
  reason: string,
  message: string,
): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  expect((error as InstanceType<typeof ImageRejectedError>).reason).toBe(reason);
  expect((error as Error).message).toBe(message);
}

/** A PNG whose header declares `width` x `height` but carries almost no pixel data. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("processImageUpload", () => {
  it("re-encodes a PNG into three WebP widths stored under a random key", async () => {
    const png = await solid(1600, 1000).png().toBuffer();
    const { key } = await processImageUpload({ bytes: png, filename: "producto.png" });

    expect(isImageKey(key)).toBe(true);
    expect(imageFileNames(key)).toEqual([`${key}-320.webp`, `${key}-640.webp`, `${key}-1200.webp`]);
    for (const [name, width] of [
      [`${key}-320.webp`, 320],
      [`${key}-640.webp`, 640],
      [`${key}-1200.webp`, 1200],
    ] as const) {
      const meta = await sharp(path.join(uploads, name)).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(Math.round((width * 1000) / 1600));
    }
    // Atomic writes leave no temporary files behind.
    expect(uploadedFiles().filter((f) => f.includes(key))).toHaveLength(3);
    expect(uploadedFiles().some((f) => f.endsWith(".tmp"))).toBe(false);
  });

  it("honours EXIF orientation, strips metadata and never upscales a JPEG", async () => {
    // 800x400 pixels stored with "rotate 90° clockwise": the photo is really 400x800.
    const jpeg = await solid(800, 400)
      .jpeg()
      .withExif({ IFD0: { Copyright: "Camara de Lucia" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const source = await sharp(jpeg).metadata();
    expect(source.orientation).toBe(6);
    expect(source.exif).toBeDefined();

    const { key } = await processImageUpload({ bytes: jpeg, filename: "móvil.JPG" });
    const sizes = await Promise.all(
      imageFileNames(key).map((name) => sharp(path.join(uploads, name)).metadata()),
    );
    expect(sizes.map((m) => [m.width, m.height])).toEqual([
      [320, 640],
      [400, 800],
      [400, 800],
    ]);
    for (const meta of sizes) {
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it("accepts WebP and GIF (an animated GIF keeps its first frame)", async () => {
    const webp = await solid(500, 500).webp().toBuffer();
    await expect(processImageUpload({ bytes: webp, filename: "a.webp" })).resolves.toHaveProperty(
      "key",
    );

    const red = await solid(300, 200).png().toBuffer();
    const blue = await sharp({
      create: { width: 300, height: 200, channels: 3, background: "#0000ff" },
    })
      .png()
      .toBuffer();
    const gif = await sharp([red, blue], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif, { pages: -1 }).metadata()).pages).toBe(2);

    const { key } = await processImageUpload({ bytes: gif, filename: "animada.gif" });
    const file = path.join(uploads, `${key}-320.webp`);
    const meta = await sharp(file).metadata();
    expect(meta.pages ?? 1).toBe(1);
    expect([meta.width, meta.height]).toEqual([300, 200]);
    const { data } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    // First frame is the red one.
    expect(data[0]).toBeGreaterThan(150);
    expect(data[2]).toBeLessThan(150);
  });

  it("refuses a file above 5 MB with the spec's message, before decoding it", async () => {
    const before = uploadedFiles();
    const png = await solid(10, 10).png().toBuffer();
    const big = Buffer.concat([png, Buffer.alloc(LIMITS.maxImageBytes + 1 - png.length)]);
    await expectRejected(
      processImageUpload({ bytes: big, filename: "grande.png" }),
      "too_large",
      'La imagen "grande.png" excede el límite de 5MB.',
    );
    expect(uploadedFiles()).toEqual(before);

    // Exactly at the limit is fine; the bytes after the PNG's end are dropped by the re-encode.
    const { key } = await processImageUpload({
      bytes: big.subarray(0, LIMITS.maxImageBytes),
      filename: "justo.png",
    });
    const stored = fs.statSync(path.join(uploads, `${key}-1200.webp`)).size;
    expect(stored).toBeLessThan(10_000);
  });

  it("refuses SVG whatever its name", async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    await expectRejected(
      processImageUpload({ bytes: svg, filename: "logo.svg" }),
      "invalid_type",
      'El archivo "logo.svg" no es un tipo de imagen válido.',
    );
    await expectRejected(
      processImageUpload({ bytes: svg, filename: "foto.png" }),
      "invalid_type",
      'El archivo "foto.png" no es un tipo de imagen válido.',
    );
  });

  it("refuses a text file renamed .jpg, other formats and empty files", async () => {
    const text = Buffer.from("Esto no es una imagen, es un archivo de texto.\n".repeat(20));
    await expectRejected(
      processImageUpload({ bytes: text, filename: "C:\\Users\\ana\\foto.jpg" }),
      "invalid_type",
      'El archivo "foto.jpg" no es un tipo de imagen válido.',
    );
    const tiff = await solid(20, 20).tiff().toBuffer();
    await expectRejected(
      processImageUpload({ bytes: tiff, filename: "escaner.jpg" }),
      "invalid_type",
      'El archivo "escaner.jpg" no es un tipo de imagen válido.',
    );
    await expectRejected(
      processImageUpload({ bytes: new Uint8Array(0), filename: "vacia.png" }),
      "invalid_type",
      'El archivo "vacia.png" no es un tipo de imagen válido.',
    );
  });

  it("refuses a huge-dimension image with a Spanish message instead of decoding it", async () => {
    // 400 megapixels (beyond even sharp's default limit) and 100 megapixels (beyond ours only).
    for (const [width, height] of [
      [20_000, 20_000],
      [10_000, 10_000],
    ] as const) {
      const bomb = pngDeclaring(width, height);
      expect(bomb.length).toBeLessThan(1000);
      await expectRejected(
        processImageUpload({ bytes: bomb, filename: "bomba.png" }),
        "too_many_pixels",
        'La imagen "bomba.png" tiene unas dimensiones demasiado grandes (máximo 40 megapíxeles).',
      );
    }
  });

  it("refuses a damaged image whose magic bytes look right", async () => {
    const png = await solid(400, 400).png().toBuffer();
    const truncated = png.subarray(0, 60);
    await expectRejected(
      processImageUpload({ bytes: truncated, filename: "rota.png" }),
      "unreadable",
      'No se ha podido leer la imagen "rota.png". Puede que el archivo esté dañado.',
    );
  });

  it("deleteImage removes every variant", async () => {
    const { key } = await processImageUpload({
      bytes: await solid(700, 700).png().toBuffer(),
      filename: "x.png",
    });
    expect(uploadedFiles().filter((f) => f.startsWith(key))).toHaveLength(3);
    await deleteImage(key);
    expect(uploadedFiles().filter((f) => f.startsWith(key))).toHaveLength(0);
  });
});

describe("image URLs", () => {
  it("builds the public URL and srcset of a key", () => {
    expect(imageUrl("abc")).toBe("/uploads/abc-640.webp");
    expect(imageUrl("abc", 1200)).toBe("/uploads/abc-1200.webp");
    expect(imageSrcSet("abc")).toBe(
      "/uploads/abc-320.webp 320w, /uploads/abc-640.webp 640w, /uploads/abc-1200.webp 1200w",
    );
  });
});
