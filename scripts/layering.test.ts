/**
 * The layering rules of .dependency-cruiser.cjs (run by `npm run lint`): the real tree keeps
 * them, and a small tree that breaks each rule once is caught by that rule — so the test fails
 * if the config stopped catching a violation, not only if the code grew one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const ROOT = path.resolve(import.meta.dirname, "..");
const CONFIG = path.join(ROOT, ".dependency-cruiser.cjs");

/** Cruises `app` under `baseDir` with the repo's rules; the violations as "rule: from → to". */
async function violations(baseDir: string): Promise<string[]> {
  const options = await extractDepcruiseOptions(CONFIG);
  const tsConfigFile = path.join(baseDir, "tsconfig.json");
  const result = await cruise(
    ["app"],
    {
      ...options,
      baseDir,
      tsConfig: { fileName: tsConfigFile },
      // Bypass the cruise cache: each run must look at the files as they are.
      cache: false,
    },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  const output = result.output as ICruiseResult;
  return output.summary.violations
    .filter((violation) => violation.rule.severity === "error")
    .map((violation) =>
      violation.cycle
        ? `${violation.rule.name}: ${violation.from} → ${violation.cycle.map((step) => step.name).join(" → ")}`
        : `${violation.rule.name}: ${violation.from} → ${violation.to}`,
    )
    .sort();
}

describe("layering rules", () => {
  it("the app keeps them, with no recorded exception", { timeout: 180_000 }, async () => {
    expect(await violations(ROOT)).toEqual([]);
  });

  describe("a tree that breaks each rule once", () => {
    let dir: string;
    const files: Record<string, string> = {
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          module: "ES2022",
          moduleResolution: "bundler",
          jsx: "react-jsx",
          baseUrl: ".",
          paths: { "~/*": ["./app/*"] },
        },
      }),
      // Allowed: each layer importing downwards, a module through another's public files.
      "app/lib/format.ts": "export const format = (n: number) => String(n);\n",
      "app/db/schema.ts": 'import { format } from "~/lib/format";\nexport const t = format(1);\n',
      "app/components/box.tsx":
        'import { format } from "~/lib/format";\nexport const Box = () => format(2);\n',
      "app/modules/cart/index.ts": 'export { total } from "./total";\n',
      "app/modules/cart/index.server.ts": 'export { save } from "./save.server";\n',
      "app/modules/cart/total.ts":
        'import { format } from "~/lib/format";\nexport const total = () => format(3);\n',
      "app/modules/cart/save.server.ts":
        'import { t } from "~/db/schema";\nimport { Box } from "~/components/box";\nexport const save = () => [t, Box];\n',
      "app/modules/orders/index.ts": 'export { place } from "./place";\n',
      "app/modules/orders/place.ts":
        'import { total } from "~/modules/cart";\nexport const place = () => total();\n',
      "app/routes/page.tsx":
        'import { total } from "~/modules/cart/total";\nexport default () => total();\n',
      // Violations, one per rule.
      "app/lib/bad-lib.ts": 'import { total } from "~/modules/cart";\nexport const x = total;\n',
      "app/db/bad-db.ts": 'import { Box } from "~/components/box";\nexport const y = Box;\n',
      "app/components/bad-component.tsx":
        'import { place } from "~/modules/orders";\nexport const z = place;\n',
      "app/modules/orders/bad-internal.ts":
        'import { total } from "~/modules/cart/total";\nexport const w = total;\n',
      "app/modules/orders/bad-route.ts":
        'import page from "~/routes/page";\nexport const v = page;\n',
      "app/modules/cart/bad-module-cycle.ts":
        'import { place } from "~/modules/orders";\nexport const u = place;\n',
      "app/lib/cycle-a.ts": 'import { b } from "./cycle-b";\nexport const a = () => b;\n',
      "app/lib/cycle-b.ts": 'import { a } from "./cycle-a";\nexport const b = () => a;\n',
      "app/modules/orders/index.server.ts": 'export { secret } from "./secret.server";\n',
      "app/modules/orders/secret.server.ts": "export const secret = 1;\n",
      "app/modules/payments/index.ts": 'export { leak } from "./leak.server";\n',
      "app/modules/payments/leak.server.ts": "export const leak = 1;\n",
      "app/modules/payments/unresolved.ts":
        'import { gone } from "./missing";\nexport const g = gone;\n',
    };

    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), "layering-"));
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), text);
      }
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("is caught, each violation by its rule", async () => {
      expect(await violations(dir)).toEqual(
        [
          "components-import-only-components-and-lib: app/components/bad-component.tsx → app/modules/orders/index.ts",
          "db-imports-only-db-and-lib: app/db/bad-db.ts → app/components/box.tsx",
          "lib-imports-only-lib: app/lib/bad-lib.ts → app/modules/cart/index.ts",
          "module-through-public-files: app/modules/orders/bad-internal.ts → app/modules/cart/total.ts",
          "modules-never-import-routes: app/modules/orders/bad-route.ts → app/routes/page.tsx",
          "no-circular: app/lib/cycle-a.ts → app/lib/cycle-b.ts → app/lib/cycle-a.ts",
          "no-module-cycles: app/modules/cart → app/modules/orders → app/modules/cart",
          "no-module-cycles: app/modules/orders → app/modules/cart → app/modules/orders",
          "not-to-unresolvable: app/modules/payments/unresolved.ts → ./missing",
          "public-index-browser-safe: app/modules/payments/index.ts → app/modules/payments/leak.server.ts",
        ].sort(),
      );
    });
  });
});
