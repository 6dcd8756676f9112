/**
 * One <item> of the Google Merchant Center feed (RSS 2.0 with the g: namespace), from plain
 * data: pure, so the rules below are tested without a database.
 *
 * Prices (Ley 7/1996 art. 20, Omnibus): Google shows `g:price` struck through beside
 * `g:sale_price`, so announcing a sale there is announcing a reduction. A sale is sent only
 * when the shop announces one itself: an Omnibus «precio anterior» (`previousPriceCents`,
 * the lowest price of the 30 days before the reduction) above the price paid now; then
 * g:price is that previous price and g:sale_price the current one. Otherwise g:price is the
 * price paid now and no sale is claimed, whatever the on-sale flag says.
 *
 * Shipping: Google's `region` sub-attribute takes subdivisions only for a few countries (not
 * Spain), so one g:shipping line gives the Península's rate (free when the item alone reaches
 * the free-shipping threshold); Baleares, Canarias, Ceuta and Melilla need postal-code regions
 * in the Merchant Center account's shipping settings.
 */
import { imageUrl } from "~/lib/image-url";
import type { ZoneRate } from "~/modules/settings";
import { FEED_LIMITS } from "./constants";
import { validEan } from "./gtin";
import { element, plainText } from "./xml";

export interface FeedItem {
  /** "P12" for a product, "M7" for a marketplace item. */
  id: string;
  title: string;
  description: string;
  /** Site path of the item's page. */
  path: string;
  imageKey: string;
  available: boolean;
  condition: "new" | "used" | "refurbished";
  brand: string | null;
  eanCode: string | null;
  /** What a customer pays now. */
  currentPriceCents: number;
  /** The Omnibus previous price of an announced reduction, else null. */
  previousPriceCents: number | null;
}

/** 5995 → "59.95 EUR" (Google: a dot as decimal mark, then the ISO 4217 code). */
export function googlePrice(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const fraction = String(Math.abs(cents % 100)).padStart(2, "0");
  return `${whole}.${fraction} EUR`;
}

/** The Península's shipping for an item of this price (null when the shop does not ship there). */
export function peninsulaShippingCents(rate: ZoneRate, itemPriceCents: number): number | null {
  if (!rate.enabled) return null;
  if (rate.freeFromCents !== null && itemPriceCents >= rate.freeFromCents) return 0;
  return rate.flatCents;
}

export function feedItemXml(item: FeedItem, origin: string, peninsula: ZoneRate): string {
  const reduced =
    item.previousPriceCents !== null && item.previousPriceCents > item.currentPriceCents;
  const gtin = validEan(item.eanCode);
  const shipping = peninsulaShippingCents(peninsula, item.currentPriceCents);
  const parts = [
    "<item>",
    element("g:id", item.id),
    element("title", plainText(item.title, FEED_LIMITS.feedTitleMaxLength)),
    element(
      "description",
      plainText(item.description || item.title, FEED_LIMITS.feedDescriptionMaxLength),
    ),
    element("link", new URL(item.path, origin).href),
    element("g:image_link", new URL(imageUrl(item.imageKey, 1200), origin).href),
    element("g:availability", item.available ? "in_stock" : "out_of_stock"),
    element("g:price", googlePrice(reduced ? item.previousPriceCents! : item.currentPriceCents)),
    reduced ? element("g:sale_price", googlePrice(item.currentPriceCents)) : "",
    element("g:condition", item.condition),
    item.brand?.trim() ? element("g:brand", plainText(item.brand, 70)) : "",
    gtin ? element("g:gtin", gtin) : element("g:identifier_exists", "no"),
    shipping === null
      ? ""
      : `<g:shipping>${element("g:country", "ES")}${element("g:service", "Península")}${element("g:price", googlePrice(shipping))}</g:shipping>`,
    "</item>\n",
  ];
  return parts.join("");
}

export function feedHeader(origin: string, siteName: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n',
    element("title", siteName),
    element("link", `${origin}/`),
    element("description", `Catálogo de productos de ${siteName}`),
    "\n",
  ].join("");
}

export const FEED_FOOTER = "</channel>\n</rss>\n";
