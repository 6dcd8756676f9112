/**
 * The demo seed's pictures: a placeholder drawn per item and encoded like any upload. Encoding
 * a hundred of them takes seconds of CPU, the same seconds every time the tests start a shop;
 * with DEMO_IMAGE_CACHE_DIR set (tests and CI do; a shop need not), the encoded files are kept
 * there by a hash of what was drawn and reused, each seed still storing them under new keys.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { encodeImage } from "~/lib/images.server";
import { IMAGE_WIDTHS } from "~/lib/image-url";
import { renderPlaceholderImage, type PlaceholderImage } from "./placeholder-image.server";

/** Bump when the drawing or the encoding changes, so old cached files are not reused. */
const CACHE_FORMAT = 1;
const DEMO_EFFORT = 2;

async function encodeDemoImage(image: PlaceholderImage): Promise<Buffer[]> {
  const bytes = await renderPlaceholderImage(image);
  return encodeImage({ bytes, filename: "demo.jpg" }, { effort: DEMO_EFFORT });
}

/** One encoded file per width of IMAGE_WIDTHS, for this placeholder. */
export async function demoImageVariants(image: PlaceholderImage): Promise<Buffer[]> {
  const cacheDir = process.env.DEMO_IMAGE_CACHE_DIR;
  if (!cacheDir) return encodeDemoImage(image);
  const hash = crypto
    .createHash("sha256")
    .update(JSON.stringify({ CACHE_FORMAT, DEMO_EFFORT, IMAGE_WIDTHS, image }))
    .digest("hex")
    .slice(0, 32);
  const files = IMAGE_WIDTHS.map((width) => path.join(cacheDir, `${hash}-${width}.webp`));
  try {
    return await Promise.all(files.map((file) => fs.readFile(file)));
  } catch {
    const variants = await encodeDemoImage(image);
    await fs.mkdir(cacheDir, { recursive: true });
    // Written under a temporary name and renamed: a parallel test never reads half a file.
    await Promise.all(
      variants.map(async (data, i) => {
        const temporary = `${files[i]}.${process.pid}.${crypto.randomUUID()}.tmp`;
        await fs.writeFile(temporary, data);
        await fs.rename(temporary, files[i]!);
      }),
    );
    return variants;
  }
}
