// Public, server-only surface of the module: what other modules may import on the server.
export { customerOrderUrl } from "./admin-orders.server";
export { restockCommitted, restockReturnedUnits, type ReturnedUnits } from "./stock.server";
