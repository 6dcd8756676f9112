// Public, server-only surface of the module: what other modules may import on the server.
export { getPageContent } from "./page-content.server";
export { STATIC_PAGE_PATHS } from "./static-pages";
