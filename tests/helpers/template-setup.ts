import fs from "node:fs";
import { serverTemplate } from "./server";
import { startTemplateRun } from "./templates";

/**
 * globalSetup of the integration project: makes this run's template databases (templates.ts)
 * before the first test file starts — outside every test's time budget — and deletes them (on
 * PostgreSQL drops them) after the last. The seeded one needs the production build; without it
 * only the migrated one is made (the tests that start servers then fail with their own message).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const teardown = startTemplateRun();
  try {
    const hasBuild = fs.existsSync("build/server/index.js") && fs.existsSync("build/host.js");
    // Both finish (or fail) before any teardown, so nothing is left half-made in the folder.
    const made = await Promise.allSettled([
      serverTemplate("migrated"),
      hasBuild ? serverTemplate("seeded") : undefined,
    ]);
    for (const result of made) if (result.status === "rejected") throw result.reason;
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
