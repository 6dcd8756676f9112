import { describe, expect, it } from "vitest";
import { createBuildOutputFilter } from "./build-output";

function run(lines: string[]): string[] {
  const filter = createBuildOutputFilter();
  return [...lines.flatMap((line) => filter.push(line)), ...filter.flush()];
}

describe("the build's output", () => {
  it("leaves out only the known notices and sums up the asset table per folder", () => {
    expect(
      run([
        "The `envFile` option is deprecated, please use `envDir: false` instead.",
        "\u001b[33mUsing Vite Environment API (experimental)\u001b[39m",
        "vite v8.3.8 building client environment for production...",
        "build/client/assets/root-abc.js     12.40 kB │ gzip:  4.60 kB",
        "build/client/assets/app-def.css  1,200.00 kB │ gzip: 100.00 kB",
        "✓ built in 31.44s",
        "build/server/index.js  300.00 kB",
        "✓ built in 6.84s",
      ]),
    ).toEqual([
      "vite v8.3.8 building client environment for production...",
      "build/client: 2 files, 1,212 kB (gzip 105 kB)",
      "✓ built in 31.44s",
      "build/server: 1 files, 300 kB",
      "✓ built in 6.84s",
    ]);
  });

  it("shows every other warning and error as printed", () => {
    const lines = [
      "(!) Your Vite config uses features that are unsupported",
      "The `envDir` option is deprecated.",
      "error TS2345: Argument of type 'string'",
      "  ⚠️  Future Flag Warning: Request handling behavior is changing in React Router v8.",
    ];
    expect(run(lines)).toEqual(lines);
  });
});
