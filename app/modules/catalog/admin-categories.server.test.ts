import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, products, subcategories } from "~/db/schema";
import { getDb } from "~/db/client.server";
import { insertedId } from "../../../tests/helpers/db-rows";
import { withTestDatabase } from "../../../tests/helpers/test-database";
import {
  deleteCategory,
  deleteSubcategory,
  getCategoryTree,
  promoteCategory,
  reassignSubcategory,
  saveCategory,
  saveSubcategory,
} from "./admin-categories.server";
import { CATEGORY_MESSAGES } from "./admin-category-schemas";
import { listMainCategories } from "./categories.server";
import { getPublicProduct, listPublicProducts } from "./products.server";

withTestDatabase();

async function category(name: string, slug: string) {
  const saved = await saveCategory({ name, slug, description: null }, null);
  if (!saved.ok) throw new Error(saved.message);
  return saved.id;
}

async function subcategory(categoryId: number, name: string, slug: string) {
  const saved = await saveSubcategory({ name, slug, description: null, categoryId }, null);
  if (!saved.ok) throw new Error(saved.message);
  return saved.id;
}

/** A category inside another one (the admin has no form for it). */
const nestedCategory = (parentCategoryId: number, name: string, slug: string) =>
  insertedId(categories, { name, slug, parentCategoryId });

/** A subcategory of any category, main or not (saveSubcategory only takes main ones). */
const orphan = (categoryId: number, name: string, slug: string) =>
  insertedId(subcategories, { name, slug, categoryId });

const product = (name: string, categoryId: number | null, subcategoryId: number | null) =>
  insertedId(products, {
    name,
    description: `${name}.`,
    priceCents: 1999,
    categoryId,
    subcategoryId,
  });

async function productRow(id: number) {
  const [row] = await getDb()
    .select({ categoryId: products.categoryId, subcategoryId: products.subcategoryId })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

describe("saveCategory", () => {
  it("creates and updates a main category, visible in the storefront's list", async () => {
    const id = await category("Electrónica", "electronica");
    expect((await listMainCategories()).map((c) => c.slug)).toContain("electronica");

    const updated = await saveCategory(
      {
        itemId: id,
        name: "Electrónica y sonido",
        slug: "electronica",
        description: "Todo lo que enchufa.",
      },
      null,
    );
    expect(updated).toMatchObject({ ok: true, id, name: "Electrónica y sonido" });
    expect((await listMainCategories()).find((c) => c.id === id)?.description).toBe(
      "Todo lo que enchufa.",
    );
  });

  it("keeps category slugs unique, on create and on update", async () => {
    await category("Hogar", "hogar");
    const other = await category("Jardín", "jardin");
    expect(
      await saveCategory({ name: "Otro hogar", slug: "hogar", description: null }, null),
    ).toEqual({
      ok: false,
      kind: "conflict",
      message: 'Ya existe una categoría con el slug "hogar".',
      fieldErrors: { slug: ['Ya existe una categoría con el slug "hogar".'] },
    });
    expect(
      await saveCategory({ itemId: other, name: "Jardín", slug: "hogar", description: null }, null),
    ).toMatchObject({
      ok: false,
      kind: "conflict",
      fieldErrors: { slug: [CATEGORY_MESSAGES.categorySlugTaken("hogar")] },
    });
  });

  it("says so when the category to update no longer exists", async () => {
    expect(
      await saveCategory({ itemId: 999_999, name: "Nada", slug: "nada", description: null }, null),
    ).toEqual({ ok: false, kind: "not_found", message: "La categoría ya no existe." });
  });
});

describe("saveSubcategory", () => {
  it("keeps a slug unique within its category only", async () => {
    const moda = await category("Moda", "moda");
    const deportes = await category("Deportes", "deportes");
    await subcategory(moda, "Calzado", "calzado");
    expect(
      await saveSubcategory(
        {
          name: "Zapatillas",
          slug: "calzado",
          description: null,
          categoryId: deportes,
        },
        null,
      ),
    ).toMatchObject({ ok: true });
    expect(
      await saveSubcategory(
        {
          name: "Zapatos",
          slug: "calzado",
          description: null,
          categoryId: moda,
        },
        null,
      ),
    ).toEqual({
      ok: false,
      kind: "conflict",
      message: 'Ya existe una subcategoría con el slug "calzado" en "Moda".',
      fieldErrors: { slug: ['Ya existe una subcategoría con el slug "calzado" en "Moda".'] },
    });
  });

  it("moves a subcategory to another main category, checking the slug there", async () => {
    const libros = await category("Libros", "libros");
    const comics = await category("Cómics", "comics");
    const novela = await subcategory(libros, "Novela gráfica", "novela-grafica");
    await subcategory(comics, "Manga", "manga");
    const moved = await saveSubcategory(
      {
        itemId: novela,
        name: "Novela gráfica",
        slug: "novela-grafica",
        description: null,
        categoryId: comics,
      },
      null,
    );
    expect(moved).toMatchObject({ ok: true, id: novela });
    const clash = await saveSubcategory(
      {
        itemId: novela,
        name: "Manga",
        slug: "manga",
        description: null,
        categoryId: comics,
      },
      null,
    );
    expect(clash).toMatchObject({
      ok: false,
      kind: "conflict",
      fieldErrors: { slug: [expect.any(String)] },
    });
  });

  it("only hangs subcategories from main categories", async () => {
    const main = await category("Informática", "informatica");
    const nested = await nestedCategory(main, "Portátiles", "portatiles");
    expect(
      await saveSubcategory(
        {
          name: "Gaming",
          slug: "gaming",
          description: null,
          categoryId: nested,
        },
        null,
      ),
    ).toEqual({
      ok: false,
      kind: "invalid",
      message: "Elige una categoría principal.",
      fieldErrors: { categoryId: ["Elige una categoría principal."] },
    });
    expect(
      await saveSubcategory(
        {
          name: "Gaming",
          slug: "gaming",
          description: null,
          categoryId: 999_999,
        },
        null,
      ),
    ).toMatchObject({
      ok: false,
      kind: "invalid",
      fieldErrors: { categoryId: [expect.any(String)] },
    });
  });
});

describe("getCategoryTree, orphans and nested categories", () => {
  it("lists main categories by name with their subcategories and product counts", async () => {
    const juguetes = await category("Juguetes", "juguetes");
    const puzles = await subcategory(juguetes, "Puzles", "puzles");
    await subcategory(juguetes, "Construcción", "construccion");
    await product("Puzle 1000 piezas", juguetes, puzles);
    await product("Peonza", juguetes, null);
    const tree = await getCategoryTree();
    const names = tree.categories.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "es")));
    const row = tree.categories.find((c) => c.id === juguetes)!;
    expect(row.productCount).toBe(2);
    expect(row.subcategories.map((s) => [s.name, s.productCount])).toEqual([
      ["Construcción", 0],
      ["Puzles", 1],
    ]);
  });

  it("an orphan is a subcategory whose category is not a main one; it can be moved or the category promoted", async () => {
    const motor = await category("Motor", "motor");
    const nested = await nestedCategory(motor, "Recambios", "recambios");
    const frenos = await orphan(nested, "Frenos", "frenos");
    await orphan(nested, "Luces", "luces");

    let tree = await getCategoryTree();
    expect(tree.categories.map((c) => c.slug)).not.toContain("recambios");
    expect(tree.orphans.map((o) => [o.name, o.parentName])).toEqual([
      ["Frenos", "Recambios"],
      ["Luces", "Recambios"],
    ]);
    expect(tree.nested.find((row) => row.id === nested)).toEqual({
      id: nested,
      name: "Recambios",
      slug: "recambios",
      parentName: "Motor",
      productCount: 0,
      subcategoryCount: 2,
    });
    expect(tree.categories.flatMap((c) => c.subcategories).map((s) => s.id)).not.toContain(frenos);

    expect(await reassignSubcategory(frenos, motor, null)).toMatchObject({ ok: true });
    tree = await getCategoryTree();
    expect(tree.orphans.map((o) => o.name)).toEqual(["Luces"]);
    expect(tree.categories.find((c) => c.id === motor)!.subcategories.map((s) => s.name)).toEqual([
      "Frenos",
    ]);
    expect(await reassignSubcategory(999_999, motor, null)).toMatchObject({
      ok: false,
      kind: "not_found",
    });

    expect(await promoteCategory(nested, null)).toMatchObject({ ok: true });
    tree = await getCategoryTree();
    expect(tree.orphans).toEqual([]);
    expect(tree.nested.map((row) => row.id)).not.toContain(nested);
    expect(tree.categories.find((c) => c.id === nested)!.subcategories.map((s) => s.name)).toEqual([
      "Luces",
    ]);
  });
});

describe("deleting", () => {
  it("a category deletes its subcategories (and nested categories); its products stay, without category", async () => {
    const cocina = await category("Cocina", "cocina");
    const sartenes = await subcategory(cocina, "Sartenes", "sartenes");
    await subcategory(cocina, "Cuchillos", "cuchillos");
    const nested = await nestedCategory(cocina, "Menaje", "menaje");
    const nestedSub = await orphan(nested, "Vasos", "vasos");
    const inSub = await product("Sartén 28 cm", cocina, sartenes);
    const inCategory = await product("Delantal", cocina, null);
    const inNested = await product("Juego de vasos", nested, nestedSub);
    const elsewhere = await product("Balón", null, null);

    expect(await deleteCategory(cocina, null)).toEqual({
      ok: true,
      id: cocina,
      name: "Cocina",
      subcategories: 3,
      products: 3,
    });

    const remaining = await getDb().select({ id: categories.id }).from(categories);
    expect(remaining.map((r) => r.id)).not.toContain(cocina);
    expect(remaining.map((r) => r.id)).not.toContain(nested);
    const subs = await getDb().select({ id: subcategories.id }).from(subcategories);
    expect(subs.map((s) => s.id)).not.toContain(sartenes);
    expect(subs.map((s) => s.id)).not.toContain(nestedSub);

    for (const id of [inSub, inCategory, inNested]) {
      expect(await productRow(id)).toEqual({ categoryId: null, subcategoryId: null });
    }
    // Still in the shop: "todos" lists them, and their page answers (under /productos/todos/…).
    const all = await listPublicProducts({ page: 1 });
    const listed = all.items.map((item) => item.id);
    for (const id of [inSub, inCategory, inNested, elsewhere]) expect(listed).toContain(id);
    const page = await getPublicProduct(inSub);
    expect(page).toMatchObject({ name: "Sartén 28 cm", categorySlug: null });
    expect((await listMainCategories()).map((c) => c.slug)).not.toContain("cocina");

    expect(await deleteCategory(cocina, null)).toEqual({
      ok: false,
      kind: "not_found",
      message: "La categoría ya no existe.",
    });
  });

  it("a subcategory leaves its products in their category, without subcategory", async () => {
    const bebe = await category("Bebé", "bebe");
    const carritos = await subcategory(bebe, "Carritos", "carritos");
    const item = await product("Carrito plegable", bebe, carritos);
    expect(await deleteSubcategory(carritos, null)).toEqual({
      ok: true,
      id: carritos,
      name: "Carritos",
    });
    expect(await productRow(item)).toEqual({ categoryId: bebe, subcategoryId: null });
    expect(await deleteSubcategory(carritos, null)).toEqual({
      ok: false,
      kind: "not_found",
      message: "La subcategoría ya no existe.",
    });
  });
});
