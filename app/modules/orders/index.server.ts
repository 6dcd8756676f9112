// Public, server-only surface of the module: what other modules may import on the server.
export { restockCommitted } from "./stock.server";
