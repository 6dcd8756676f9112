import { describe, expect, it } from "vitest";
import { CACHE, liveStateCacheHeaders } from "./cache";

describe("liveStateCacheHeaders", () => {
  const now = Date.parse("2026-11-26T12:00:00Z");
  const header = (headers: HeadersInit) => new Headers(headers).get("Cache-Control");

  it("makes browsers ask again every time; the app's page cache keeps it five minutes", () => {
    expect(header(liveStateCacheHeaders(false, null, now))).toBe(CACHE.publicLiveState);
    expect(CACHE.publicLiveState).toBe("public, no-cache, s-maxage=300");
  });
  it("keeps a page showing «Reservado» only until the reservation ends", () => {
    const in90s = new Date(now + 90_500);
    expect(header(liveStateCacheHeaders(false, in90s, now))).toBe("public, no-cache, s-maxage=90");
    const inAnHour = new Date(now + 3_600_000);
    expect(header(liveStateCacheHeaders(false, inAnHour, now))).toBe(CACHE.publicLiveState);
    expect(header(liveStateCacheHeaders(false, new Date(now - 1000), now))).toBe(
      "public, no-cache, s-maxage=0",
    );
  });
  it("a signed-in page is never shared", () => {
    expect(header(liveStateCacheHeaders(true, null, now))).toBe(CACHE.privateNoStore);
  });
});
