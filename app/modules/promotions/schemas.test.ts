import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { promotionSchema } from "./schemas";

function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseWithZod(formData, { schema: promotionSchema });
}

function errorsOf(result: ReturnType<typeof parse>) {
  return result.status === "error" ? result.error : null;
}

const EMPTY = "Campos Vacíos: El título y el cuerpo del mensaje son obligatorios.";

describe("promotionSchema", () => {
  it("gives the spec's one message for an empty title or body, and marks the empty fields", () => {
    for (const fields of [
      { title: "", body: "" },
      { title: "Rebajas", body: "   " },
      { title: "", body: "Texto" },
    ]) {
      const result = parse({ intent: "review", ...fields });
      expect(result.status).toBe("error");
      expect(errorsOf(result)?.[""]).toEqual([EMPTY]);
    }
    expect(errorsOf(parse({ intent: "save", title: "", body: "Texto" }))).toEqual({
      "": [EMPTY],
      title: ["Este campo es obligatorio."],
    });
  });

  it("accepts a title and a body, trimmed, with an optional draft id", () => {
    const result = parse({ intent: "save", id: "7", title: " Rebajas ", body: "Texto\n" });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      intent: "save",
      id: 7,
      title: "Rebajas",
      body: "Texto",
    });
  });

  it("limits the lengths and refuses an unknown intent", () => {
    expect(errorsOf(parse({ intent: "save", title: "x".repeat(201), body: "y" }))?.title).toEqual([
      "El título no puede superar 200 caracteres.",
    ]);
    expect(parse({ intent: "borrar", title: "a", body: "b" }).status).toBe("error");
  });
});
