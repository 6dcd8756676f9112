// Layering of app/, checked by `npm run lint` (lint:deps).
//
//   app/routes → app/modules → app/components | app/db → app/lib
//
// A module reaches another module only through that module's public files:
//   index.ts         browser-safe: types, constants, pure functions, light hooks
//   ui.ts            browser components
//   admin.ts         browser-safe admin-only parts (form fields, form sections)
//   index.server.ts  server-only
// (separate files so a public page importing a module's helpers does not ship its components
// or admin forms: a re-exported file's top-level code comes along into the bundle).
// Root files (app/root.tsx, app/entry.server.tsx, app/routes.ts) compose the layers and may
// import anything; server/ and scripts/ are not cruised. Test files are not cruised: a test may
// import whatever it checks. There are no recorded exceptions.

const LAYER_ROOTS = "^app/(root\\.tsx|entry\\.server\\.tsx|routes\\.ts)$";
const PUBLIC_FILE = "^app/modules/[^/]+/(index|index\\.server|ui|admin)\\.tsx?$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "lib-imports-only-lib",
      comment: "app/lib is the bottom layer: it imports only app/lib (and packages).",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: "^app/", pathNot: "^app/lib/" },
    },
    {
      name: "db-imports-only-db-and-lib",
      comment: "app/db (schema, seed, SQL helpers) imports only app/db and app/lib.",
      severity: "error",
      from: { path: "^app/db/" },
      to: { path: "^app/", pathNot: "^app/(db|lib)/" },
    },
    {
      name: "components-import-only-components-and-lib",
      comment:
        "app/components are domain-free UI parts: they import only app/components and app/lib. " +
        "UI that needs a domain lives in app/modules/<m>/components.",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "^app/", pathNot: "^app/(components|lib)/" },
    },
    {
      name: "modules-never-import-routes",
      comment:
        "app/modules sit below app/routes. Only a type-only import of the root loader " +
        "(useRouteLoaderData typing) is allowed from the root files.",
      severity: "error",
      from: { path: "^app/modules/" },
      to: {
        path: ["^app/routes/", LAYER_ROOTS],
        pathNot: "^app/root\\.tsx$",
      },
    },
    {
      name: "root-imported-only-for-types",
      comment: "Below the root files, app/root.tsx may be imported for its types only.",
      severity: "error",
      from: { path: "^app/(modules|components|db|lib)/" },
      to: { path: "^app/root\\.tsx$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "module-through-public-files",
      comment:
        "A module imports another module only through its public files: ~/modules/<m> " +
        "(index.ts), ~/modules/<m>/ui, ~/modules/<m>/admin (browser-safe) or " +
        "~/modules/<m>/index.server (server-only).",
      severity: "error",
      from: { path: "^app/modules/([^/]+)/" },
      to: {
        path: "^app/modules/",
        pathNot: ["^app/modules/$1/", PUBLIC_FILE],
      },
    },
    {
      name: "public-index-browser-safe",
      comment:
        "A module's browser-safe public files (index.ts, ui.ts, admin.ts) must not reach server-only files.",
      severity: "error",
      from: { path: "^app/modules/[^/]+/(index|ui|admin)\\.tsx?$" },
      to: { path: "\\.server\\.tsx?$" },
    },
    {
      name: "no-circular",
      comment:
        "No file-level import cycles. Type-only imports are erased, and a lazy island's " +
        "dynamic import() of its own dialog is a code split, not a load-order cycle: both excepted.",
      severity: "error",
      from: {},
      to: {
        circular: true,
        dependencyTypesNot: ["type-only", "dynamic-import"],
        viaOnly: { dependencyTypesNot: ["type-only", "dynamic-import"] },
      },
    },
    {
      name: "no-module-cycles",
      comment:
        "No cycles between modules (A → B → A), at folder level: as cross-module imports " +
        "end in a module's root folder (its public files), this is the module graph.",
      severity: "error",
      scope: "folder",
      from: { path: "^app/modules/[^/]+$" },
      to: { path: "^app/modules/[^/]+$", circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment: "Every import resolves.",
      severity: "error",
      from: {},
      // ./+types/* are React Router's generated route types (typegen).
      to: { couldNotResolve: true, pathNot: "/\\+types/" },
    },
  ],
  options: {
    exclude: { path: ["\\.test\\.tsx?$", "^app/.*/__fixtures__/"] },
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
