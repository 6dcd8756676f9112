import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  centsField,
  checkboxField,
  integerOrDefaultField,
  messageField,
  moneyField,
  optionalCentsField,
  optionalIdField,
  optionalUrlField,
  videoUrlsField,
  VIDEO_LIMIT_MESSAGE,
} from "./form-fields";
import { schemaErrors } from "./schema-errors";

/** Parses like an action does: form data through Conform's coercion and the schema. */
function parse<T extends z.ZodRawShape>(shape: T, entries: [string, string][]) {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return parseWithZod(formData, { schema: z.object(shape) });
}

/** The field errors of a refused submission (none for an accepted one). */
function errorsOf(result: { status?: string; error?: Record<string, string[] | null> | null }) {
  return result.status === "success" ? undefined : (result.error ?? undefined);
}

describe("one money parser for every euro field", () => {
  const fields = {
    required: centsField("El precio"),
    optional: optionalCentsField("El coste interno"),
    money: moneyField({ invalid: "x", decimals: "y", tooLarge: "z" }),
  };
  it.each(["1.234,56", "1234,56", "1234.56", "1 234,56", "1234,56 €"])(
    "%j is 1234,56 € in every field",
    (text) => {
      const result = parse(fields, [
        ["required", text],
        ["optional", text],
        ["money", text],
      ]);
      expect(result.status === "success" && result.value).toEqual({
        required: 123456,
        optional: 123456,
        money: 123456,
      });
    },
  );
  it.each([
    ["12,5", 1250],
    ["1.100", 110000],
    ["0,99", 99],
    [",5", 50],
  ])("%j → %i cents", (text, cents) => {
    const result = parse({ money: fields.money }, [["money", text]]);
    expect(result.status === "success" && result.value.money).toBe(cents);
  });
  it("says why a number is refused", () => {
    const result = parse({ money: fields.money }, [["money", "1,234"]]);
    expect(errorsOf(result)?.money).toEqual(["y"]);
  });
});

describe("centsField (required amount)", () => {
  const shape = { price: centsField("El precio") };
  it("turns decimals into cents", () => {
    const result = parse(shape, [["price", "12,50"]]);
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value.price).toBe(1250);
  });
  it.each([
    ["", "El precio es obligatorio."],
    ["   ", "El precio es obligatorio."],
    ["doce", "El precio no es un importe válido (por ejemplo, 12,50)."],
    ["-1", "El precio no puede ser negativo."],
    ["30000000", "El precio es demasiado alto."],
  ])("refuses %j", (value, message) => {
    const result = parse(shape, [["price", value]]);
    expect(errorsOf(result)?.price).toEqual([message]);
  });
  it("refuses a missing field", () => {
    expect(errorsOf(parse(shape, []))?.price).toEqual(["El precio es obligatorio."]);
  });
});

describe("optionalCentsField (empty → null)", () => {
  const shape = { cost: optionalCentsField("El coste interno") };
  it("refuses text that is not an amount instead of dropping it", () => {
    expect(errorsOf(parse(shape, [["cost", "abc"]]))?.cost).toEqual([
      "El coste interno no es un importe válido (por ejemplo, 12,50).",
    ]);
  });
  it.each([
    ["", null],
    ["0", 0],
    ["12,34", 1234],
  ])("%j → %j", (value, cents) => {
    const result = parse(shape, [["cost", value]]);
    expect(result.status === "success" && result.value.cost).toBe(cents);
  });
  it("is null when the field is missing", () => {
    const result = parse(shape, []);
    expect(result.status === "success" && result.value.cost).toBeNull();
  });
  it("still refuses negative amounts", () => {
    expect(errorsOf(parse(shape, [["cost", "-0,01"]]))?.cost).toEqual([
      "El coste interno no puede ser negativo.",
    ]);
  });
});

describe("integerOrDefaultField (featured order)", () => {
  const shape = { order: integerOrDefaultField() };
  it.each([
    ["", 0],
    ["abc", 0],
    ["1.5", 0],
    ["7", 7],
    [" 12 ", 12],
    ["-2", -2],
    ["99999999999", 0],
  ])("%j → %d", (value, expected) => {
    const result = parse(shape, [["order", value]]);
    expect(result.status === "success" && result.value.order).toBe(expected);
  });
});

describe("checkboxField and optionalIdField", () => {
  const shape = { flag: checkboxField, categoryId: optionalIdField("Elige una categoría.") };
  it("reads a ticked box, an absent one, ids, empty and 'none'", () => {
    const ticked = parse(shape, [
      ["flag", "on"],
      ["categoryId", "12"],
    ]);
    expect(ticked.status === "success" && ticked.value).toEqual({ flag: true, categoryId: 12 });
    const empty = parse(shape, [["categoryId", ""]]);
    expect(empty.status === "success" && empty.value).toEqual({ flag: false, categoryId: null });
    const none = parse(shape, [["categoryId", "none"]]);
    expect(none.status === "success" && none.value.categoryId).toBeNull();
    expect(errorsOf(parse(shape, [["categoryId", "abc"]]))?.categoryId).toEqual([
      "Elige una categoría.",
    ]);
  });
});

describe("optionalUrlField", () => {
  const shape = { link: optionalUrlField("Enlace no válido.") };
  it("accepts http(s), empties become null, refuses the rest", () => {
    const ok = parse(shape, [["link", " https://proveedor.example/x "]]);
    expect(ok.status === "success" && ok.value.link).toBe("https://proveedor.example/x");
    const empty = parse(shape, [["link", ""]]);
    expect(empty.status === "success" && empty.value.link).toBeNull();
    for (const bad of ["javascript:alert(1)", "ftp://x.example", "proveedor.example"]) {
      expect(errorsOf(parse(shape, [["link", bad]]))?.link, bad).toEqual(["Enlace no válido."]);
    }
  });
});

describe("videoUrlsField", () => {
  const shape = { videoUrls: videoUrlsField };
  it("drops empty entries and keeps the order", () => {
    const result = parse(shape, [
      ["videoUrls[0]", ""],
      ["videoUrls[1]", " https://v.example/2.mp4 "],
      ["videoUrls[2]", "https://v.example/3.mp4"],
    ]);
    expect(result.status === "success" && result.value.videoUrls).toEqual([
      "https://v.example/2.mp4",
      "https://v.example/3.mp4",
    ]);
    const none = parse(shape, []);
    expect(none.status === "success" && none.value.videoUrls).toEqual([]);
  });
  it("refuses a third address and addresses that are not http(s)", () => {
    const three = parse(shape, [
      ["videoUrls[0]", "https://v.example/1.mp4"],
      ["videoUrls[1]", "https://v.example/2.mp4"],
      ["videoUrls[2]", "https://v.example/3.mp4"],
    ]);
    expect(errorsOf(three)?.videoUrls).toEqual([VIDEO_LIMIT_MESSAGE]);
    expect(VIDEO_LIMIT_MESSAGE).toBe("Solo puedes añadir hasta 2 URLs de vídeo.");
    const bad = parse(shape, [["videoUrls[0]", "javascript:alert(1)"]]);
    expect(errorsOf(bad)?.["videoUrls[0]"]).toEqual([
      "La URL del vídeo no es válida: debe empezar por http:// o https://.",
    ]);
  });
});

describe("messageField and schemaErrors (a public form's «Mensaje», checked in the browser)", () => {
  const M = { messageRequired: "Escribe.", messageTooShort: "Corto.", messageTooLong: "Largo." };
  const schema = z.object({ message: messageField(M, { min: 5, max: 10 }) });
  const form = (message: string) => {
    const formData = new FormData();
    formData.append("message", message);
    return formData;
  };

  it("refuses an empty, a short and a long message with its own words", () => {
    expect(schemaErrors(schema, new FormData())).toEqual({ message: ["Escribe."] });
    expect(schemaErrors(schema, form("   "))?.message?.[0]).toBe("Escribe.");
    expect(schemaErrors(schema, form(" abc "))).toEqual({ message: ["Corto."] });
    expect(schemaErrors(schema, form("x".repeat(11)))).toEqual({ message: ["Largo."] });
  });

  it("accepts a message within the limits, trimmed", () => {
    expect(schemaErrors(schema, form("  hola mundo "))).toBeNull();
    expect(schemaErrors(schema, form("  hola! "))).toBeNull();
    expect(
      parse({ message: messageField(M, { min: 5, max: 10 }) }, [["message", " hola! "]]),
    ).toMatchObject({ value: { message: "hola!" } });
  });
});
