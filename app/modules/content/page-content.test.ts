import { describe, expect, it } from "vitest";
import { STATIC_PAGE_PATHS } from "./static-pages";
import { CONTENT_PAGES, sectionFieldNames } from "./page-content";
import { sectionSchema } from "./schemas";

describe("editable pages", () => {
  it("cover the spec's pages and every static page", () => {
    const keys = CONTENT_PAGES.map((page) => page.key);
    expect(keys.slice(0, 5)).toEqual([
      "home",
      "products",
      "productos-electronica",
      "reviews",
      "aviso-legal",
    ]);
    for (const path of STATIC_PAGE_PATHS) expect(keys).toContain(path);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("have unique section ids that do not clash with the admin layout's anchors", () => {
    for (const page of CONTENT_PAGES) {
      const ids = page.sections.map((section) => section.id);
      expect(new Set(ids).size, page.key).toBe(ids.length);
      expect(ids).not.toContain("contenido");
    }
  });

  it("have defaults that pass their own form schema", () => {
    for (const page of CONTENT_PAGES) {
      for (const section of page.sections) {
        expect(sectionFieldNames(section).length, `${page.key}#${section.id}`).toBeGreaterThan(0);
        const parsed = sectionSchema(section).safeParse(section.defaults);
        expect(parsed.success, `${page.key}#${section.id}: ${parsed.error?.message}`).toBe(true);
      }
    }
  });

  it("check lengths and addresses", () => {
    const hero = CONTENT_PAGES[0]!.sections[0]!;
    const schema = sectionSchema(hero);
    const errors = (values: Record<string, string>) =>
      schema.safeParse({ ...hero.defaults, ...values }).error?.issues.map((issue) => issue.message);
    expect(errors({ title: "" })).toEqual(["El campo «Título» es obligatorio."]);
    expect(errors({ title: "x".repeat(151) })).toEqual([
      "«Título» admite como máximo 150 caracteres.",
    ]);
    for (const bad of ["javascript:alert(1)", "//evil.example", "ftp://x", "productos", "/a b"]) {
      expect(errors({ linkUrl: bad }), bad).toHaveLength(1);
    }
    for (const good of ["/productos", "https://example.com/x", "http://example.com", ""]) {
      expect(errors({ linkUrl: good }), good).toBeUndefined();
    }
  });
});
