/**
 * A LIKE pattern for the rows whose text contains `text` as typed: its `%`, `_` and `\` are
 * escaped (PostgreSQL's default escape character), so they match themselves, not any text.
 */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
