import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import type { ZoneRate } from "~/modules/settings";
import { FEED_FOOTER, feedHeader, feedItemXml, googlePrice, type FeedItem } from "./google-feed";

const ORIGIN = "https://tienda.example";
const PENINSULA: ZoneRate = { enabled: true, flatCents: 495, freeFromCents: 5000 };

const item = (overrides: Partial<FeedItem> = {}): FeedItem => ({
  id: "P12",
  title: "Auriculares Sonora",
  description: "Auriculares inalámbricos.",
  path: "/productos/audio/auriculares-sonora-12",
  imageKey: "AAAAAAAAAAAAAAAA",
  available: true,
  condition: "new",
  brand: "Sonora",
  eanCode: "4006381333931",
  currentPriceCents: 2995,
  previousPriceCents: null,
  ...overrides,
});

type Parsed = Record<string, string | Record<string, string>>;

/** The item as a feed reader sees it, inside a whole feed. */
function parse(feedItem: FeedItem, rate: ZoneRate = PENINSULA): Parsed {
  const xml = feedHeader(ORIGIN, "Tienda & Co") + feedItemXml(feedItem, ORIGIN, rate) + FEED_FOOTER;
  const doc = new XMLParser({ parseTagValue: false }).parse(xml) as {
    rss: { channel: { item: Parsed } };
  };
  return doc.rss.channel.item;
}

describe("the Google feed's item", () => {
  it("carries every required field, absolute links and a valid GTIN", () => {
    const parsed = parse(item());
    expect(parsed).toMatchObject({
      "g:id": "P12",
      title: "Auriculares Sonora",
      description: "Auriculares inalámbricos.",
      link: `${ORIGIN}/productos/audio/auriculares-sonora-12`,
      "g:image_link": `${ORIGIN}/uploads/AAAAAAAAAAAAAAAA-1200.webp`,
      "g:availability": "in_stock",
      "g:price": "29.95 EUR",
      "g:condition": "new",
      "g:brand": "Sonora",
      "g:gtin": "4006381333931",
    });
    expect(parsed).not.toHaveProperty("g:sale_price");
    expect(parsed).not.toHaveProperty("g:identifier_exists");
  });

  it("says identifier_exists no instead of an EAN with a wrong check digit", () => {
    const parsed = parse(item({ eanCode: "4006381333932", brand: null }));
    expect(parsed["g:identifier_exists"]).toBe("no");
    expect(parsed).not.toHaveProperty("g:gtin");
    expect(parsed).not.toHaveProperty("g:brand");
  });

  it("announces a sale only with an Omnibus previous price above the current price", () => {
    const sale = parse(item({ currentPriceCents: 4995, previousPriceCents: 5995 }));
    expect(sale["g:price"]).toBe("59.95 EUR");
    expect(sale["g:sale_price"]).toBe("49.95 EUR");
    // On sale but the previous price is not higher: no reduction is claimed.
    for (const previous of [4995, 3000, null]) {
      const none = parse(item({ currentPriceCents: 4995, previousPriceCents: previous }));
      expect(none["g:price"]).toBe("49.95 EUR");
      expect(none).not.toHaveProperty("g:sale_price");
    }
  });

  it("ships free on the Península when the item alone reaches the threshold", () => {
    expect(parse(item({ currentPriceCents: 4999 }))["g:shipping"]).toEqual({
      "g:country": "ES",
      "g:service": "Península",
      "g:price": "4.95 EUR",
    });
    expect(parse(item({ currentPriceCents: 5000 }))["g:shipping"]).toMatchObject({
      "g:price": "0.00 EUR",
    });
    const never = parse(item({ currentPriceCents: 900_000 }), {
      ...PENINSULA,
      freeFromCents: null,
    });
    expect(never["g:shipping"]).toMatchObject({ "g:price": "4.95 EUR" });
    expect(parse(item(), { ...PENINSULA, enabled: false })).not.toHaveProperty("g:shipping");
  });

  it("marks used items and sold-out products", () => {
    const parsed = parse(item({ condition: "used", available: false }));
    expect(parsed["g:condition"]).toBe("used");
    expect(parsed["g:availability"]).toBe("out_of_stock");
  });

  it("keeps a hostile name as text: escaped, on one line, control characters gone", () => {
    const name = `<script>alert("x")</script> & </title>\u0000\u0007 Ñandú\nroto`;
    const parsed = parse(item({ title: name, description: `]]> <b>${name}</b>` }));
    expect(parsed.title).toBe(`<script>alert("x")</script> & </title> Ñandú roto`);
    expect(parsed.description).toBe(`]]> <b><script>alert("x")</script> & </title> Ñandú roto</b>`);
  });

  it("caps the title at 150 and the description at 5,000 characters", () => {
    const parsed = parse(item({ title: "x".repeat(400), description: "y ".repeat(4000) }));
    expect(Array.from(parsed.title as string)).toHaveLength(150);
    expect(Array.from(parsed.description as string).length).toBeLessThanOrEqual(5000);
  });
});

it("writes prices as Google wants them", () => {
  expect(googlePrice(5995)).toBe("59.95 EUR");
  expect(googlePrice(5)).toBe("0.05 EUR");
  expect(googlePrice(123456700)).toBe("1234567.00 EUR");
});
