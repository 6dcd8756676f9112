/**
 * The product CSV export and import of /admin/productos (format: product-csv.ts). Admin only:
 * the rows hold the private fields (DESIGN §4).
 *
 * Export streams the catalogue in batches of PRODUCT_CSV_LIMITS.exportBatchSize (keyset by id),
 * so 100,000 products never become one string in memory.
 *
 * Import reads the whole file (bounded by PRODUCT_CSV_LIMITS), checks every row with the admin
 * form's own zod schema plus the file-level checks (columns, repeated SKUs, category slugs,
 * uploaded images) and reports every problem; only a file without any is written, in one
 * transaction: create or update by SKU, the price history of every product whose prices
 * changed (`recordPriceChange(…, "import")`) and one activity-log line. The catalogue's cache
 * version moves by the database triggers on products (ADR 0006), as with any admin edit.
 */
import { maintainEmbeddedCatalogue } from "~/db/maintenance.server";
import { asc, eq, gt, inArray } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { categories, products, subcategories } from "~/db/schema";
import { pick } from "~/db/pick";
import { getDb, type Database } from "~/db/client.server";
import { PRODUCT_CSV_LIMITS } from "~/lib/constants";
import { isForeignKeyViolation, isUniqueViolation } from "~/lib/db-errors.server";
import { log } from "~/lib/log.server";
import { formatNumber } from "~/lib/numbers";
import { madridToday } from "~/lib/dates";
import { recordActivity, type Actor } from "~/modules/activity/index.server";
import { imageKeysProblem, replaceImages } from "~/modules/media/index.server";
import { productFormSchema, type ProductFormValues } from "./admin-product-schemas";
import { productColumnsOf, productFieldColumns } from "./admin-products.server";
import { recordPriceChange } from "./price-history.server";
import {
  byColumn,
  COLUMN_OF_FIELD,
  csvRecordToFormInput,
  PRODUCT_CSV_HEADER,
  PRODUCT_CSV_MESSAGES,
  PRODUCT_CSV_SEPARATOR,
  productToCsvRecord,
  type CategoryLookup,
  type ProductCsvColumn,
  type ProductCsvCounts,
  type ProductCsvReport,
  type RowError,
  type ProductCsvRecord,
  type ProductCsvSource,
} from "./product-csv";

const BOM = "\uFEFF";

// ── Export ──────────────────────────────────────────────────────────────────────────────

/** Every column a row needs, with the category pair's slugs. */
const sourceColumns = {
  ...productFieldColumns,
  categorySlug: categories.slug,
  subcategorySlug: subcategories.slug,
};

function selectSources(db: Database) {
  return db
    .select(sourceColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId));
}

/** Rows as CSV text (`;`, CRLF, quoted only when needed). */
export function csvLines(rows: readonly (readonly string[])[]): string {
  return stringify(rows as string[][], {
    delimiter: PRODUCT_CSV_SEPARATOR,
    record_delimiter: "\r\n",
  });
}

const recordCells = (record: ProductCsvRecord) =>
  PRODUCT_CSV_HEADER.map((column) => record[column]);

/** The export's file name: productos-YYYY-MM-DD.csv (Madrid day). */
export function productCsvFileName(now = new Date()): string {
  return `productos-${madridToday(now)}.csv`;
}

/** The whole catalogue as a CSV byte stream, read in batches by id as the client reads. */
export function productCsvStream(): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let lastId = 0;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(BOM + csvLines([PRODUCT_CSV_HEADER])));
      },
      async pull(controller) {
        try {
          const batch = await selectSources(getDb())
            .where(gt(products.id, lastId))
            .orderBy(asc(products.id))
            .limit(PRODUCT_CSV_LIMITS.exportBatchSize);
          if (batch.length === 0) {
            controller.close();
            return;
          }
          lastId = batch.at(-1)!.id;
          controller.enqueue(
            encoder.encode(csvLines(batch.map((row) => recordCells(productToCsvRecord(row))))),
          );
        } catch (error) {
          log("error", "product CSV export failed", { error: String(error) });
          controller.error(error);
        }
      },
    },
    // One batch at a time: the next is read only when the client has taken this one.
    { highWaterMark: 1 },
  );
}

// ── Import: reading and checking ────────────────────────────────────────────────────────

type Action = "create" | "update" | "unchanged";

interface PlannedRow {
  row: number;
  action: Action;
  values: ProductFormValues;
  /** The product updated (update/unchanged) and its images before the import. */
  existing?: { id: number; imageKeys: readonly string[] };
}

export interface ProductCsvCheck extends ProductCsvCounts {
  /** Every row problem, in row order (the page lists the first maxListedErrors). */
  errors: RowError[];
  plan: PlannedRow[];
}

const fileRefused = (fileError: string): ProductCsvCheck => ({
  fileError,
  rows: 0,
  create: 0,
  update: 0,
  unchanged: 0,
  errors: [],
  plan: [],
});

/** The upload's text, or why it is not a readable CSV file. */
async function readCsvText(file: File): Promise<{ text: string } | { error: string }> {
  if (file.size > PRODUCT_CSV_LIMITS.maxFileBytes) {
    return { error: PRODUCT_CSV_MESSAGES.tooLarge(PRODUCT_CSV_LIMITS.maxFileBytes / 1024 ** 2) };
  }
  if (file.name && !/\.(csv|txt)$/i.test(file.name)) return { error: PRODUCT_CSV_MESSAGES.notCsv };
  if (file.size === 0) return { error: PRODUCT_CSV_MESSAGES.empty };
  const bytes = new Uint8Array(await file.arrayBuffer());
  // Text files have no NUL bytes: a spreadsheet (.xlsx is a zip), an image, UTF-16…
  if (bytes.includes(0)) return { error: PRODUCT_CSV_MESSAGES.notCsv };
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    return { text: text.startsWith(BOM) ? text.slice(1) : text };
  } catch {
    return { error: PRODUCT_CSV_MESSAGES.encoding };
  }
}

/** `;` unless the header line has only commas (a CSV saved by an English spreadsheet). */
function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return !firstLine.includes(";") && firstLine.includes(",") ? "," : PRODUCT_CSV_SEPARATOR;
}

function parseCsv(text: string): { records: string[][] } | { error: string } {
  try {
    const records = parse(text, {
      delimiter: separatorOf(text),
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
    return { records };
  } catch (error) {
    const lines = (error as { lines?: unknown }).lines;
    return { error: PRODUCT_CSV_MESSAGES.malformed(typeof lines === "number" ? lines : 1) };
  }
}

/** The header's column positions, or what is wrong with it. */
function readHeader(cells: string[]): { index: Map<ProductCsvColumn, number> } | { error: string } {
  const names = cells.map((cell) => cell.trim().toLowerCase());
  const known = new Set<string>(PRODUCT_CSV_HEADER);
  const unknown = names.filter((name) => !known.has(name));
  const repeated = names.filter((name, i) => names.indexOf(name) !== i);
  const missing = PRODUCT_CSV_HEADER.filter((column) => !names.includes(column));
  const problems = [
    unknown.length ? PRODUCT_CSV_MESSAGES.unknownColumns(unknown) : null,
    repeated.length ? PRODUCT_CSV_MESSAGES.repeatedColumns([...new Set(repeated)]) : null,
    missing.length ? PRODUCT_CSV_MESSAGES.missingColumns(missing) : null,
  ].filter((p): p is string => p !== null);
  if (problems.length) return { error: problems.join(" ") };
  return { index: new Map(PRODUCT_CSV_HEADER.map((column) => [column, names.indexOf(column)])) };
}

async function categoryLookup(db: Database): Promise<CategoryLookup> {
  const [mains, subs] = await Promise.all([
    db.select({ id: categories.id, slug: categories.slug }).from(categories),
    db.select(pick(subcategories, "id", "slug", "categoryId")).from(subcategories),
  ]);
  return new Map(
    mains.map((category) => [
      category.slug,
      {
        id: category.id,
        subcategories: new Map(
          subs.filter((s) => s.categoryId === category.id).map((s) => [s.slug, s.id]),
        ),
      },
    ]),
  );
}

/** The stored form of a row's values, as a product's CSV source. */
function sourceOfValues(
  values: ProductFormValues,
  categorySlug: string,
  subcategorySlug: string | null,
): ProductCsvSource {
  const {
    categoryId: _categoryId,
    subcategoryId: _subcategoryId,
    ...stored
  } = productColumnsOf(values);
  return { ...stored, categorySlug, subcategorySlug };
}

const sameRecord = (a: ProductCsvRecord, b: ProductCsvRecord) =>
  PRODUCT_CSV_HEADER.every((column) => a[column] === b[column]);

/** The products of these SKUs, as CSV sources with their id. */
async function productsBySku(db: Database, skus: string[]) {
  const found = new Map<string, ProductCsvSource & { id: number }>();
  for (let i = 0; i < skus.length; i += PRODUCT_CSV_LIMITS.lookupBatchSize) {
    const chunk = skus.slice(i, i + PRODUCT_CSV_LIMITS.lookupBatchSize);
    for (const row of await selectSources(db).where(inArray(products.sku, chunk))) {
      found.set(row.sku!, row);
    }
  }
  return found;
}

/**
 * The dry run: every row read and checked, nothing written. Returns the plan (create, update
 * or leave each row's product) and every problem found.
 */
export async function checkProductCsv(
  file: File,
  db: Database = getDb(),
): Promise<ProductCsvCheck> {
  const read = await readCsvText(file);
  if ("error" in read) return fileRefused(read.error);
  if (read.text.trim() === "") return fileRefused(PRODUCT_CSV_MESSAGES.empty);
  const parsed = parseCsv(read.text);
  if ("error" in parsed) return fileRefused(parsed.error);
  const [headerCells, ...dataRecords] = parsed.records;
  if (!headerCells) return fileRefused(PRODUCT_CSV_MESSAGES.empty);
  const header = readHeader(headerCells);
  if ("error" in header) return fileRefused(header.error);
  // Blank lines (a spreadsheet's trailing empty rows) are not products.
  const data = dataRecords
    .map((cells, i) => ({ cells, row: i + 2 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ""));
  if (data.length === 0) return fileRefused(PRODUCT_CSV_MESSAGES.noRows);
  if (data.length > PRODUCT_CSV_LIMITS.maxRows) {
    return fileRefused(PRODUCT_CSV_MESSAGES.tooManyRows(formatNumber(PRODUCT_CSV_LIMITS.maxRows)));
  }

  const lookup = await categoryLookup(db);
  const errors: RowError[] = [];
  const valid: { row: number; values: ProductFormValues; record: ProductCsvRecord }[] = [];
  const firstRowOfSku = new Map<string, number>();
  for (const { cells, row } of data) {
    if (cells.length !== headerCells.length) {
      errors.push({
        row,
        column: null,
        message: PRODUCT_CSV_MESSAGES.fieldCount(cells.length, headerCells.length),
      });
      continue;
    }
    const record = Object.fromEntries(
      PRODUCT_CSV_HEADER.map((column) => [column, cells[header.index.get(column)!] ?? ""]),
    ) as ProductCsvRecord;
    const { input, issues } = csvRecordToFormInput(record, lookup);
    const rowErrors: RowError[] = issues.map((issue) => ({ row, ...issue }));
    const result = productFormSchema.safeParse(input);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const column = COLUMN_OF_FIELD[String(issue.path[0])] ?? null;
        // The CSV layer already explained a cell it could not read.
        if (column && rowErrors.some((e) => e.column === column)) continue;
        rowErrors.push({ row, column, message: issue.message });
      }
    }
    const sku = typeof input.sku === "string" ? input.sku.trim() : "";
    if (sku) {
      const first = firstRowOfSku.get(sku);
      if (first !== undefined) {
        rowErrors.push({ row, column: "sku", message: PRODUCT_CSV_MESSAGES.skuRepeated(first) });
      } else {
        firstRowOfSku.set(sku, row);
      }
    }
    if (rowErrors.length > 0 || !result.success) {
      errors.push(...rowErrors);
      continue;
    }
    // Stored as the form stores it: normalised text, cents, slugs.
    const stored = productToCsvRecord(
      sourceOfValues(result.data, record.categoria.trim(), record.subcategoria.trim() || null),
    );
    valid.push({ row, values: result.data, record: stored });
  }

  const existing = await productsBySku(
    db,
    valid.map((v) => v.values.sku!),
  );
  const plan: PlannedRow[] = [];
  for (const { row, values, record } of valid) {
    const current = existing.get(values.sku!);
    const added = values.imageKeys.filter((key) => !current?.imageKeys.includes(key));
    const imageProblem = added.length ? await imageKeysProblem(added) : null;
    if (imageProblem) {
      errors.push({ row, column: "imagenes", message: imageProblem });
      continue;
    }
    if (!current) {
      plan.push({ row, action: "create", values });
      continue;
    }
    const unchanged = sameRecord(productToCsvRecord(current), record);
    plan.push({
      row,
      action: unchanged ? "unchanged" : "update",
      values,
      existing: { id: current.id, imageKeys: current.imageKeys },
    });
  }
  errors.sort((a, b) => a.row - b.row || byColumn(a, b));
  const count = (action: Action) => plan.filter((p) => p.action === action).length;
  return {
    fileError: null,
    rows: data.length,
    create: count("create"),
    update: count("update"),
    unchanged: count("unchanged"),
    errors,
    plan,
  };
}

// ── Import: writing ─────────────────────────────────────────────────────────────────────

export interface ProductCsvImport extends ProductCsvCheck {
  /** True when the rows were written (a file with any problem writes nothing). */
  imported: boolean;
}

/**
 * Checks the file again (the catalogue may have changed since the dry run) and, only when no
 * row has a problem, writes every row in one transaction.
 */
export async function importProductCsv(file: File, actor: Actor | null): Promise<ProductCsvImport> {
  const check = await checkProductCsv(file);
  if (check.fileError || check.errors.length > 0) return { ...check, imported: false };
  const db = getDb();
  const changed = check.plan.filter((p) => p.action !== "unchanged");
  try {
    await db.transaction(async (tx) => {
      for (const planned of changed) {
        const columns = productColumnsOf(planned.values);
        let id: number;
        if (planned.existing) {
          id = planned.existing.id;
          const updated = await tx
            .update(products)
            .set(columns)
            .where(eq(products.id, id))
            .returning({ id: products.id });
          // Deleted since the check: a new product would lose nothing, but say so instead.
          if (updated.length === 0) throw new CatalogueChanged();
        } else {
          const [row] = await tx.insert(products).values(columns).returning({ id: products.id });
          id = row!.id;
        }
        await recordPriceChange(
          tx,
          { productId: id },
          {
            priceCents: columns.priceCents,
            salePriceCents: columns.salePriceCents,
            isOnSale: columns.isOnSale,
          },
          "import",
        );
      }
      await recordActivity(
        actor,
        {
          action: "import",
          entityType: "product",
          entityId: null,
          summary: `Importación CSV de productos: ${check.create} creados, ${check.update} actualizados, ${check.unchanged} sin cambios`,
        },
        tx,
      );
    });
  } catch (error) {
    const meanwhile =
      error instanceof CatalogueChanged ||
      isUniqueViolation(error, "sku") ||
      isForeignKeyViolation(error);
    if (!meanwhile) log("error", "product CSV import failed", { error: String(error) });
    return {
      ...fileRefused(
        meanwhile ? PRODUCT_CSV_MESSAGES.changedMeanwhile : PRODUCT_CSV_MESSAGES.failed,
      ),
      imported: false,
    };
  }
  // Only once the new lists are saved: the files of images taken out of updated products.
  for (const planned of changed) {
    if (planned.existing) await replaceImages(planned.existing.imageKeys, planned.values.imageKeys);
  }
  if (changed.length > 0) await maintainEmbeddedCatalogue();
  return { ...check, imported: true };
}

class CatalogueChanged extends Error {}

/** The page's view of a check or of an import that wrote nothing. */
export function productCsvReport(
  intent: ProductCsvReport["intent"],
  fileName: string,
  check: ProductCsvCheck,
): ProductCsvReport {
  return {
    intent,
    fileName,
    fileError: check.fileError,
    rows: check.rows,
    create: check.create,
    update: check.update,
    unchanged: check.unchanged,
    errors: check.errors.slice(0, PRODUCT_CSV_LIMITS.maxListedErrors),
    errorCount: check.errors.length,
  };
}
