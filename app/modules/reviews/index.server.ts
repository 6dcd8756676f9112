// Public, server-only surface of the module: what other modules may import on the server.
export { anonymizeReviewsOf } from "./reviews.server";
