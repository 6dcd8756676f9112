/** Each scenario's figures: printed, and kept in .tmp/faults/<name>.json for the README. */
import fs from "node:fs";
import path from "node:path";

export function reportFigures(name: string, figures: Record<string, unknown>) {
  const dir = path.resolve(".tmp/faults");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`[faults] ${name}: ${JSON.stringify(figures)}`);
}

/** Polls `check` until it is true; returns the milliseconds it took, or throws at the deadline. */
export async function timeUntil(check: () => Promise<boolean>, deadlineMs: number) {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > deadlineMs) throw new Error(`not true after ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}
