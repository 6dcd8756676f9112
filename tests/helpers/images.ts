import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect } from "vitest";
import type { BrowserClient } from "./browser-client";

/** Uploads a small PNG through POST /admin/imagenes as `client` and returns its image key. */
export async function uploadTestImage(client: BrowserClient, color = "#c33"): Promise<string> {
  const bytes = await sharp({ create: { width: 48, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], "prueba.png", { type: "image/png" }));
  const response = await client.postBody("/admin/imagenes", form);
  expect(response.status).toBe(200);
  const { key } = (await response.json()) as { key: string };
  return key;
}

/** The stored files (one per width) of an image key in a test server's DATA_DIR. */
export function storedFilesOf(dataDir: string, key: string): string[] {
  const dir = path.join(dataDir, "uploads");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.startsWith(`${key}-`)) : [];
}

/** URL-encoded form fields where `imageKeys` repeats (one hidden input per image, in order). */
export function formWithImages(fields: Record<string, string>, imageKeys: string[]) {
  const body = new URLSearchParams(fields);
  for (const key of imageKeys) body.append("imageKeys", key);
  return body;
}
