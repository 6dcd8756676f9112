import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/** The routes every storefront page renders: the document and the shop's header and footer. */
const SHELL_ROUTES = /\/app\/(root|routes\/site-layout)\.tsx/;
const VENDOR =
  /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;

type ModuleInfoLookup = (id: string) => { importers: readonly string[] } | null;

/**
 * Whether a module is part of the shell: imported, without a dynamic import on the way, by
 * the root route or the site layout. Those modules load on every storefront page anyway; in one
 * chunk they compress together and cost one request instead of about thirty (ADR 0007).
 */
function createShellTest() {
  const known = new Map<string, boolean>();
  return function inShell(id: string, getModuleInfo: ModuleInfoLookup): boolean {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    known.set(id, false); // import cycles
    const result =
      SHELL_ROUTES.test(id) ||
      (getModuleInfo(id)?.importers ?? []).some((importer) => inShell(importer, getModuleInfo));
    known.set(id, result);
    return result;
  };
}

export default defineConfig(({ isSsrBuild }) => {
  const inShell = createShellTest();
  return {
    // The server build's entry is our Express app (server/app.ts), which imports the
    // React Router server build as a virtual module; server.ts hosts it.
    build: isSsrBuild
      ? { rollupOptions: { input: "./server/app.ts" } }
      : {
          rolldownOptions: {
            output: {
              strictExecutionOrder: true,
              codeSplitting: {
                groups: [
                  { name: "vendor", test: VENDOR, priority: 2 },
                  {
                    name: (id, context) =>
                      id.includes("/app/") &&
                      !VENDOR.test(id) &&
                      !SHELL_ROUTES.test(id) &&
                      inShell(id, (moduleId) => context.getModuleInfo(moduleId))
                        ? "shell"
                        : null,
                    priority: 1,
                    // Only the app's own modules: a library reached through a barrel module
                    // (radix-ui, lucide-react) would otherwise bring every export along.
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
    resolve: { tsconfigPaths: true },
    plugins: [
      tailwindcss(),
      reactRouter(),
      {
        // React Router asks for "exports-only"; the shell group below needs room for the extra
        // exports a shared chunk gives an entry ("allow-extension" keeps every route export).
        name: "tienda:entry-signatures",
        enforce: "post",
        config: (config, { isSsrBuild: ssr }) =>
          ssr
            ? undefined
            : { build: { rolldownOptions: { preserveEntrySignatures: "allow-extension" } } },
      },
    ],
  };
});
