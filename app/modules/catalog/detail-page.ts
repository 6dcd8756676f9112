/*
 * What the detail pages of the shop (a product, a marketplace item, a service) share outside
 * their markup: the meta tags, the description summary and the checks on their facts.
 * Browser-safe (the meta functions also run in the browser).
 */
import { absoluteImageUrl } from "~/lib/image-url";
import { formatNumber } from "~/lib/numbers";

/** The first `max` characters of a text on one line, cut at a word, for the description tag. */
export function summary(text: string, max = 160) {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

/** Only web addresses become links (never `javascript:` or the like). */
export function isWebUrl(value: string) {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** "1,25 kg" from the stored decimal text. */
export const weightLabel = (weightKg: string | number) =>
  `${formatNumber(Number(weightKg), { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kg`;

/** Title, description, canonical link, robots (a preview) and the Open Graph tags. */
export function detailPageMeta({
  title,
  name,
  description,
  path,
  baseUrl,
  imageKey,
  ogType,
  noindex = false,
}: {
  title: string;
  name: string;
  description: string;
  path: string;
  baseUrl: string;
  imageKey: string | undefined;
  ogType: "product" | "website";
  noindex?: boolean;
}) {
  const canonical = baseUrl + path;
  const text = summary(description);
  return [
    { title },
    { name: "description", content: text },
    { tagName: "link", rel: "canonical", href: canonical },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:type", content: ogType },
    { property: "og:title", content: name },
    { property: "og:description", content: text },
    { property: "og:url", content: canonical },
    ...(imageKey
      ? [{ property: "og:image", content: absoluteImageUrl(imageKey, 1200, baseUrl) }]
      : []),
  ];
}
