/**
 * URL slug: lower case, accents removed, anything but letters, digits, "_" and "-" dropped,
 * spaces to hyphens (spec §5 category slug rule, plus accent folding for Spanish names).
 */
export function slugify(input: string): string {
  let slug = slugs.get(input);
  if (slug === undefined) {
    slug = computeSlug(input);
    // Product cards slugify their names on every render: remember the recent ones.
    if (slugs.size >= 2000) slugs.clear();
    slugs.set(input, slug);
  }
  return slug;
}

const slugs = new Map<string, string>();

function computeSlug(input: string): string {
  return input
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9_-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The product URL shape of DESIGN §4: /productos/{categorySlug}/{name-slug}-{id}. */
export function productPath(product: { id: number; name: string; categorySlug: string | null }) {
  return `/productos/${product.categorySlug ?? "todos"}/${slugify(product.name) || "producto"}-${product.id}`;
}
