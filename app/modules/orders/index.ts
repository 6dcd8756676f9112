// Public, browser-safe surface of the module: what other modules may import (types,
// constants, pure functions, light hooks). Components: ./ui.ts; admin-only parts: ./admin.ts;
// server-only: ./index.server.ts.
export { ORDER_STATUS_LABELS, type OrderStatus } from "./status";
export { TRACKING_NOT_FOUND_MESSAGE, normalizeOrderNumber, trackOrderSchema } from "./schemas";
