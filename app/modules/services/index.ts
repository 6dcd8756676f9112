// Public, browser-safe surface of the module: what other modules may import (types,
// constants, pure functions, light hooks). Components: ./ui.ts; admin-only parts: ./admin.ts;
// server-only: ./index.server.ts.
export { SERVICE_REQUEST_STATUS_LABELS } from "./request-constants";
export { servicePath } from "./paths";
