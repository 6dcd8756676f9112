import { describe, expect, it } from "vitest";
import { productPath, slugify } from "./slug";

describe("slugify", () => {
  it("folds accents and spaces", () => {
    expect(slugify("Hogar y Cocina")).toBe("hogar-y-cocina");
    expect(slugify("  Electrónica  Ñandú ")).toBe("electronica-nandu");
    expect(slugify('TV 4K: 55" ¡Oferta!')).toBe("tv-4k-55-oferta");
  });
});

describe("productPath", () => {
  it("builds the canonical product URL", () => {
    expect(productPath({ id: 42, name: "Cafetera Exprés", categorySlug: "hogar" })).toBe(
      "/productos/hogar/cafetera-expres-42",
    );
    expect(productPath({ id: 7, name: "¡!", categorySlug: null })).toBe(
      "/productos/todos/producto-7",
    );
  });
});
