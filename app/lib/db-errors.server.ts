/*
 * The only place that reads PostgreSQL's error codes (SQLSTATE). Domain code asks these
 * questions and turns the answer into a `Failure` with its own Spanish message.
 */

/** A failed query's SQLSTATE and the constraint it broke (Drizzle wraps the driver's error in `cause`). */
export function pgError(error: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
  }
  return {};
}

/** PostgreSQL's SQLSTATE of a failed query. */
export function sqlState(error: unknown): string | undefined {
  return pgError(error).code;
}

function violates(error: unknown, code: string, constraintPart?: string): boolean {
  const found = pgError(error);
  if (found.code !== code) return false;
  return constraintPart === undefined || (found.constraint?.includes(constraintPart) ?? false);
}

/** A unique index refused the write (optionally: one whose name contains `constraintPart`). */
export function isUniqueViolation(error: unknown, constraintPart?: string): boolean {
  return violates(error, "23505", constraintPart);
}

/** A row referenced by the write (a category, a user…) was deleted meanwhile. */
export function isForeignKeyViolation(error: unknown, constraintPart?: string): boolean {
  return violates(error, "23503", constraintPart);
}

/** A CHECK constraint refused the write. */
export function isCheckViolation(error: unknown, constraintPart?: string): boolean {
  return violates(error, "23514", constraintPart);
}
