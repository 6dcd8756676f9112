// Public, server-only surface of the module: what other modules may import on the server.
export { listPublicMarketplace, nextReservationEnd, toPublicCards } from "./marketplace.server";
