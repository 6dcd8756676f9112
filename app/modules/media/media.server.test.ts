import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { marketplaceProducts, products, services, siteSettings } from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import { getDb } from "~/db/client.server";
import { imageFileNames } from "~/lib/images.server";
import { insertOrder } from "../../../tests/helpers/orders";
import { withTestDatabase } from "../../../tests/helpers/test-database";
import {
  deleteImages,
  imageKeysProblem,
  missingImageKeys,
  replaceImages,
  sweepUnusedImages,
  uploadImage,
} from "./media.server";
import { IMAGE_MESSAGES } from "./schemas";

const testDb = withTestDatabase();

const isStored = (key: string) =>
  imageFileNames(key).every((name) => fs.existsSync(path.join(testDb().dataDir, "uploads", name)));

async function stored(): Promise<string> {
  const png = await sharp({ create: { width: 50, height: 30, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();
  const result = await uploadImage(new File([png as BlobPart], "a.png", { type: "image/png" }));
  if (!result.ok) throw new Error(result.message);
  return result.key;
}

describe("uploadImage", () => {
  it("stores a picture and answers its key", async () => {
    const key = await stored();
    expect(isStored(key)).toBe(true);
  });

  it("answers the pipeline's Spanish reason and which check refused the file", async () => {
    const text = new File(["hola"], "hola.gif", { type: "image/gif" });
    const message = 'El archivo "hola.gif" no es un tipo de imagen válido.';
    expect(await uploadImage(text)).toEqual({
      ok: false,
      kind: "invalid",
      reason: "invalid_type",
      message,
      fieldErrors: { file: [message] },
    });
  });
});

describe("missingImageKeys / imageKeysProblem", () => {
  it("tells uploaded keys from well-formed keys that were never uploaded", async () => {
    const real = await stored();
    const invented = "AAAAAAAAAAAAAAAA";
    expect(await missingImageKeys([real, invented, "../x"])).toEqual([invented, "../x"]);
    expect(await imageKeysProblem([real])).toBeNull();
    expect(await imageKeysProblem([])).toBeNull();
    expect(await imageKeysProblem([real, invented])).toBe(IMAGE_MESSAGES.missing);
  });

  it("counts a key with a missing width as missing", async () => {
    const key = await stored();
    fs.rmSync(path.join(testDb().dataDir, "uploads", `${key}-640.webp`));
    expect(await missingImageKeys([key])).toEqual([key]);
  });
});

describe("deleteImages / replaceImages", () => {
  it("deletes every width of unused images and ignores bad keys", async () => {
    const a = await stored();
    const b = await stored();
    await deleteImages([a, b, a, "../../etc/passwd"]);
    expect(isStored(a)).toBe(false);
    expect(isStored(b)).toBe(false);
    await expect(deleteImages([a])).resolves.toBeUndefined();
  });

  it("keeps images another product, marketplace item or service still lists", async () => {
    const [p, m, s, free] = [await stored(), await stored(), await stored(), await stored()];
    const db = getDb();
    await db.insert(products).values({
      name: "Con foto",
      description: "Producto con una imagen compartida",
      priceCents: 1000,
      imageKeys: [p],
    });
    await db.insert(marketplaceProducts).values({
      name: "Segunda mano",
      description: "Artículo usado",
      marketplaceCondition: "good",
      imageKeys: [m],
    });
    await db.insert(services).values({ name: "Montaje", description: "Servicio", imageKeys: [s] });
    await deleteImages([p, m, s, free]);
    expect([p, m, s].map(isStored)).toEqual([true, true, true]);
    expect(isStored(free)).toBe(false);
  });

  it("keeps the picture an order line shows after its product changes or goes", async () => {
    const [ordered, free] = [await stored(), await stored()];
    await insertOrder(getDb(), {
      lines: [{ name: "Con foto", imageKey: ordered, unitPriceCents: 1000, quantity: 1 }],
    });
    // The product's images replaced (or the product deleted): its old keys are candidates.
    await replaceImages([ordered, free], []);
    expect(isStored(ordered)).toBe(true);
    expect(isStored(free)).toBe(false);
  });

  it("keeps the shop's uploaded logo", async () => {
    const logo = await stored();
    await getDb()
      .insert(siteSettings)
      .values({ key: "general", value: { siteName: "Tienda", contactEmail: null, logoUrl: logo } })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: { siteName: "Tienda", contactEmail: null, logoUrl: logo } },
      });
    await deleteImages([logo]);
    expect(isStored(logo)).toBe(true);
  });

  it("replaceImages deletes only the images the item no longer has", async () => {
    const [kept, dropped, added] = [await stored(), await stored(), await stored()];
    await replaceImages([kept, dropped], [added, kept]);
    expect(isStored(kept)).toBe(true);
    expect(isStored(added)).toBe(true);
    expect(isStored(dropped)).toBe(false);
  });
});

describe("sweepUnusedImages", () => {
  const uploads = () => path.join(testDb().dataDir, "uploads");
  /** Makes an image's files look written `ms` ago. */
  const age = (key: string, ms: number) => {
    const then = new Date(Date.now() - ms);
    for (const name of imageFileNames(key)) fs.utimesSync(path.join(uploads(), name), then, then);
  };

  it("deletes old images nothing uses and keeps used, recent and foreign files", async () => {
    const [listed, ordered, logo, unused, recent] = await Promise.all(
      Array.from({ length: 5 }, () => stored()),
    );
    const old = LIMITS.unusedImageGraceMs + 60_000;
    for (const key of [listed, ordered, logo, unused]) age(key!, old);
    // Still being filled in: uploaded just under the grace period ago.
    age(recent!, LIMITS.unusedImageGraceMs - 60_000);
    fs.writeFileSync(path.join(uploads(), "LEEME.txt"), "no es una imagen");
    const db = getDb();
    await db.insert(products).values({
      name: "Con foto",
      description: "Producto con foto",
      priceCents: 1000,
      imageKeys: [listed!],
    });
    await insertOrder(db, {
      lines: [{ name: "Pedido", imageKey: ordered!, unitPriceCents: 500, quantity: 1 }],
    });
    const general = { siteName: "Tienda", contactEmail: null, logoUrl: logo! };
    await db
      .insert(siteSettings)
      .values({ key: "general", value: general })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: general } });

    expect(await sweepUnusedImages()).toBe(1);
    expect(isStored(unused!)).toBe(false);
    expect([listed, ordered, logo, recent].map((key) => isStored(key!))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(fs.existsSync(path.join(uploads(), "LEEME.txt"))).toBe(true);
    // Nothing left to do: a second run deletes nothing.
    expect(await sweepUnusedImages()).toBe(0);
  });
});
