import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "~/lib/image-url";
import { demoImageVariants } from "./demo-images.server";
import type { PlaceholderImage } from "./placeholder-image.server";

const image: PlaceholderImage = {
  title: "Cafetera de prueba",
  subtitle: "Nuevo",
  colors: ["#0f766e", "#99f6e4"],
  shape: "rings",
};
const savedCacheDir = process.env.DEMO_IMAGE_CACHE_DIR;
afterEach(() => {
  process.env.DEMO_IMAGE_CACHE_DIR = savedCacheDir;
});

describe("demo pictures", () => {
  it("encodes one WebP per width, and reuses the cached files for the same picture", async () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-demo-images-"));
    process.env.DEMO_IMAGE_CACHE_DIR = cacheDir;
    try {
      const first = await demoImageVariants(image);
      expect(first).toHaveLength(IMAGE_WIDTHS.length);
      const widths = await Promise.all(first.map(async (b) => (await sharp(b).metadata()).width));
      expect(widths).toEqual([...IMAGE_WIDTHS]);
      const cached = fs.readdirSync(cacheDir);
      expect(cached).toHaveLength(IMAGE_WIDTHS.length);

      // A cached file is what the next seed gets, byte for byte (here: marked to prove it).
      const marked = Buffer.concat([first[0]!, Buffer.from("cached")]);
      const smallest = cached.find((name) => name.endsWith(`-${IMAGE_WIDTHS[0]}.webp`))!;
      fs.writeFileSync(path.join(cacheDir, smallest), marked);
      expect((await demoImageVariants(image))[0]).toEqual(marked);

      // Another picture is encoded, not taken from the cache.
      await demoImageVariants({ ...image, title: "Otra cafetera" });
      expect(fs.readdirSync(cacheDir)).toHaveLength(2 * IMAGE_WIDTHS.length);
    } finally {
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it("encodes every time without a cache folder", async () => {
    delete process.env.DEMO_IMAGE_CACHE_DIR;
    const variants = await demoImageVariants(image);
    expect(variants).toHaveLength(IMAGE_WIDTHS.length);
    expect((await sharp(variants[0]!).metadata()).format).toBe("webp");
  });
});
