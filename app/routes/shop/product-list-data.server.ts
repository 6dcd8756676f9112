import { getPageContent } from "~/modules/content/index.server";
import { ELECTRONICS_CATEGORY_SLUG } from "~/modules/content";
import type { MarketplaceSort } from "~/modules/marketplace";
import {
  listPublicMarketplace,
  nextReservationEnd,
  toPublicCards,
} from "~/modules/marketplace/index.server";
import { listSubcategories } from "~/modules/catalog/categories.server";
import type { ListParams } from "~/modules/catalog/list-params";
import { parseListParams } from "~/modules/catalog/list-params";
import { priceScale } from "~/lib/price-scale";
import {
  getCategoryBySlug,
  getPriceBounds,
  listPublicProducts,
} from "~/modules/catalog/products.server";

/* The data of the shop's product lists, with the marketplace items a search by grade adds. */

const MARKETPLACE_SORT: Record<ListParams["sort"], MarketplaceSort> = {
  relevance: "featured",
  newest: "newest",
  price_asc: "price_asc",
  price_desc: "price_desc",
  name_asc: "name_asc",
};

/**
 * The header search with a marketplace grade (spec §9): the matching marketplace items, with
 * the same term, category, prices and order (null when no grade was chosen).
 */
export async function searchMarketplace(filters: ListParams, categoryId: number | undefined) {
  if (filters.marketplaceGrades.length === 0) return null;
  const result = await listPublicMarketplace({
    q: filters.q,
    categoryId,
    grades: filters.marketplaceGrades,
    minPriceCents: filters.minPriceCents,
    maxPriceCents: filters.maxPriceCents,
    sort: MARKETPLACE_SORT[filters.sort],
    page: filters.page,
  });
  return {
    ...result,
    items: toPublicCards(result.items),
    reservationsEndAt: nextReservationEnd(result.items),
  };
}

/**
 * What /productos/{slug} (slug `todos` = all), /novedades and /rebajas list: the header, the
 * filters and their options, and the page of products; null for a category that does not exist.
 */
export async function loadProductList(url: URL, categorySlug: string | undefined) {
  const filters = parseListParams(url.searchParams);
  const noSubcategories = { subcategories: [] as { name: string; slug: string }[] };
  /** The content section editable from this page's header, if any. */
  let edit: { page: string; section: string; label: string } | null = null;

  if (url.pathname === "/novedades" || url.pathname === "/rebajas") {
    const onlyNew = url.pathname === "/novedades";
    const scope = { onlyNew, onlyOnSale: !onlyNew || filters.onlyOnSale };
    const [result, bounds] = await Promise.all([
      listPublicProducts({ ...filters, ...scope }),
      getPriceBounds(scope),
    ]);
    const title = onlyNew ? "Novedades" : "Rebajas";
    const description = onlyNew
      ? "Lo último que ha llegado a la tienda."
      : "Productos con precio rebajado.";
    // The shop's own lists: no marketplace items here.
    return {
      title,
      description,
      edit,
      filters: { ...filters, marketplaceGrades: [] },
      options: { ...noSubcategories, priceScale: scaleFor(bounds, filters) },
      categoryId: undefined,
      ...result,
    };
  }

  const slug = categorySlug ?? "todos";
  if (slug === "todos") {
    const [result, content, bounds] = await Promise.all([
      listPublicProducts(filters),
      getPageContent("products"),
      getPriceBounds({ onlyOnSale: filters.onlyOnSale }),
    ]);
    const header = content.todos!;
    if (!filters.q) edit = { page: "products", section: "todos", label: "Todos los productos" };
    return {
      title: filters.q ? `Resultados para «${filters.q}»` : header.title,
      description: header.description,
      edit,
      filters,
      options: { ...noSubcategories, priceScale: scaleFor(bounds, filters) },
      categoryId: undefined,
      ...result,
    };
  }

  const category = await getCategoryBySlug(slug);
  if (!category) return null;
  const subcategories = await listSubcategories(category.id);
  const subcategory = subcategories.find((sub) => sub.slug === filters.subcategory);
  const scope = {
    categoryId: category.id,
    subcategoryId: subcategory?.id,
    onlyOnSale: filters.onlyOnSale,
  };
  const [result, bounds] = await Promise.all([
    listPublicProducts({ ...filters, ...scope }),
    getPriceBounds(scope),
  ]);
  let title = category.name;
  let description = category.description ?? "";
  if (slug === ELECTRONICS_CATEGORY_SLUG) {
    // Editable as the "productos-electronica" page; until saved, the category's own texts.
    const header = (await getPageContent("productos-electronica")).cabecera!;
    if (header.saved) ({ title, description } = header);
    edit = { page: "productos-electronica", section: "cabecera", label: "Cabecera" };
  }
  return {
    title,
    description,
    edit,
    filters,
    options: {
      subcategories: subcategories.map(({ name, slug: subSlug }) => ({ name, slug: subSlug })),
      priceScale: scaleFor(bounds, filters),
    },
    categoryId: category.id as number | undefined,
    ...result,
  };
}

/** The price slider's scale: the list's dearest price, and the bounds already in the URL. */
function scaleFor(bounds: { maxCents: number } | null, filters: ListParams) {
  const chosen = [filters.minPriceCents, filters.maxPriceCents]
    .filter((cents): cents is number => cents !== undefined)
    .map((cents) => Math.ceil(cents / 100));
  return priceScale(bounds?.maxCents ?? null, chosen);
}
