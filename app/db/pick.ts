import { getTableColumns, type Table } from "drizzle-orm";

type ColumnsOf<T extends Table> = T["_"]["columns"];

/**
 * Some of a table's columns under their own names, for `select`, `returning` or a spread into
 * either: `pick(users, "id", "email")` is `{ id: users.id, email: users.email }`.
 */
export function pick<T extends Table, K extends keyof ColumnsOf<T> & string>(
  table: T,
  ...names: K[]
): Pick<ColumnsOf<T>, K> {
  const columns: ColumnsOf<T> = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, columns[name]])) as Pick<ColumnsOf<T>, K>;
}
