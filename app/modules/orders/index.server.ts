// Public, server-only surface of the module: what other modules may import on the server.
export { restockCommitted } from "./stock.server";
export { newPublicNumber } from "./order-number";
export { normalizeOrderNumber } from "./schemas";
export { throttleOrderLookup } from "./tracking-throttle.server";
