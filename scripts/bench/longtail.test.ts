import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  longTailBudgets,
  longTailUrls,
  parseServerTiming,
  parseWords,
  ratioOf,
  seededRandom,
  summarize,
  type Catalogue,
  type Sample,
} from "./longtail";
import { percentile } from "./percentile";

const words = parseWords(fs.readFileSync("scripts/bench/search-words.txt", "utf8"));
const catalogue: Catalogue = {
  categories: [
    { slug: "electronica", subcategories: ["moviles", "audio"] },
    { slug: "libros", subcategories: [] },
  ],
  products: 100_070,
  perPage: 24,
  deepestPage: 417,
  grades: ["excellent", "very_good", "good"],
  words,
};

describe("the long-tail URL generator", () => {
  it("draws the same URLs from the same seed and others from another seed", () => {
    const draw = (seed: number) => {
      const next = longTailUrls(catalogue, seed);
      return Array.from({ length: 50 }, () => next().path);
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(8)).not.toEqual(draw(7));
  });

  it("never repeats a URL and covers every kind of list", () => {
    const next = longTailUrls(catalogue, 1);
    const urls = Array.from({ length: 3000 }, () => next());
    expect(new Set(urls.map((u) => u.path)).size).toBe(urls.length);
    const kinds = new Set(urls.map((u) => u.kind));
    expect([...kinds].sort()).toEqual(
      ["category", "deep-page", "marketplace", "new-or-sale", "search"].sort(),
    );
    const params = urls.map((u) => new URL(u.path, "http://x").searchParams);
    for (const sort of ["created_at_desc", "price_asc", "price_desc", "name_asc"]) {
      expect(params.some((p) => p.get("sortBy") === sort)).toBe(true);
    }
    expect(params.some((p) => p.has("minPrice") && p.has("maxPrice"))).toBe(true);
    expect(params.some((p) => p.get("condition")?.split(",").length === 2)).toBe(true);
    expect(params.some((p) => p.has("sub"))).toBe(true);
  });

  it("draws deep pages up to the deepest page a list is browsed to, and none past it", () => {
    const deepest = (products: number) => {
      const next = longTailUrls({ ...catalogue, products }, 2);
      const pages = Array.from({ length: 5000 }, () => next())
        .filter((u) => u.kind === "deep-page")
        .map((u) => Number(new URL(u.path, "http://x").searchParams.get("page")));
      return Math.max(...pages);
    };
    expect(deepest(100_070)).toBeLessThanOrEqual(417);
    expect(deepest(100_070)).toBeGreaterThan(417 * 0.9);
    // A list under the cap: up to its own last page.
    expect(deepest(5_000)).toBeLessThanOrEqual(Math.ceil(5_000 / 24));
    expect(deepest(5_000)).toBeGreaterThan(Math.ceil(5_000 / 24) * 0.9);
  });

  it("searches words of the list, with marketplace grades on some", () => {
    const next = longTailUrls(catalogue, 3);
    const searches = Array.from({ length: 3000 }, () => next())
      .filter((u) => u.kind === "search")
      .map((u) => new URL(u.path, "http://x").searchParams);
    expect(searches.every((p) => words.includes(p.get("q")!))).toBe(true);
    expect(new Set(searches.map((p) => p.get("q"))).size).toBeGreaterThan(250);
    expect(searches.some((p) => p.get("condition")?.includes("excellent"))).toBe(true);
  });
});

describe("the search words", () => {
  it("are at least 300, a third of them words the catalogue lacks or misspellings", () => {
    expect(words.length).toBeGreaterThanOrEqual(300);
    expect(new Set(words).size).toBe(words.length);
    const text = fs.readFileSync("scripts/bench/search-words.txt", "utf8");
    const absent = parseWords(text.split("# Words the catalogue does not contain")[1]!);
    expect(absent.length).toBeGreaterThanOrEqual(words.length / 4);
  });
});

describe("seededRandom", () => {
  it("stays in [0, 1)", () => {
    const random = seededRandom(42);
    const values = Array.from({ length: 10_000 }, random);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
  });
});

describe("Server-Timing", () => {
  it("reads a rendered page's split and catalogue cache lookups", () => {
    const timing = parseServerTiming(
      'db;dur=12.5;desc="4 queries", catalog;desc="2 hit 1 miss", app;dur=20, render;dur=8.1, total;dur=30.2',
    );
    expect(timing).toEqual({
      dbMs: 12.5,
      renderMs: 8.1,
      totalMs: 30.2,
      pageCacheHit: false,
      catalogHits: 2,
      catalogMisses: 1,
    });
  });

  it("reads a page-cache hit", () => {
    expect(parseServerTiming('cache;desc="hit", total;dur=0.4').pageCacheHit).toBe(true);
  });
});

const sample = (ms: number, extra: Partial<Sample> = {}): Sample => ({
  path: `/p${ms}`,
  status: 200,
  ms,
  timing: { pageCacheHit: false, catalogHits: 1, catalogMisses: 3, dbMs: ms / 2 },
  ...extra,
});

describe("summarize", () => {
  it("gives throughput, percentiles, errors, hit ratios and the slowest URLs", () => {
    const samples = [
      ...Array.from({ length: 97 }, (_, i) => sample(i + 1)),
      sample(500, { status: 302 }),
      sample(600, { status: 500 }),
      sample(700, { status: 0, error: "ECONNRESET" }),
    ];
    samples[0]!.timing.pageCacheHit = true;
    const figures = summarize(samples, 10, 3);
    expect(figures.requests).toBe(100);
    expect(figures.requestsPerSecond).toBe(10);
    expect(figures.p50Ms).toBe(50);
    expect(figures.p99Ms).toBe(600);
    expect(figures.errors).toBe(2);
    expect(figures.redirects).toBe(1);
    expect(figures.pageCacheHitRatio).toBe(0.01);
    expect(figures.queryCacheHitRatio).toBe(0.25);
    expect(figures.slowest.map((s) => s.ms)).toEqual([700, 600, 500]);
  });
});

describe("percentile and ratio", () => {
  it("uses the nearest rank", () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 95)).toBe(4);
    expect(percentile([], 50)).toBeNaN();
  });
  it("divides to two decimals and refuses a zero baseline", () => {
    expect(ratioOf(1, 3)).toBe(0.33);
    expect(ratioOf(1, 0)).toBeNaN();
  });
});

describe("longTailBudgets", () => {
  const load = summarize([sample(10), sample(20)], 1);
  const base = {
    target: "postgres" as const,
    persona: "anonymous" as const,
    load,
    eventLoopP99Ms: 20,
    sequential: { longTailP95Ms: 30, referenceP95Ms: 20 },
    slowestQueryMs: 12,
  };

  it("passes at the limits' right side", () => {
    const budgets = longTailBudgets({ ...base, baselineRequestsPerSecond: 4 });
    expect(budgets.map((b) => b.pass)).toEqual([true, true, true, true, true, true]);
  });

  it("fails each budget on its own side of the limit", () => {
    const budgets = longTailBudgets({
      ...base,
      load: { ...load, errors: 1 },
      baselineRequestsPerSecond: 4.1,
      eventLoopP99Ms: 50,
      sequential: { longTailP95Ms: 41, referenceP95Ms: 20 },
      slowestQueryMs: 51,
    });
    expect(budgets.filter((b) => !b.pass)).toHaveLength(5);
    expect(budgets[0]!.detail).toBe("0.49× (2 vs 4.1 req/s)");
  });
});
