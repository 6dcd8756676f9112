import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activityLog, pageContents, pageContentVersions, users } from "~/db/schema";
import { getDb } from "~/db/client.server";
import { withTestDatabase } from "../../../tests/helpers/test-database";
import { getContentPage } from "./page-content";
import {
  getContentEditor,
  getContentVersion,
  getPageContent,
  restoreContentVersion,
  saveContentSection,
} from "./page-content.server";

withTestDatabase();
const admin = { id: "admin-content-test", email: "editora@tienda.local" };
const hero = getContentPage("home")!.sections.find((section) => section.id === "hero")!;

beforeAll(async () => {
  await getDb()
    .insert(users)
    .values({ ...admin, name: "Editora", role: "admin" });
});

const versionsOf = (page: string, section: string) =>
  getDb()
    .select()
    .from(pageContentVersions)
    .where(eq(pageContentVersions.page, page))
    .orderBy(asc(pageContentVersions.id))
    .then((rows) => rows.filter((row) => row.section === section));

const activity = () => getDb().select().from(activityLog).orderBy(asc(activityLog.id));

describe("page content", () => {
  it("shows the defaults while nothing is saved", async () => {
    const home = await getPageContent("home");
    expect(home.hero).toMatchObject({ ...hero.defaults, saved: false, rich: null });
    const faq = (await getPageContent("necesitas-ayuda")).faq!;
    expect(faq.sectionTitle).toBe("Preguntas frecuentes");
    expect(faq.rich?.[0]).toMatchObject({ t: "p" });
  });

  it("saves a section, keeps a version and logs the change in one go", async () => {
    const saved = await saveContentSection(admin, "home", "hero", {
      ...hero.defaults,
      title: "Primera portada",
      // Not a field of the section: never stored.
      fullText: "fuera",
    });
    expect(saved).toEqual({ ok: true });
    const home = await getPageContent("home");
    expect(home.hero).toMatchObject({ title: "Primera portada", saved: true, fullText: "" });
    expect(home.novedades!.saved).toBe(false);

    const [row] = await getDb().select().from(pageContents);
    expect(row).toMatchObject({ page: "home", section: "hero", updatedBy: admin.id });
    expect(Object.keys(row!.fields).sort()).toEqual(
      ["ctaButtonText", "imageUrl", "linkUrl", "subtitle", "title"].sort(),
    );
    const versions = await versionsOf("home", "hero");
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ createdBy: admin.id, fields: row!.fields });
    expect(await activity()).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorEmail: admin.email,
        action: "update",
        entityType: "content",
        entityId: "home/hero",
        summary: "Contenido «Inicio › Portada» guardado",
      }),
    ]);
  });

  it("restores a version as a new save", async () => {
    await saveContentSection(admin, "home", "hero", { ...hero.defaults, title: "Segunda" });
    expect((await getPageContent("home")).hero!.title).toBe("Segunda");
    const [first] = await versionsOf("home", "hero");
    const version = await getContentVersion("home", "hero", first!.id);
    expect(version?.fields.title).toBe("Primera portada");
    // A version of another section is not one of this section's.
    expect(await getContentVersion("home", "ofertas", first!.id)).toBeNull();

    expect(await restoreContentVersion(admin, "home", "hero", version!)).toEqual({ ok: true });
    expect((await getPageContent("home")).hero!.title).toBe("Primera portada");
    expect((await versionsOf("home", "hero")).map((row) => row.fields.title)).toEqual([
      "Primera portada",
      "Segunda",
      "Primera portada",
    ]);
    const last = (await activity()).at(-1)!;
    expect(last).toMatchObject({ action: "restore", entityId: "home/hero" });
    expect(last.summary).toMatch(/^Contenido «Inicio › Portada» restaurado a la versión del /);

    const editor = await getContentEditor("home");
    const heroEditor = editor!.sections.find((section) => section.definition.id === "hero")!;
    expect(heroEditor.values.title).toBe("Primera portada");
    expect(heroEditor.versionCount).toBe(3);
    expect(heroEditor.versions.map((entry) => [entry.fields.title, entry.author])).toEqual([
      ["Primera portada", "Editora"],
      ["Segunda", "Editora"],
      ["Primera portada", "Editora"],
    ]);
  });

  it("changes nothing when the save fails", async () => {
    const before = {
      versions: (await versionsOf("home", "ofertas")).length,
      activity: (await activity()).length,
    };
    // An account that no longer exists: the foreign key refuses the write.
    const result = await saveContentSection({ id: "gone", email: "gone@x.es" }, "home", "ofertas", {
      title: "No debe quedar",
    });
    expect(result).toEqual({
      ok: false,
      kind: "conflict",
      message: "No se pudo guardar el contenido. Inténtalo de nuevo.",
    });
    expect((await getPageContent("home")).ofertas!.title).toBe("Ofertas de la semana");
    expect((await versionsOf("home", "ofertas")).length).toBe(before.versions);
    expect((await activity()).length).toBe(before.activity);
  });

  it("refuses unknown pages and sections", async () => {
    expect(await saveContentSection(admin, "nada", "hero", {})).toMatchObject({
      ok: false,
      kind: "not_found",
    });
    expect(await saveContentSection(admin, "home", "nada", {})).toMatchObject({
      ok: false,
      kind: "not_found",
    });
    expect(await getContentEditor("nada")).toBeNull();
  });
});
