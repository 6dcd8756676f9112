import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  categorySchema,
  deleteCategoryWarning,
  deleteSubcategoryWarning,
  subcategorySchema,
} from "./admin-category-schemas";

const CATEGORY_REQUIRED = "El nombre y el slug son obligatorios para la categoría.";
const SUBCATEGORY_REQUIRED =
  "Nombre, slug y categoría padre son obligatorios para la subcategoría.";

function form(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return formData;
}

/** The messages a form that must be refused gets back, whichever fields they are under. */
function refusalMessages(
  schema: typeof categorySchema | typeof subcategorySchema,
  fields: Record<string, string>,
) {
  const result = parseWithZod(form(fields), { schema });
  expect(result.status, JSON.stringify(fields)).toBe("error");
  return new Set(Object.values(result.reply().error ?? {}).flat());
}

describe("categorySchema", () => {
  it.each([
    { name: "", slug: "" },
    { name: "Moda", slug: "" },
    { name: "   ", slug: "moda" },
    { name: "Moda", slug: "¿?" },
  ])("needs a name and a slug, with the spec's message (%j)", (fields) => {
    expect(refusalMessages(categorySchema, fields)).toEqual(new Set([CATEGORY_REQUIRED]));
  });

  it("normalises a slug typed by hand the way it generates one", () => {
    const result = parseWithZod(
      form({ name: " Electrónica ", slug: "Electrónica Y Más", description: "" }),
      { schema: categorySchema },
    );
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      name: "Electrónica",
      slug: "electronica-y-mas",
      description: null,
    });
  });

  it("reads the id when editing", () => {
    const result = parseWithZod(form({ itemId: "12", name: "Moda", slug: "moda" }), {
      schema: categorySchema,
    });
    expect(result.status === "success" && result.value.itemId).toBe(12);
  });

  it("keeps /productos/todos for the storefront", () => {
    const result = parseWithZod(form({ name: "Todos", slug: "todos" }), { schema: categorySchema });
    expect(result.reply().error?.slug).toEqual([
      'El slug "todos" está reservado por la tienda. Elige otro.',
    ]);
  });

  it("limits the lengths", () => {
    const result = parseWithZod(
      form({ name: "x".repeat(101), slug: "y".repeat(101), description: "z".repeat(1001) }),
      { schema: categorySchema },
    );
    const error = result.reply().error!;
    expect(error.name).toEqual(["El nombre puede tener como máximo 100 caracteres."]);
    expect(error.slug).toEqual(["El slug puede tener como máximo 100 caracteres."]);
    expect(error.description).toEqual(["La descripción puede tener como máximo 1000 caracteres."]);
  });
});

describe("subcategorySchema", () => {
  it.each([
    { name: "", slug: "", categoryId: "" },
    { name: "Calzado", slug: "calzado", categoryId: "" },
    { name: "Calzado", slug: "", categoryId: "3" },
    { name: "", slug: "calzado", categoryId: "3" },
    { name: "Calzado", slug: "calzado", categoryId: "none" },
  ])("needs a name, a slug and a parent category, with the spec's message (%j)", (fields) => {
    expect(refusalMessages(subcategorySchema, fields)).toEqual(new Set([SUBCATEGORY_REQUIRED]));
  });

  it("parses a complete subcategory", () => {
    const result = parseWithZod(
      form({ name: "Calzado", slug: "calzado", categoryId: "3", description: "Zapatos." }),
      { schema: subcategorySchema },
    );
    expect(result.status === "success" && result.value).toEqual({
      name: "Calzado",
      slug: "calzado",
      categoryId: 3,
      description: "Zapatos.",
    });
  });
});

describe("delete warnings (spec §5: subcategories go too, products are affected)", () => {
  it("say what goes with a category and what happens to its products", () => {
    expect(deleteCategoryWarning(4, 12)).toBe(
      "También se eliminarán sus 4 subcategorías. Sus 12 productos no se borran: se quedarán sin categoría y seguirán en «Todos los productos». Esta acción no se puede deshacer.",
    );
    expect(deleteCategoryWarning(1, 1)).toBe(
      "También se eliminará su subcategoría. Su producto no se borra: se quedará sin categoría y seguirá en «Todos los productos». Esta acción no se puede deshacer.",
    );
    expect(deleteCategoryWarning(0, 0)).toBe("Esta acción no se puede deshacer.");
  });

  it("say where a subcategory's products stay", () => {
    expect(deleteSubcategoryWarning(3, "Electrónica")).toBe(
      "Sus 3 productos no se borran: seguirán en «Electrónica», sin subcategoría.",
    );
    expect(deleteSubcategoryWarning(1, null)).toBe(
      "Su producto no se borra: se quedará sin subcategoría.",
    );
    expect(deleteSubcategoryWarning(0, "Moda")).toBe(
      "No tiene productos. Esta acción no se puede deshacer.",
    );
  });
});
