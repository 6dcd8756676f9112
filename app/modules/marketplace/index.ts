// Public, browser-safe surface of the module: what other modules may import (types,
// constants, pure functions, light hooks). Components: ./ui.ts; admin-only parts: ./admin.ts;
// server-only: ./index.server.ts.
export { MARKETPLACE_VAT_RATE_BP, marketplaceItemPath } from "./marketplace";
export { type MarketplaceSort } from "./marketplace";
export { NON_WORKING_GRADES } from "./marketplace";
