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

/** On failure, the server's last log lines (without the per-request ones). */
export function serverLogOnFailure(
  onTestFailed: (handler: () => void) => void,
  output: () => string[] | undefined,
) {
  onTestFailed(() => {
    const lines = output()?.filter((line) => !line.includes('"msg":"request"')) ?? [];
    console.log(lines.slice(-40).join("\n"));
  });
}

/** Polls /readyz until it answers `status`; returns the milliseconds it took. */
export function readyzBecomes(url: () => string, status: number, deadlineMs: number) {
  return timeUntil(async () => {
    const response = await fetch(`${url()}/readyz`, { signal: AbortSignal.timeout(2_000) });
    return response.status === status;
  }, deadlineMs);
}
