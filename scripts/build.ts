/**
 * `npm run build`: React Router's production build (browser and server), then the Express host
 * (server.ts) bundled by esbuild into build/host.js. Prints what was built, without the notices
 * scripts/lib/build-output.ts leaves out (each with its reason) and with the per-file asset
 * table summed up per folder. On failure everything the build printed is shown.
 */
import { spawn } from "node:child_process";
import readline from "node:readline";
import { build } from "esbuild";
import { createBuildOutputFilter } from "./lib/build-output";

async function reactRouterBuild(): Promise<boolean> {
  const child = spawn(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const filter = createBuildOutputFilter();
  const raw: string[] = [];
  const forward = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) =>
    new Promise<void>((resolve) => {
      const lines = readline.createInterface({ input: stream });
      lines.on("line", (line) => {
        raw.push(line);
        for (const shown of filter.push(line)) out.write(`${shown}\n`);
      });
      lines.on("close", resolve);
    });
  const [code] = await Promise.all([
    new Promise<number | null>((resolve) => child.on("close", resolve)),
    forward(child.stdout, process.stdout),
    forward(child.stderr, process.stderr),
  ]);
  for (const shown of filter.flush()) process.stdout.write(`${shown}\n`);
  if (code !== 0) {
    process.stderr.write(`\nreact-router build failed (exit ${code}); its full output:\n`);
    process.stderr.write(`${raw.join("\n")}\n`);
  }
  return code === 0;
}

async function main() {
  const started = Date.now();
  if (!(await reactRouterBuild())) process.exit(1);
  await build({
    entryPoints: ["server.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    target: "node20",
    logLevel: "warning",
    outfile: "build/host.js",
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  process.stdout.write(
    `build/host.js: the server (npm run serve starts it). Built in ${seconds} s.\n`,
  );
}

await main();
