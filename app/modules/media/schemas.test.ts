import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { imageKeysField, IMAGE_MESSAGES } from "./schemas";

const key = (n: number) => `img${String(n).padStart(3, "0")}_abcdefghi`;
const schema = z.object({ imageKeys: imageKeysField });

/** What a form with `keys` as hidden inputs sends, parsed as the actions parse it. */
function submit(keys: string[]) {
  const formData = new FormData();
  formData.set("name", "Producto");
  for (const k of keys) formData.append("imageKeys", k);
  return parseWithZod(formData, { schema });
}

describe("imageKeysField", () => {
  it("builds keys like the pipeline's", () => {
    expect(key(1)).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it("accepts zero, one or many hidden inputs, in order", () => {
    const none = submit([]);
    expect(none.status).toBe("success");
    expect(none.status === "success" && none.value.imageKeys).toEqual([]);

    const one = submit([key(1)]);
    expect(one.status === "success" && one.value.imageKeys).toEqual([key(1)]);

    const many = submit([key(3), key(1), key(2)]);
    expect(many.status === "success" && many.value.imageKeys).toEqual([key(3), key(1), key(2)]);
  });

  it("accepts the same shapes without Conform (a missing field, one string, an array)", () => {
    expect(imageKeysField.parse(undefined)).toEqual([]);
    expect(imageKeysField.parse("")).toEqual([]);
    expect(imageKeysField.parse(key(1))).toEqual([key(1)]);
    expect(imageKeysField.parse([key(1), "", key(2)])).toEqual([key(1), key(2)]);
  });

  it("takes at most 10 images, with the spec's message", () => {
    const ten = Array.from({ length: 10 }, (_, i) => key(i));
    expect(submit(ten).status).toBe("success");

    const eleven = submit([...ten, key(10)]);
    expect(eleven.status).toBe("error");
    expect(eleven.reply().error?.imageKeys).toEqual(["Solo puedes tener hasta 10 imágenes."]);
    expect(IMAGE_MESSAGES.tooMany).toBe("Solo puedes tener hasta 10 imágenes.");
  });

  it("refuses malformed keys (paths, URLs, file names) and repeats", () => {
    for (const bad of ["../../etc/passwd", "https://x.test/a.webp", "foto.jpg", "a".repeat(17)]) {
      const result = submit([key(1), bad]);
      expect(result.status, bad).toBe("error");
      expect(result.reply().error?.imageKeys).toEqual([IMAGE_MESSAGES.malformed]);
    }
    const repeated = submit([key(1), key(1)]);
    expect(repeated.reply().error?.imageKeys).toEqual([IMAGE_MESSAGES.duplicated]);
  });
});

describe("image messages", () => {
  it("are the spec's texts", () => {
    expect(IMAGE_MESSAGES.tooLarge("foto.jpg")).toBe(
      'La imagen "foto.jpg" excede el límite de 5MB.',
    );
    expect(IMAGE_MESSAGES.invalidType("notas.txt")).toBe(
      'El archivo "notas.txt" no es un tipo de imagen válido.',
    );
    expect(IMAGE_MESSAGES.uploadFailed("foto.jpg", "Sin conexión.")).toBe(
      "No se pudo subir foto.jpg: Sin conexión.",
    );
  });
});
