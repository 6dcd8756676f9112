// Public, server-only surface of the module: what other modules may import on the server.
export { favoriteIdsOf } from "./favorites.server";
