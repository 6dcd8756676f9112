/**
 * What `npm run build` shows of React Router's (Vite's) output: every line except the known
 * notices below, each left out deliberately, and the per-file asset table, summed up instead.
 * Anything else, warnings and errors included, is shown as printed.
 */

/** Lines left out, and why. A notice that changes wording simply shows again. */
export const KNOWN_NOTICES: readonly { pattern: RegExp; why: string }[] = [
  {
    // @react-router/dev 7.18 starts its own internal Vite servers (config loader, route-export
    // compiler) with `envFile: false`; Vite 8 deprecates the option. Nothing in this project
    // sets it or can change it; React Router's update will.
    pattern: /^The `envFile` option is deprecated, please use `envDir: false` instead\.$/,
    why: "set by @react-router/dev itself",
  },
  {
    // react-router.config.ts opts in to `future.v8_viteEnvironmentApi` on purpose: React
    // Router 8's only mode. Vite calls its Environment API experimental.
    pattern: /^Using Vite Environment API \(experimental\)$/,
    why: "adopted future flag",
  },
];

/** "build/client/assets/root-abc.js   12.34 kB │ gzip: 4.56 kB" (one row per emitted file). */
const ASSET_ROW = /^(build\/\S+)\s+([\d.,]+) kB(?:\s*│\s*gzip:\s*([\d.,]+) kB)?/;

// eslint-disable-next-line no-control-regex -- terminal colour codes are control characters
const ANSI = /\u001b\[[0-9;]*m/g;

export interface AssetTotals {
  files: number;
  kB: number;
  gzipKB: number;
}

/**
 * Filters the build's output line by line: `push` returns the lines to print for one input line
 * (none for a known notice or an asset row); `flush` returns the summary of the asset rows seen
 * since the last summary ("build/client: 197 files, 2.345 kB (gzip 678 kB)").
 */
export function createBuildOutputFilter() {
  let totals: { folder: string; sums: AssetTotals } | null = null;
  const summary = (): string[] => {
    if (!totals) return [];
    const { folder, sums } = totals;
    totals = null;
    const kB = (value: number) => `${Math.round(value).toLocaleString("en")} kB`;
    const gzip = sums.gzipKB > 0 ? ` (gzip ${kB(sums.gzipKB)})` : "";
    return [`${folder}: ${sums.files} files, ${kB(sums.kB)}${gzip}`];
  };
  return {
    push(rawLine: string): string[] {
      const line = rawLine.replace(ANSI, "").trimEnd();
      if (KNOWN_NOTICES.some(({ pattern }) => pattern.test(line.trim()))) return [];
      const row = ASSET_ROW.exec(line);
      if (row) {
        const folder = row[1]!.split("/").slice(0, 2).join("/");
        if (totals && totals.folder !== folder) summary();
        totals ??= { folder, sums: { files: 0, kB: 0, gzipKB: 0 } };
        totals.sums.files += 1;
        totals.sums.kB += Number(row[2]!.replace(/,/g, ""));
        totals.sums.gzipKB += Number((row[3] ?? "0").replace(/,/g, ""));
        return [];
      }
      return [...summary(), rawLine];
    },
    flush: summary,
  };
}
