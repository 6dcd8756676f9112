/**
 * The column kinds every table repeats, written once. Each call returns a new builder; the SQL
 * they produce is exactly what the migrations in drizzle/ already hold.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  integer,
  timestamp,
  type AnyPgColumn,
  type UpdateDeleteAction,
} from "drizzle-orm/pg-core";

/** An integer primary key the database numbers itself (GENERATED ALWAYS AS IDENTITY). */
export const identityId = () => integer("id").primaryKey().generatedAlwaysAsIdentity();

/** The same as a bigint, for append-only logs and queues. */
export const bigIdentityId = () =>
  bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity();

/** `timestamptz`: a moment in time. */
export const timestamptz = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** `timestamptz NOT NULL DEFAULT now()`: set by the database when the row is inserted. */
export const timestamptzNow = <N extends string>(name: N) =>
  timestamptz(name).notNull().defaultNow();

/** When the row was inserted. */
export const createdAt = () => timestamptzNow("created_at");

/** When the row was last changed: every update through Drizzle sets it. */
export const updatedAt = () => timestamptzNow("updated_at").$onUpdate(() => new Date());

export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/**
 * The row's edit version (ADR 0042): every update through Drizzle adds one, in the UPDATE
 * itself, so two writes never share a version, whatever the clocks of the instances that made
 * them. A write that must not count as a change sets it to itself. `table` qualifies the
 * column, so an upsert (its EXCLUDED row) or an UPDATE … FROM another table with a `version`
 * column stays unambiguous. Raw SQL updates must raise it themselves.
 */
export const editVersion = (table: string) =>
  integer("version")
    .notNull()
    .default(1)
    .$onUpdate(() => sql.raw(`"${table}"."version" + 1`));

/** An integer foreign key, null when the row refers to nothing. */
export const idRef = <N extends string>(
  name: N,
  target: () => AnyPgColumn,
  onDelete: UpdateDeleteAction,
) => integer(name).references(target, { onDelete });

/** An integer foreign key every row has. */
export const requiredIdRef = <N extends string>(
  name: N,
  target: () => AnyPgColumn,
  onDelete: UpdateDeleteAction,
) => integer(name).notNull().references(target, { onDelete });

/**
 * A taxable base, its tax and their total, in cents (an invoice, or one of its IVA rates); the
 * check keeps total = base + tax.
 */
export function taxAmountColumns() {
  return {
    baseCents: integer("base_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
  };
}

export function taxAmountCheck(
  table: string,
  t: { baseCents: AnyPgColumn; taxCents: AnyPgColumn; totalCents: AnyPgColumn },
) {
  return check(`${table}_total_valid`, sql`${t.totalCents} = ${t.baseCents} + ${t.taxCents}`);
}
