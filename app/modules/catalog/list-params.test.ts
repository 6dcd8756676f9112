import { describe, expect, it } from "vitest";
import { hasSearchParams, parseListParams } from "./list-params";

const parse = (query: string) => parseListParams(new URLSearchParams(query));

describe("parseListParams", () => {
  it("defaults to the newest first, page 1, no filters", () => {
    expect(parse("")).toEqual({
      q: undefined,
      minPriceCents: undefined,
      maxPriceCents: undefined,
      conditions: [],
      marketplaceGrades: [],
      onlyOnSale: false,
      sort: "newest",
      subcategory: undefined,
      view: "grid",
      page: 1,
    });
  });

  it("sorts a search by relevance unless a sort is chosen", () => {
    expect(parse("q=tv").sort).toBe("relevance");
    expect(parse("q=tv&sortBy=price-asc").sort).toBe("price_asc");
  });

  it("accepts repeated condition parameters from the no-JavaScript form", () => {
    expect(parse("condition=new&condition=used").conditions).toEqual(["new", "used"]);
  });

  it("keeps the header's marketplace grades apart from the shop's conditions", () => {
    expect(parse("condition=excellent")).toMatchObject({
      conditions: [],
      marketplaceGrades: ["excellent"],
    });
    expect(parse("condition=new,very_good,bogus")).toMatchObject({
      conditions: ["new"],
      marketplaceGrades: ["very_good"],
    });
  });

  it("reads the subcategory slug and the view", () => {
    expect(parse("sub=moviles&view=list")).toMatchObject({ subcategory: "moviles", view: "list" });
    expect(parse("sub=../x&view=table")).toMatchObject({ subcategory: undefined, view: "grid" });
  });

  it("reads the header's and the category page's spellings", () => {
    expect(parse("sortBy=price-asc").sort).toBe("price_asc");
    expect(parse("sortBy=price_desc").sort).toBe("price_desc");
    expect(parse("sortBy=name_asc").sort).toBe("name_asc");
    expect(parse("sortBy=created_at-desc").sort).toBe("newest");
  });

  it("converts euros to cents and drops the upper bound at the maximum ('Sin Límite')", () => {
    expect(parse("minPrice=1000&maxPrice=5000")).toMatchObject({
      minPriceCents: 100000,
      maxPriceCents: 500000,
    });
    expect(parse("maxPrice=1000000").maxPriceCents).toBeUndefined();
  });

  it("ignores bad values instead of failing", () => {
    expect(
      parse("minPrice=-5&maxPrice=abc&page=0&condition=new,roto,used&sortBy=evil&onSale=yes"),
    ).toMatchObject({
      minPriceCents: undefined,
      maxPriceCents: undefined,
      page: 1,
      conditions: ["new", "used"],
      sort: "newest",
      onlyOnSale: false,
    });
  });

  it("trims the search term", () => {
    expect(parse("q=%20%20port%C3%A1til%20").q).toBe("portátil");
    expect(parse("q=%20%20").q).toBeUndefined();
  });
});

describe("hasSearchParams", () => {
  it("detects a search", () => {
    expect(hasSearchParams(new URLSearchParams("q=tv"))).toBe(true);
    expect(hasSearchParams(new URLSearchParams("page=2"))).toBe(false);
  });
});
