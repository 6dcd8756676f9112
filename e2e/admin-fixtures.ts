import path from "node:path";
import { test as base, expect } from "@playwright/test";
import { submitLogin } from "./helpers";

export const ADMIN = { email: "admin@tienda.local", password: "Admin-Tienda-2026" };

/**
 * A test whose page starts signed in as the demo admin. Every test of a worker shares one
 * session, created once per worker: the login rate limit (8 attempts per e-mail in 15 min)
 * would otherwise refuse the admin long before the suite ends. A test that signs out must
 * sign in on its own with the plain `test` (signing out deletes the shared session).
 */
export const adminTest = base.extend<object, { adminStorageState: string }>({
  storageState: ({ adminStorageState }, provide) => provide(adminStorageState),
  adminStorageState: [
    async ({ browser }, provide, workerInfo) => {
      const file = path.join(
        workerInfo.project.outputDir,
        `.auth/admin-${workerInfo.workerIndex}.json`,
      );
      const context = await browser.newContext({
        baseURL: workerInfo.project.use.baseURL,
        storageState: undefined,
      });
      const page = await context.newPage();
      await page.goto("/login?redirectTo=%2Fadmin%2Fdashboard");
      await submitLogin(page, ADMIN.email, ADMIN.password);
      await expect(page.getByRole("heading", { level: 1, name: "Panel de control" })).toBeVisible();
      await context.storageState({ path: file });
      await context.close();
      await provide(file);
    },
    { scope: "worker" },
  ],
});
