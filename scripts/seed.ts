/**
 * Demo and bulk data.
 *
 *   tsx scripts/seed.ts                  demo data, only if the database is empty
 *   tsx scripts/seed.ts --reset          delete ALL data and uploaded images, then demo data
 *   tsx scripts/seed.ts --products N     demo data if empty, then N generated products
 *
 * Uses DATA_DIR / DATABASE_URL like the server. With the embedded database (PGlite) the
 * server must be stopped first: only one process may open it.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { seedBulkProducts } from "~/db/seed/bulk.server";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PASSWORD,
} from "~/db/seed/demo-data";
import { seedDemoIfEmptyWithSummary } from "~/db/seed/demo.server";
import * as schema from "~/db/schema";
import type { Database } from "~/db/client.server";
import { localUploadsDir } from "~/lib/storage.server";
import { exitWithError, openScriptDatabase, ScriptError } from "./lib/script-database";

const USAGE = `Uso: tsx scripts/seed.ts [--reset] [--products N]

  (sin opciones)   crea los datos de demostración si la base de datos está vacía
  --reset          borra TODOS los datos y las imágenes subidas y vuelve a crear la demo
  --products N     añade N productos generados (crea antes la demo si hace falta)
  --help           muestra esta ayuda`;

const MAX_BULK_PRODUCTS = 5_000_000;

const seconds = (ms: number) =>
  `${(ms / 1000).toLocaleString("es-ES", { maximumFractionDigits: 1 })} s`;
const number = (n: number) => n.toLocaleString("es-ES");

function parseCommandLine() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        reset: { type: "boolean", default: false },
        products: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
      allowPositionals: false,
    });
  } catch (error) {
    throw new ScriptError(`${(error as Error).message}\n\n${USAGE}`);
  }
  const { reset, products, help } = parsed.values;
  let productCount = 0;
  if (products !== undefined) {
    productCount = Number(products);
    if (!/^\d+$/.test(products) || productCount < 1 || productCount > MAX_BULK_PRODUCTS) {
      throw new ScriptError(
        `--products necesita un número entero entre 1 y ${number(MAX_BULK_PRODUCTS)} (recibido: "${products}").`,
      );
    }
  }
  return { reset: reset ?? false, productCount, help: help ?? false };
}

/** Rows of a raw query; both drivers (PGlite, node-postgres) return `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  if (result && typeof result === "object" && "rows" in result && Array.isArray(result.rows)) {
    return result.rows as T[];
  }
  throw new Error("Unexpected query result shape");
}

/** Empties every application table (all of schema `public`; migrations live in `drizzle`). */
async function resetDatabase(db: Database): Promise<number> {
  const tables = rowsOf<{ tablename: string }>(
    await db.execute(
      sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    ),
  ).map((row) => row.tablename);
  if (tables.length === 0) return 0;
  // Issued invoices must be kept (RD 1619/2012 art. 19; LGT art. 66: four years) and their
  // tables refuse TRUNCATE; a database that holds any is never emptied.
  if (tables.includes("invoices")) {
    const [issued] = rowsOf<{ count: number }>(
      await db.execute(sql`SELECT count(*)::int AS count FROM invoices`),
    );
    if ((issued?.count ?? 0) > 0) {
      throw new ScriptError(
        `La base de datos tiene ${issued?.count} facturas emitidas: la ley obliga a conservarlas, así que --reset no la vacía. Usa una base de datos nueva para empezar de cero.`,
      );
    }
  }
  const list = tables.map((name) => `"public"."${name.replaceAll('"', '""')}"`).join(", ");
  await db.execute(sql.raw(`TRUNCATE TABLE ${list} RESTART IDENTITY CASCADE`));
  if (tables.includes("invoice_chain_head")) {
    await db.execute(sql`INSERT INTO invoice_chain_head (id) VALUES (true)`);
  }
  return tables.length;
}

async function main() {
  const args = parseCommandLine();
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const started = performance.now();
  const database = await openScriptDatabase("scripts/seed.ts");
  const { env, handle } = database;
  const db = handle.db;
  try {
    console.log(
      `Base de datos: ${handle.kind === "pglite" ? `PGlite en ${path.join(env.DATA_DIR, "pglite")}` : "PostgreSQL (DATABASE_URL)"}`,
    );

    if (args.reset) {
      const tables = await resetDatabase(db);
      const uploads = localUploadsDir(env.DATA_DIR);
      fs.rmSync(uploads, { recursive: true, force: true });
      console.log(`Borrados los datos de ${tables} tablas y las imágenes de ${uploads}.`);
    }

    const summary = await seedDemoIfEmptyWithSummary();
    if (summary) {
      console.log(
        `Datos de demostración creados en ${seconds(summary.durationMs)}: ${summary.categories} categorías, ` +
          `${summary.subcategories} subcategorías, ${summary.products} productos, ` +
          `${summary.marketplaceItems} artículos de segunda mano, ${summary.services} servicios, ` +
          `${summary.users} usuarios, ${summary.reviews} reseñas, ${summary.favorites} favoritos, ` +
          `${summary.images} imágenes.`,
      );
      console.log(`  Administrador: ${DEMO_ADMIN_EMAIL} / ${DEMO_ADMIN_PASSWORD}`);
      console.log(`  Cliente:       ${DEMO_CUSTOMER_EMAIL} / ${DEMO_CUSTOMER_PASSWORD}`);
      if (env.isProduction) {
        console.warn(
          "AVISO: NODE_ENV=production y las cuentas de demostración tienen contraseñas públicas. " +
            "Cámbialas o bórralas antes de abrir la tienda.",
        );
      }
    } else {
      console.log(
        "La base de datos ya tiene datos: no se han creado datos de demostración (usa --reset para empezar de cero).",
      );
    }

    if (args.productCount > 0) {
      const interactive = process.stdout.isTTY;
      const result = await seedBulkProducts(args.productCount, {
        onProgress: (done, total) => {
          if (interactive)
            process.stdout.write(`\r  Generando productos: ${number(done)} / ${number(total)}`);
        },
      });
      if (interactive) process.stdout.write("\n");
      console.log(
        `Añadidos ${number(result.inserted)} productos generados en ${seconds(result.durationMs)} (SKU ${result.skuPrefix}…).`,
      );
    }

    const products = await db.$count(schema.products);
    const users = await db.$count(schema.users);
    console.log(
      `Listo en ${seconds(performance.now() - started)}: la base de datos tiene ${number(products)} productos y ${number(users)} usuarios.`,
    );
  } finally {
    await database.close();
  }
}

main().catch(exitWithError);
