import { vi } from "vitest";

/**
 * The lines the server's logger (app/lib/log.server.ts) writes to the process's stdout and
 * stderr from now until `restore()`; nothing reaches the terminal meanwhile.
 */
export function captureLog() {
  const lines: string[] = [];
  const capture = ((chunk: unknown) => {
    lines.push(...String(chunk).split("\n").filter(Boolean));
    return true;
  }) as typeof process.stdout.write;
  const out = vi.spyOn(process.stdout, "write").mockImplementation(capture);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(capture);
  return {
    lines,
    restore() {
      out.mockRestore();
      err.mockRestore();
    },
  };
}
