// Public, browser-safe surface of the module: what other modules may import (types,
// constants, pure functions, light hooks). Components: ./ui.ts; admin-only parts: ./admin.ts;
// server-only: ./index.server.ts.
export { computeTotals, type Totals } from "./totals";
export { spreadDiscount } from "./totals";
export { linesForZone, shippingRuleOf } from "./zone-pricing";
