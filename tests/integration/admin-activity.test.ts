import { parseWithZod } from "@conform-to/zod/v4";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import * as schema from "~/db/schema";
import { DEMO_ADMIN_EMAIL } from "~/db/seed/demo-data";
import { getDb } from "~/db/client.server";
import { setMailer } from "~/lib/mail.server";
import { recordActivity } from "~/modules/activity/activity.server";
import { parseActivityFilters } from "~/modules/activity/log";
import { listActivity } from "~/modules/activity/log.server";
import {
  deleteCategory,
  deleteSubcategory,
  promoteCategory,
  reassignSubcategory,
  saveCategory,
  saveSubcategory,
} from "~/modules/catalog/admin-categories.server";
import { productFormSchema } from "~/modules/catalog/admin-product-schemas";
import {
  createProduct,
  deleteProduct,
  updateProduct,
} from "~/modules/catalog/admin-products.server";
import {
  createMarketplaceItem,
  deleteMarketplaceItem,
  setMarketplaceApproval,
  updateMarketplaceItem,
} from "~/modules/marketplace/admin-marketplace.server";
import { marketplaceItemSchema } from "~/modules/marketplace/admin-schemas";
import { changeOrderStatus } from "~/modules/orders/admin-orders.server";
import { deleteReview } from "~/modules/reviews/reviews.server";
import { serviceSchema } from "~/modules/services/admin-schemas";
import {
  createService,
  deleteService,
  updateService,
} from "~/modules/services/admin-services.server";
import { BrowserClient } from "../helpers/browser-client";
import { unescapeHtml } from "../helpers/html";
import { insertOrder } from "../helpers/orders";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const ADMIN = { id: "admin-log", email: "registro@tienda.local" };

function parse<S extends z.ZodType>(schemaOf: S, fields: Record<string, string>): z.output<S> {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  const submission = parseWithZod(formData, { schema: schemaOf });
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value as z.output<S>;
}

/** The log's lines after `afterId`, oldest first, as the test compares them. */
async function linesAfter(afterId: number) {
  const rows = await getDb().select().from(schema.activityLog).orderBy(asc(schema.activityLog.id));
  return rows
    .filter((row) => row.id > afterId)
    .map((row) => ({
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      summary: row.summary,
    }));
}

async function lastId() {
  const rows = await getDb().select({ id: schema.activityLog.id }).from(schema.activityLog);
  return rows.reduce((max, row) => Math.max(max, row.id), 0);
}

const by = { actorId: ADMIN.id, actorEmail: ADMIN.email };

describe("every admin change writes one activity line, in its transaction", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    setMailer({ send: async () => undefined, close: () => undefined });
    await getDb()
      .insert(schema.users)
      .values({ id: ADMIN.id, name: "Registro", email: ADMIN.email, role: "admin" });
  });
  afterAll(async () => {
    setMailer(undefined);
    await testDb?.cleanup();
  });

  it("products: create, update, delete", async () => {
    const start = await lastId();
    const [category] = await getDb()
      .insert(schema.categories)
      .values({ name: "Electrónica", slug: "electronica" })
      .returning({ id: schema.categories.id });
    const values = parse(productFormSchema, {
      name: "Auriculares X",
      description: "d",
      price: "10",
      categoryId: String(category!.id),
    });
    const created = await createProduct(values, ADMIN);
    expect(created.ok).toBe(true);
    const id = (created as { id: number }).id;
    await updateProduct(id, { ...values, name: "Auriculares Y" }, ADMIN);
    expect((await deleteProduct(id, ADMIN)).ok).toBe(true);
    expect((await deleteProduct(id, ADMIN)).ok).toBe(false); // nothing deleted: nothing logged
    expect(await linesAfter(start)).toEqual([
      {
        ...by,
        action: "create",
        entityType: "product",
        entityId: String(id),
        summary: "Producto «Auriculares X» creado",
      },
      {
        ...by,
        action: "update",
        entityType: "product",
        entityId: String(id),
        summary: "Producto «Auriculares Y» actualizado",
      },
      {
        ...by,
        action: "delete",
        entityType: "product",
        entityId: String(id),
        summary: "Producto «Auriculares Y» eliminado",
      },
    ]);
  });

  it("marketplace items: create, update, approve, disapprove, delete", async () => {
    const start = await lastId();
    const fields = {
      name: "Bici usada",
      description: "d",
      price: "50",
      marketplaceCondition: "good",
    };
    const input = parse(marketplaceItemSchema, fields);
    const { id: _id, ...values } = input;
    const created = await createMarketplaceItem(values, ADMIN);
    const id = (created as { id: number }).id;
    await updateMarketplaceItem(id, { ...values, name: "Bici de paseo" }, ADMIN);
    await setMarketplaceApproval(id, true, ADMIN);
    await setMarketplaceApproval(id, false, ADMIN);
    await deleteMarketplaceItem(id, ADMIN);
    const lines = await linesAfter(start);
    expect(lines.map((l) => [l.action, l.summary])).toEqual([
      ["create", "Artículo de segunda mano «Bici usada» creado"],
      ["update", "Artículo de segunda mano «Bici de paseo» actualizado"],
      ["approve", "Artículo de segunda mano «Bici de paseo» aprobado"],
      ["disapprove", "Artículo de segunda mano «Bici de paseo» desaprobado"],
      ["delete", "Artículo de segunda mano «Bici de paseo» eliminado"],
    ]);
    expect(
      lines.every((l) => l.entityType === "marketplace_product" && l.entityId === String(id)),
    ).toBe(true);
    expect(lines.every((l) => l.actorEmail === ADMIN.email)).toBe(true);
  });

  it("services: create, update, delete", async () => {
    const start = await lastId();
    const { id: _id, ...values } = parse(serviceSchema, {
      name: "Montaje de muebles",
      description: "d",
      priceType: "per_service",
    });
    const created = await createService(values, ADMIN);
    const id = (created as { id: number }).id;
    await updateService(id, values, ADMIN);
    await deleteService(id, ADMIN);
    expect((await linesAfter(start)).map((l) => [l.entityType, l.action, l.summary])).toEqual([
      ["service", "create", "Servicio «Montaje de muebles» creado"],
      ["service", "update", "Servicio «Montaje de muebles» actualizado"],
      ["service", "delete", "Servicio «Montaje de muebles» eliminado"],
    ]);
  });

  it("categories and subcategories: create, update, reassign, promote, delete", async () => {
    const start = await lastId();
    const audio = await saveCategory({ name: "Audio", slug: "audio", description: "" }, ADMIN);
    const hogar = await saveCategory({ name: "Hogar", slug: "hogar", description: "" }, ADMIN);
    if (!audio.ok || !hogar.ok) throw new Error("categories not created");
    await saveCategory({ itemId: audio.id, name: "Sonido", slug: "audio", description: "" }, ADMIN);
    const sub = await saveSubcategory(
      { name: "Cascos", slug: "cascos", description: "", categoryId: audio.id },
      ADMIN,
    );
    if (!sub.ok) throw new Error("subcategory not created");
    await reassignSubcategory(sub.id, hogar.id, ADMIN);
    // A nested category (made by hand: the admin has no form for it) promoted to main.
    const [nested] = await getDb()
      .insert(schema.categories)
      .values({ name: "Anidada", slug: "anidada", parentCategoryId: hogar.id })
      .returning({ id: schema.categories.id });
    await promoteCategory(nested!.id, ADMIN);
    await deleteSubcategory(sub.id, ADMIN);
    await deleteCategory(audio.id, ADMIN);
    expect((await linesAfter(start)).map((l) => [l.entityType, l.action, l.summary])).toEqual([
      ["category", "create", "Categoría «Audio» creada"],
      ["category", "create", "Categoría «Hogar» creada"],
      ["category", "update", "Categoría «Sonido» actualizada"],
      ["subcategory", "create", "Subcategoría «Cascos» creada"],
      ["subcategory", "reassign", "Subcategoría «Cascos» movida a «Hogar»"],
      ["category", "promote", "Categoría «Anidada» convertida en categoría principal"],
      ["subcategory", "delete", "Subcategoría «Cascos» eliminada"],
      ["category", "delete", "Categoría «Sonido» eliminada"],
    ]);
  });

  it("orders: status changes and shipping; a refused change logs nothing", async () => {
    const order = await insertOrder(getDb(), { status: "paid" });
    const start = await lastId();
    await changeOrderStatus(order.number, { from: "paid", to: "preparing" }, ADMIN);
    await changeOrderStatus(
      order.number,
      { from: "preparing", to: "shipped", trackingNumber: "ES123" },
      ADMIN,
    );
    // The order is no longer "paid": the conditional update loses, nothing is written.
    await changeOrderStatus(order.number, { from: "paid", to: "cancelled" }, ADMIN);
    expect(await linesAfter(start)).toEqual([
      {
        ...by,
        action: "status",
        entityType: "order",
        entityId: order.number,
        summary: `Pedido ${order.number}: «Pagado» → «Preparando»`,
      },
      {
        ...by,
        action: "ship",
        entityType: "order",
        entityId: order.number,
        summary: `Pedido ${order.number}: «Preparando» → «Enviado» (seguimiento ES123)`,
      },
    ]);
  });

  it("reviews deleted by an admin", async () => {
    const [review] = await getDb()
      .insert(schema.reviews)
      .values({ rating: 2, comment: "Regular", userName: "Luis" })
      .returning({ id: schema.reviews.id });
    const start = await lastId();
    expect(await deleteReview(review!.id, ADMIN)).toEqual({ ok: true });
    expect(await linesAfter(start)).toEqual([
      {
        ...by,
        action: "delete",
        entityType: "review",
        entityId: String(review!.id),
        summary: "Reseña de Luis (2/5) eliminada",
      },
    ]);
  });

  it("filters the log by type, admin, Madrid days and text, a page at a time", async () => {
    const other = { id: "admin-otro", email: "otro@tienda.local" };
    await getDb()
      .insert(schema.users)
      .values({ ...other, name: "Otro", role: "admin" });
    await getDb().delete(schema.activityLog);
    const line = (
      summary: string,
      entityType: "product" | "user",
      createdAt: string,
      actor = ADMIN,
    ) =>
      getDb()
        .insert(schema.activityLog)
        .values({
          actorId: actor.id,
          actorEmail: actor.email,
          action: "update",
          entityType,
          summary,
          createdAt: new Date(createdAt),
        });
    await line("Producto «Altavoz» actualizado", "product", "2026-03-09T23:00:00Z"); // 10 Mar 00:00 Madrid
    await line("Producto «Radio» actualizado", "product", "2026-03-10T22:59:59Z"); // 10 Mar 23:59:59
    await line("Usuario «x@y.es» actualizado", "user", "2026-03-10T12:00:00Z", other);
    await line("Producto «Tele» actualizado", "product", "2026-03-10T23:00:00Z"); // 11 Mar

    const list = (query: Record<string, string>, page = 1, size = 50) =>
      listActivity(parseActivityFilters(new URLSearchParams(query)), page, size);
    const summaries = async (query: Record<string, string>) =>
      (await list(query)).lines.map((l) => l.summary);

    expect(await summaries({})).toEqual([
      "Producto «Tele» actualizado",
      "Producto «Radio» actualizado",
      "Usuario «x@y.es» actualizado",
      "Producto «Altavoz» actualizado",
    ]);
    expect(await summaries({ desde: "2026-03-10", hasta: "2026-03-10" })).toEqual([
      "Producto «Radio» actualizado",
      "Usuario «x@y.es» actualizado",
      "Producto «Altavoz» actualizado",
    ]);
    expect(await summaries({ tipo: "user" })).toEqual(["Usuario «x@y.es» actualizado"]);
    expect(await summaries({ admin: other.email })).toEqual(["Usuario «x@y.es» actualizado"]);
    expect(await summaries({ q: "radio" })).toEqual(["Producto «Radio» actualizado"]);
    expect(await summaries({ q: "100%_" })).toEqual([]);
    expect(await summaries({ tipo: "nada" })).toHaveLength(4); // unknown type: no filter
    const second = await list({}, 2, 3);
    expect(second).toMatchObject({ total: 4, page: 2, pageCount: 2 });
    expect(second.lines.map((l) => l.summary)).toEqual(["Producto «Altavoz» actualizado"]);
    expect((await list({})).admins).toEqual([other.email, ADMIN.email]);
    // The actor's e-mail stays when the account goes.
    await getDb().delete(schema.users).where(eq(schema.users.id, other.id));
    expect(await summaries({ admin: other.email })).toEqual(["Usuario «x@y.es» actualizado"]);
    await recordActivity(null, { action: "send", entityType: "promotion", summary: "Sistema" });
    expect((await list({ q: "sistema" })).lines[0]).toMatchObject({ actorEmail: null });
  });
});

describe("activity log and analytics pages, through the app", () => {
  let server: TestServer;
  let admin: BrowserClient;
  let customer: BrowserClient;
  beforeAll(async () => {
    server = await startServer({ seed: true });
    ({ admin, customer } = await demoSessions(server.url));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("refuses customers and visitors on both pages", async () => {
    for (const path of ["/admin/actividad", "/admin/analisis"]) {
      const asCustomer = await customer.get(path);
      expect(asCustomer.status).toBe(302);
      expect(asCustomer.headers.get("Location")).toBe("/");
      const asVisitor = await new BrowserClient(server.url).get(path);
      expect(asVisitor.status).toBe(302);
      expect(asVisitor.headers.get("Location")).toMatch(/^\/login/);
    }
  });

  it("records the signed-in admin's user changes and shows them in the log and the dashboard", async () => {
    const email = `actividad-${Date.now()}@dominio.test`;
    const created = await admin.post("/admin/usuarios?nuevo=", {
      intent: "create",
      email,
      password: "Una-Clave-Larga-2026",
      fullName: "Registro Prueba",
      role: "customer",
      avatarUrl: "",
    });
    expect(created.status).toBe(302);
    const created2 = await admin.post("/admin/categorias", {
      intent: "guardar-categoria",
      name: "Categoría del registro",
      slug: "categoria-del-registro",
      description: "",
    });
    expect(created2.status).toBe(302);

    const log = unescapeHtml(await (await admin.get("/admin/actividad?tipo=user")).text());
    expect(log).toContain(`Usuario «${email}» creado (cliente)`);
    expect(log).toContain(DEMO_ADMIN_EMAIL);
    expect(log).not.toContain("Categoría «Categoría del registro» creada");
    // The user still exists: the line links to them.
    expect(log).toContain(`href="/admin/usuarios?q=${encodeURIComponent(email)}"`);

    const byText = unescapeHtml(await (await admin.get("/admin/actividad?q=registro")).text());
    expect(byText).toContain("Categoría «Categoría del registro» creada");
    const future = unescapeHtml(
      await (await admin.get("/admin/actividad?desde=2099-01-01&hasta=2099-01-02")).text(),
    );
    expect(future).toContain("No hay actividad que coincida con los filtros.");

    const dashboard = unescapeHtml(await (await admin.get("/admin/dashboard")).text());
    expect(dashboard).toContain("Categoría «Categoría del registro» creada");
    expect(dashboard).toContain(`Usuario «${email}» creado (cliente)`);
  });

  it("renders the analytics page: range, ten cards, five charts with their tables", async () => {
    const response = await admin.get("/admin/analisis?periodo=7");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = unescapeHtml(await response.text());
    expect(html.match(/data-metric="/g)).toHaveLength(10);
    expect(html.match(/<caption/g)).toHaveLength(5);
    for (const title of [
      "Ventas por día",
      "Pedidos por estado",
      "Productos más vendidos",
      "Ingresos por categoría",
      "Ventas por zona de envío",
    ]) {
      expect(html).toContain(title);
    }
    expect(html).toMatch(/\(7 días, hora de Madrid\)/);
    expect(html).toMatch(/aria-current="page"[^>]*>Últimos 7 días/);
    // The charts library never reaches the server's HTML (it loads in the browser only).
    expect(html).not.toContain("recharts");

    const bad = unescapeHtml(
      await (await admin.get("/admin/analisis?desde=2026-05-02&hasta=2026-05-01")).text(),
    );
    expect(bad).toContain("La fecha «Desde» no puede ser posterior a «Hasta».");
    expect(bad).toMatch(/\(30 días, hora de Madrid\)/);
  });
});
