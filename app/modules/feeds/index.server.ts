// Public, server-only surface of the module: what routes and other modules may import.
export { googleFeedStream } from "./google-feed.server";
export { childSitemapStream, sitemapIndex, sitemapPlan } from "./sitemap.server";
export { feedRateLimitResponse } from "./rate-limit.server";
