/**
 * How fast /admin/analisis reads at scale (ADR 0017): a throwaway database (PGlite in
 * a temporary folder, or a new database on the PostgreSQL of DATABASE_URL) seeded with
 * 100,000 products and 100,000 orders (≈ 250,000 lines) spread over the last 400 days with
 * generate_series, then every query of the page timed for the 7-, 30-, 90- and 366-day ranges,
 * and the plan of each query printed with --explain.
 *
 *   tsx scripts/bench/analytics.ts [--orders N] [--products N] [--explain] [--covering-indexes]
 *
 * --covering-indexes adds the two indexes ADR 0017 proposes (not in the migrations) before
 * measuring, to compare.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase, setDatabase } from "~/db/client.server";
import { addDays, madridToday } from "~/lib/dates";
import { resolveRange } from "~/modules/analytics/analytics";
import { getAnalytics } from "~/modules/analytics/analytics.server";
import { createPostgresDatabase } from "../../tests/helpers/postgres";

const { values: args } = parseArgs({
  options: {
    orders: { type: "string", default: "100000" },
    products: { type: "string", default: "100000" },
    explain: { type: "boolean", default: false },
    "covering-indexes": { type: "boolean", default: false },
  },
});
const ORDERS = Number(args.orders);
const PRODUCTS = Number(args.products);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-analytics-bench-"));
const pg = await createPostgresDatabase();
const handle = await openDatabase({
  DATA_DIR: dataDir,
  DATABASE_URL: pg?.url,
  DATABASE_POOL_MAX: 5,
});
const ms = (start: number) => Math.round(performance.now() - start);

try {
  await handle.migrate();
  setDatabase(handle);
  const db = handle.db;
  const seedStart = performance.now();
  await db.execute(sql`
    INSERT INTO categories (name, slug)
    SELECT 'Categoría ' || g, 'categoria-' || g FROM generate_series(1, 20) g`);
  await db.execute(sql`
    INSERT INTO products (name, description, price_cents, category_id, stock_quantity, minimum_stock_level)
    SELECT 'Producto ' || g, 'Descripción', 500 + (g * 37) % 20000,
      (SELECT min(id) FROM categories) + g % 20, (g * 13) % 50, (g * 7) % 10
    FROM generate_series(1, ${PRODUCTS}) g`);
  await db.execute(sql`
    INSERT INTO marketplace_products (name, description, marketplace_condition, price_cents, category_id)
    SELECT 'Segunda mano ' || g, 'd', 'good', 1000 + g, (SELECT min(id) FROM categories) + g % 20
    FROM generate_series(1, 2000) g`);
  // Orders: ~20,000 buyers (so many return), statuses weighted like a real shop, placed over the
  // last 400 days; each with 1–4 lines.
  await db.execute(sql`
    INSERT INTO orders (number, email, full_name, address_line1, postal_code, city, province,
      status, stock_state, reserved_until, subtotal_cents, shipping_cents, total_cents, vat_cents,
      payment_provider, created_at)
    SELECT 'P-BENCH-' || g, 'cliente' || (g * 7919) % 20000 || '@ejemplo.es', 'Cliente ' || g,
      'Calle 1', '28013', 'Madrid', 'Madrid',
      (ARRAY['paid','preparing','shipped','delivered','delivered','delivered','cancelled','refunded','pending_payment','delivered'])[1 + g % 10]::order_status,
      'committed', now(), 0, 0, 0, 0, 'test',
      now() - ((g * 2654435761::bigint) % (400 * 86400)) * interval '1 second'
    FROM generate_series(1, ${ORDERS}) g`);
  await db.execute(sql`
    INSERT INTO order_items (order_id, product_id, marketplace_product_id, name, unit_price_cents,
      quantity, vat_rate_bp, line_total_cents)
    SELECT o.id,
      CASE WHEN l = 4 THEN NULL ELSE (SELECT min(id) FROM products) + (o.id * 31 + l * 17) % ${PRODUCTS} END,
      CASE WHEN l = 4 THEN (SELECT min(id) FROM marketplace_products) + o.id % 2000 END,
      'Línea', 1000 + (o.id * l) % 5000, 1 + (o.id + l) % 3, 2100,
      (1000 + (o.id * l) % 5000) * (1 + (o.id + l) % 3)
    FROM orders o, generate_series(1, 4) l
    WHERE l <= 1 + o.id % 3 OR (l = 4 AND o.id % 25 = 0)`);
  await db.execute(sql`
    UPDATE orders o SET subtotal_cents = t.s, total_cents = t.s + 495, shipping_cents = 495,
      vat_cents = (t.s + 495) - round((t.s + 495) / 1.21)
    FROM (SELECT order_id, sum(line_total_cents) AS s FROM order_items GROUP BY order_id) t
    WHERE t.order_id = o.id`);
  await db.execute(sql`
    INSERT INTO reviews (rating, comment, created_at)
    SELECT 1 + g % 5, 'Reseña', now() - (g % 400) * interval '1 day' FROM generate_series(1, 20000) g`);
  await db.execute(sql`
    INSERT INTO service_requests (service_name, name, email, message, created_at)
    SELECT 'Montaje', 'Cliente', 'c@ejemplo.es', 'Hola', now() - (g % 400) * interval '1 day'
    FROM generate_series(1, 10000) g`);
  if (args["covering-indexes"]) {
    await db.execute(sql`
      CREATE INDEX orders_status_created_cover_idx ON orders (status, created_at)
        INCLUDE (id, total_cents, email)`);
    await db.execute(sql`
      CREATE INDEX order_items_order_cover_idx ON order_items (order_id)
        INCLUDE (quantity, line_total_cents, product_id, marketplace_product_id)`);
  }
  await db.execute(sql`VACUUM ANALYZE`);
  const counts = (await db.execute(
    sql`SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM order_items) AS lines, (SELECT count(*) FROM products) AS products`,
  )) as unknown as { rows: Record<string, unknown>[] };
  console.log(`seeded in ${ms(seedStart)} ms:`, counts.rows[0], pg ? "(PostgreSQL)" : "(PGlite)");

  const today = madridToday();
  for (const days of [7, 30, 90, 366]) {
    const { range } = resolveRange(
      new URLSearchParams({ desde: addDays(today, -(days - 1)), hasta: today }),
    );
    await getAnalytics(range); // warm-up
    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const start = performance.now();
      await getAnalytics(range);
      times.push(ms(start));
    }
    times.sort((a, b) => a - b);
    console.log(`${days} days: getAnalytics median ${times[1]} ms (runs: ${times.join(", ")})`);
  }

  if (args.explain) {
    const from = addDays(today, -89);
    const start = sql`(${from}::date::timestamp AT TIME ZONE 'Europe/Madrid')`;
    const plans: [string, ReturnType<typeof sql>][] = [
      [
        "orders by range (sale)",
        sql`SELECT count(*), sum(total_cents) FROM orders o WHERE o.status IN ('paid','preparing','shipped','delivered') AND o.created_at >= ${start}`,
      ],
      [
        "lines of the range",
        sql`SELECT sum(oi.quantity) FROM orders o JOIN order_items oi ON oi.order_id = o.id WHERE o.status IN ('paid','preparing','shipped','delivered') AND o.created_at >= ${start}`,
      ],
      [
        "returning buyers",
        sql`WITH b AS (SELECT DISTINCT lower(email) AS email FROM orders o WHERE o.status IN ('paid','preparing','shipped','delivered') AND o.created_at >= ${start})
            SELECT count(*) FILTER (WHERE EXISTS (SELECT 1 FROM orders p WHERE lower(p.email) = b.email AND p.status IN ('paid','preparing','shipped','delivered') AND p.created_at < ${start})) FROM b`,
      ],
    ];
    for (const [name, query] of plans) {
      const plan = (await db.execute(sql`EXPLAIN ANALYZE ${query}`)) as unknown as {
        rows: Record<string, string>[];
      };
      console.log(`\n— ${name}\n${plan.rows.map((r) => Object.values(r)[0]).join("\n")}`);
    }
  }
} finally {
  setDatabase(undefined);
  await handle.close();
  await pg?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
