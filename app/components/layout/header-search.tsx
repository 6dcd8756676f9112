import { SlidersHorizontal } from "~/components/icons/sliders-horizontal";
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { DEFAULT_SORT, LIMITS, SORT_OPTIONS } from "~/lib/constants";
import { cn } from "~/lib/utils";

/*
 * The header search's state and the parts of it that are on screen from the start. The
 * popups (advanced filters, mobile search) are islands loaded on demand: header-filters.tsx,
 * header-mobile-search.tsx.
 */

/** Header condition filter: the catalogue's conditions plus the marketplace's Excelente / Muy Bueno (spec §9). */
export const CONDITION_OPTIONS = [
  { value: "new", label: "Nuevo" },
  { value: "used", label: "Usado" },
  { value: "refurbished", label: "Reacondicionado" },
  { value: "excellent", label: "Excelente" },
  { value: "very_good", label: "Muy Bueno" },
] as const;

export type Category = { name: string; slug: string };

/** What the advanced search offers: the main categories and the catalogue's dearest price. */
export interface SearchOptions {
  categories: Category[];
  /** The price paid for the dearest visible product (null: none); sets the slider's scale. */
  priceMaxCents: number | null;
}

export const NO_SEARCH_OPTIONS: SearchOptions = { categories: [], priceMaxCents: null };

export interface SearchFilters {
  q: string;
  /** Euros. */
  minPrice: number;
  /** Euros; LIMITS.maxPriceFilterEuros means "no limit". */
  maxPrice: number;
  /** Category slug, or "" for all categories. */
  category: string;
  condition: string;
  sortBy: string;
  onSale: boolean;
}

export type UpdateFilters = (patch: Partial<SearchFilters>) => void;

const EMPTY_FILTERS: SearchFilters = {
  q: "",
  minPrice: 0,
  maxPrice: LIMITS.maxPriceFilterEuros,
  category: "",
  condition: "",
  sortBy: DEFAULT_SORT,
  onSale: false,
};

/**
 * Where the header search goes (spec §2): /productos, or /productos/{slug} when a category is
 * chosen, with q, minPrice, maxPrice (only below the maximum), category, condition, sortBy and
 * onSale=true. Empty and default values are left out of the query string.
 */
function buildSearchHref(filters: SearchFilters): string {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set("q", q);
  if (filters.minPrice > 0) params.set("minPrice", String(filters.minPrice));
  if (filters.maxPrice < LIMITS.maxPriceFilterEuros)
    params.set("maxPrice", String(filters.maxPrice));
  if (filters.category) params.set("category", filters.category);
  if (filters.condition) params.set("condition", filters.condition);
  if (filters.sortBy && filters.sortBy !== DEFAULT_SORT) params.set("sortBy", filters.sortBy);
  if (filters.onSale) params.set("onSale", "true");
  const path = filters.category
    ? `/productos/${encodeURIComponent(filters.category)}`
    : "/productos";
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

function clampEuros(raw: string | null, fallback: number): number {
  const value = Number(raw);
  if (raw === null || raw === "" || !Number.isFinite(value)) return fallback;
  return Math.min(Math.max(Math.round(value), 0), LIMITS.maxPriceFilterEuros);
}

/** The header form starts from the current query on product pages (so a search can be refined). */
function filtersFromParams(params: URLSearchParams): SearchFilters {
  const sortBy = params.get("sortBy") ?? "";
  const condition = params.get("condition") ?? "";
  return {
    q: params.get("q") ?? "",
    minPrice: clampEuros(params.get("minPrice"), 0),
    maxPrice: clampEuros(params.get("maxPrice"), LIMITS.maxPriceFilterEuros),
    category: params.get("category") ?? "",
    condition: CONDITION_OPTIONS.some((option) => option.value === condition) ? condition : "",
    sortBy: (SORT_OPTIONS as readonly string[]).includes(sortBy) ? sortBy : DEFAULT_SORT,
    onSale: params.get("onSale") === "true",
  };
}

function useSearchState() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const onProductPage =
    location.pathname === "/productos" || location.pathname.startsWith("/productos/");
  const initial = onProductPage ? filtersFromParams(searchParams) : EMPTY_FILTERS;
  const [filters, setFilters] = useState<SearchFilters>(initial);
  // Follow navigations (e.g. the back button) without clobbering what the user is typing.
  const lastSearch = useRef(location.search);
  useEffect(() => {
    if (lastSearch.current === location.search) return;
    lastSearch.current = location.search;
    setFilters(
      onProductPage ? filtersFromParams(new URLSearchParams(location.search)) : EMPTY_FILTERS,
    );
  }, [location.search, onProductPage]);
  const update: UpdateFilters = (patch) => setFilters((previous) => ({ ...previous, ...patch }));
  const clear = () => setFilters((previous) => ({ ...EMPTY_FILTERS, q: previous.q }));
  return { filters, update, clear };
}

/**
 * A header search form's state: its attributes, the input's id, the filters, the advanced-search popover's props and
 * the submit handler, which goes to the search page in the client. `requireQuery` keeps an
 * empty term from leaving (the field gets the focus); `onDone` runs before the navigation.
 */
export function useSearchForm(
  options: SearchOptions,
  { requireQuery = false, onDone }: { requireQuery?: boolean; onDone?: () => void } = {},
) {
  const formId = useId();
  const inputId = useId();
  const navigate = useNavigate();
  const { filters, update, clear } = useSearchState();
  const [filtersOpen, setFiltersOpen] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (requireQuery && !filters.q.trim()) {
      document.getElementById(inputId)?.focus();
      return;
    }
    setFiltersOpen(false);
    onDone?.();
    void navigate(buildSearchHref(filters));
  }

  const filterPopover = {
    formId,
    filters,
    update,
    clear,
    options,
    open: filtersOpen,
    onOpenChange: setFiltersOpen,
  };
  // The form posts to the search page without JavaScript; `onSubmit` takes over once hydrated.
  const form = {
    id: formId,
    method: "get",
    action: "/productos",
    role: "search",
    onSubmit,
  } as const;
  return { form, inputId, filters, update, filterPopover };
}

/**
 * The "Filtros" button that opens the advanced search; a dot says some filter is set. An
 * element (not a component) so that the popover's trigger can pass its props straight to it.
 */
export function filtersButton(filters: SearchFilters, className?: string) {
  const active =
    filters.minPrice > 0 ||
    filters.maxPrice < LIMITS.maxPriceFilterEuros ||
    filters.category !== "" ||
    filters.condition !== "" ||
    filters.sortBy !== DEFAULT_SORT ||
    filters.onSale;
  return (
    <Button variant="ghost" size="sm" className={cn("h-9 gap-1.5 px-2.5", className)}>
      <SlidersHorizontal aria-hidden="true" />
      <span>Filtros</span>
      {active ? (
        <span className="size-2 rounded-full bg-brand-600" aria-label="(activos)" role="img" />
      ) : null}
    </Button>
  );
}

/** The mobile form body, shared by the popover (with JavaScript) and the #buscar bar (without). */
export function MobileSearchFields({
  inputId,
  filters,
  update,
  autoFocus = false,
}: {
  inputId: string;
  filters?: SearchFilters;
  update?: UpdateFilters;
  autoFocus?: boolean;
}) {
  return (
    <>
      <Label htmlFor={inputId}>Buscar productos</Label>
      <Input
        id={inputId}
        name="q"
        type="search"
        required
        // Only a term with at least one non-space character may be submitted (spec §2).
        pattern=".*\S.*"
        title="Escribe qué quieres buscar"
        placeholder="¿Qué estás buscando?"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        autoFocus={autoFocus}
        {...(filters && update
          ? {
              value: filters.q,
              onChange: (event: ChangeEvent<HTMLInputElement>) => update({ q: event.target.value }),
            }
          : {})}
      />
    </>
  );
}
