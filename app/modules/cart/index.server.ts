// Public, server-only surface of the module: what other modules may import on the server.
export {
  cartItemCount,
  findCartId,
  getCart,
  readCartLines,
  removeOrderedLines,
  type CartIdentity,
} from "./cart.server";
export { readCartCookie } from "./cookie.server";
export { cartIdentityOf } from "./middleware.server";
