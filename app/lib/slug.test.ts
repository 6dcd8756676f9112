import { describe, expect, it } from "vitest";
import { productPath, slugify } from "./slug";

// The slug rule of spec §5, shared by the category form and the server: lower case, spaces to
// hyphens, accents folded, only letters, digits, _ and -.
describe("slugify", () => {
  it.each([
    ["Hogar y Cocina", "hogar-y-cocina"],
    ["  Electrónica  Ñandú ", "electronica-nandu"],
    ['TV 4K: 55" ¡Oferta!', "tv-4k-55-oferta"],
    ["Electrónica", "electronica"],
    ["Hogar y Jardín", "hogar-y-jardin"],
    ["Niños & Bebés 0_3", "ninos-bebes-0_3"],
    ["¿Qué?", "que"],
  ])("folds %j into %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe("productPath", () => {
  it.each([
    [
      { id: 42, name: "Cafetera Exprés", categorySlug: "hogar" },
      "/productos/hogar/cafetera-expres-42",
    ],
    [{ id: 7, name: "¡!", categorySlug: null }, "/productos/todos/producto-7"],
  ])("builds the canonical product URL of %o: %s", (product, path) => {
    expect(productPath(product)).toBe(path);
  });
});
