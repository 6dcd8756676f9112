import {
  HandCoins,
  Heart,
  HeartHandshake,
  House,
  LayoutDashboard,
  LifeBuoy,
  LogIn,
  LogOut,
  Menu,
  Package,
  Percent,
  Search,
  ShoppingCart,
  SlidersHorizontal,
  Sparkles,
  Store,
  TrendingUp,
  UserPlus,
  Users,
  Wrench,
  type LucideIcon,
} from "lucide-react";
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Form, Link, NavLink, useLocation, useNavigate, useSearchParams } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { Slider } from "~/components/ui/slider";
import { useHydrated } from "~/components/ui/use-hydrated";
import { DEFAULT_SORT, LIMITS, SORT_OPTIONS } from "~/lib/constants";
import { cn } from "~/lib/utils";
import { ACCOUNT_LINKS } from "~/modules/accounts/account-links";
import type { ShellUser } from "~/modules/accounts/shell-user";

/** The side menu of spec §2 (also rendered in the footer as the no-JavaScript fallback). */
export const SIDE_MENU_LINKS: readonly { to: string; label: string; icon: LucideIcon }[] = [
  { to: "/", label: "Inicio", icon: House },
  { to: "/productos", label: "Productos", icon: Package },
  { to: "/servicios", label: "Servicios", icon: Wrench },
  { to: "/marketplace", label: "Marketplace", icon: Store },
  { to: "/novedades", label: "Novedades", icon: Sparkles },
  { to: "/rebajas", label: "Rebajas", icon: Percent },
  { to: "/compramos", label: "Compramos", icon: HandCoins },
  { to: "/afiliados", label: "Afiliados", icon: Users },
  { to: "/invertir", label: "Invertir", icon: TrendingUp },
  { to: "/proyectos-beneficos", label: "Proyectos Benéficos", icon: HeartHandshake },
  { to: "/necesitas-ayuda", label: "¿Necesitas Ayuda?", icon: LifeBuoy },
];

/** Id of the footer's copy of the side menu; the menu toggle links there before hydration. */
export const SIDE_MENU_FALLBACK_ID = "menu-lateral";

// ---------------------------------------------------------------------------------------------
// Search

const SORT_LABELS: Record<(typeof SORT_OPTIONS)[number], string> = {
  "created_at-desc": "Más recientes",
  "price-asc": "Precio: menor a mayor",
  "price-desc": "Precio: mayor a menor",
  "name-asc": "Nombre: A-Z",
};

/** Header condition filter: the catalogue's conditions plus the marketplace's Excelente / Muy Bueno (spec §9). */
const CONDITION_OPTIONS = [
  { value: "new", label: "Nuevo" },
  { value: "used", label: "Usado" },
  { value: "refurbished", label: "Reacondicionado" },
  { value: "excellent", label: "Excelente" },
  { value: "very_good", label: "Muy Bueno" },
] as const;

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
export function buildSearchHref(filters: SearchFilters): string {
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

const wholeEuros = new Intl.NumberFormat("es-ES", {
  style: "currency",
  currency: "EUR",
  maximumFractionDigits: 0,
  useGrouping: "always",
});

function priceText(euros: number): string {
  return euros >= LIMITS.maxPriceFilterEuros ? "Sin Límite" : wholeEuros.format(euros);
}

type Category = { name: string; slug: string };

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
  const update = (patch: Partial<SearchFilters>) =>
    setFilters((previous) => ({ ...previous, ...patch }));
  const clear = () => setFilters((previous) => ({ ...EMPTY_FILTERS, q: previous.q }));
  return { filters, update, clear };
}

function FilterPopover({
  formId,
  filters,
  update,
  clear,
  categories,
  open,
  onOpenChange,
  className,
}: {
  formId: string;
  filters: SearchFilters;
  update: (patch: Partial<SearchFilters>) => void;
  clear: () => void;
  categories: Category[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
}) {
  const id = useId();
  const active =
    filters.minPrice > 0 ||
    filters.maxPrice < LIMITS.maxPriceFilterEuros ||
    filters.category !== "" ||
    filters.condition !== "" ||
    filters.sortBy !== DEFAULT_SORT ||
    filters.onSale;
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="sm" className={cn("h-9 gap-1.5 px-2.5", className)}>
          <SlidersHorizontal aria-hidden="true" />
          <span>Filtros</span>
          {active ? (
            <span className="size-2 rounded-full bg-brand-600" aria-label="(activos)" role="img" />
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[22rem]" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Búsqueda avanzada
        </h2>
        <div className="mt-4 grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="flex w-full items-baseline justify-between gap-2 text-sm font-medium text-slate-800">
              <span>Precio</span>
            </legend>
            <p className="text-sm text-slate-700" aria-hidden="true">
              {priceText(filters.minPrice)} – {priceText(filters.maxPrice)}
            </p>
            <Slider
              min={0}
              max={LIMITS.maxPriceFilterEuros}
              step={LIMITS.priceSliderStepEuros}
              value={[filters.minPrice, filters.maxPrice]}
              onValueChange={(values) => {
                const [minPrice = 0, maxPrice = LIMITS.maxPriceFilterEuros] = values;
                update({ minPrice, maxPrice });
              }}
              thumbLabels={["Precio mínimo", "Precio máximo"]}
              valueText={priceText}
            />
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-category`}>Categoría</Label>
            <NativeSelect
              id={`${id}-category`}
              form={formId}
              value={filters.category}
              onChange={(event) => update({ category: event.target.value })}
            >
              <option value="">Todas</option>
              {categories.map((category) => (
                <option key={category.slug} value={category.slug}>
                  {category.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-condition`}>Estado</Label>
            <NativeSelect
              id={`${id}-condition`}
              form={formId}
              value={filters.condition}
              onChange={(event) => update({ condition: event.target.value })}
            >
              <option value="">Todas</option>
              {CONDITION_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-sort`}>Ordenar por</Label>
            <NativeSelect
              id={`${id}-sort`}
              form={formId}
              value={filters.sortBy}
              onChange={(event) => update({ sortBy: event.target.value })}
            >
              {SORT_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {SORT_LABELS[option]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-on-sale`}
              form={formId}
              checked={filters.onSale}
              onChange={(event) => update({ onSale: event.target.checked })}
            />
            <Label htmlFor={`${id}-on-sale`} className="cursor-pointer">
              Solo ofertas
            </Label>
          </div>
          <div className="flex gap-2 pt-1">
            <Button type="button" variant="outline" className="flex-1" onClick={clear}>
              Limpiar
            </Button>
            {/* The popover is portalled out of the form; `form` ties the button back to it. */}
            <Button type="submit" form={formId} className="flex-1">
              Aplicar
            </Button>
          </div>
        </div>
      </PopoverContent>
    </Popover>
  );
}

function DesktopSearch({ categories }: { categories: Category[] }) {
  const formId = useId();
  const inputId = useId();
  const navigate = useNavigate();
  const { filters, update, clear } = useSearchState();
  const [filtersOpen, setFiltersOpen] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFiltersOpen(false);
    void navigate(buildSearchHref(filters));
  }

  return (
    <Form
      id={formId}
      method="get"
      action="/productos"
      role="search"
      onSubmit={onSubmit}
      className="hidden max-w-xl flex-1 items-center rounded-full border border-slate-300 bg-slate-50 pr-1 pl-3 transition-colors focus-within:border-brand-600 focus-within:bg-white md:flex"
    >
      <label htmlFor={inputId} className="sr-only">
        Buscar productos
      </label>
      <Search aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <input
        id={inputId}
        name="q"
        type="search"
        value={filters.q}
        onChange={(event) => update({ q: event.target.value })}
        placeholder="Buscar productos…"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        className="h-10 min-w-0 flex-1 bg-transparent px-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-none"
      />
      <FilterPopover
        formId={formId}
        filters={filters}
        update={update}
        clear={clear}
        categories={categories}
        open={filtersOpen}
        onOpenChange={setFiltersOpen}
        className="rounded-full"
      />
      <Button type="submit" size="sm" className="ml-1 h-8 rounded-full px-4">
        Buscar
      </Button>
    </Form>
  );
}

/** The mobile form body, shared by the popover (with JavaScript) and the #buscar bar (without). */
function MobileSearchFields({
  inputId,
  filters,
  update,
  autoFocus = false,
}: {
  inputId: string;
  filters?: SearchFilters;
  update?: (patch: Partial<SearchFilters>) => void;
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

function MobileSearch({ categories }: { categories: Category[] }) {
  const formId = useId();
  const inputId = useId();
  const navigate = useNavigate();
  const { filters, update, clear } = useSearchState();
  const [open, setOpen] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!filters.q.trim()) {
      document.getElementById(inputId)?.focus();
      return;
    }
    setFiltersOpen(false);
    setOpen(false);
    void navigate(buildSearchHref(filters));
  }

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Buscar" className="md:hidden">
          <Search aria-hidden="true" className="size-5" />
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-label="Buscar productos"
        className="w-[calc(100vw-1rem)] max-w-sm"
      >
        <Form
          id={formId}
          method="get"
          action="/productos"
          role="search"
          onSubmit={onSubmit}
          className="grid gap-3"
        >
          <MobileSearchFields inputId={inputId} filters={filters} update={update} autoFocus />
          <div className="flex items-center justify-between gap-2">
            <FilterPopover
              formId={formId}
              filters={filters}
              update={update}
              clear={clear}
              categories={categories}
              open={filtersOpen}
              onOpenChange={setFiltersOpen}
            />
            <Button type="submit">
              <Search aria-hidden="true" />
              Buscar
            </Button>
          </div>
        </Form>
      </PopoverContent>
    </Popover>
  );
}

// ---------------------------------------------------------------------------------------------
// Side menu

function SideMenu() {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Abrir menú">
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" closeLabel="Cerrar menú" aria-describedby={undefined}>
        <SheetHeader>
          <SheetTitle>Menú</SheetTitle>
        </SheetHeader>
        <nav aria-label="Menú lateral" className="flex-1 overflow-y-auto px-3 py-3">
          <ul className="grid gap-0.5">
            {SIDE_MENU_LINKS.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === "/"}
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    cn(
                      "flex items-center gap-3 rounded-lg px-3 py-2.5 text-[0.9375rem] font-medium transition-colors",
                      isActive
                        ? "bg-brand-50 text-brand-800"
                        : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </SheetContent>
    </Sheet>
  );
}

// ---------------------------------------------------------------------------------------------
// Account menu

const avatarClassName =
  "inline-flex size-10 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white ring-offset-2 transition-colors hover:bg-brand-800 data-[state=open]:ring-2 data-[state=open]:ring-brand-300";

function firstNameOf(user: ShellUser): string {
  return user.name.trim().split(/\s+/)[0] || user.email;
}

function AccountMenu({ user }: { user: ShellUser | null }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Sign-out keeps the menu open while the form posts; close it once the navigation lands.
  useEffect(() => setOpen(false), [location.key]);

  return (
    <DropdownMenu open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenuTrigger className={avatarClassName} aria-label="Menú de cuenta">
        <span aria-hidden="true">{user ? user.initials : "EM"}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        {user ? (
          <>
            <DropdownMenuLabel className="grid gap-0.5">
              <span className="truncate">Hola, {firstNameOf(user)}</span>
              <span className="truncate text-xs font-normal text-slate-600">{user.email}</span>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            {ACCOUNT_LINKS.map(({ to, label, icon: Icon }) => (
              <DropdownMenuItem key={to} asChild>
                <Link to={to}>
                  <Icon aria-hidden="true" />
                  {label}
                </Link>
              </DropdownMenuItem>
            ))}
            {user.isAdmin ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem asChild>
                  <Link to="/admin/dashboard">
                    <LayoutDashboard aria-hidden="true" />
                    Panel Admin
                  </Link>
                </DropdownMenuItem>
              </>
            ) : null}
            <DropdownMenuSeparator />
            <Form method="post" action="/logout" replace>
              <DropdownMenuItem
                asChild
                variant="destructive"
                // Keep the form mounted until the browser has submitted it.
                onSelect={(event) => event.preventDefault()}
              >
                <button type="submit">
                  <LogOut aria-hidden="true" />
                  Cerrar sesión
                </button>
              </DropdownMenuItem>
            </Form>
          </>
        ) : (
          <>
            <DropdownMenuItem asChild>
              <Link to="/login">
                <LogIn aria-hidden="true" />
                Iniciar sesión
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/registro">
                <UserPlus aria-hidden="true" />
                Registrarse
              </Link>
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

// ---------------------------------------------------------------------------------------------
// Header

const iconLinkClassName = buttonVariants({ variant: "ghost", size: "icon" });

export function SiteHeader({
  user,
  categories = [],
}: {
  user: ShellUser | null;
  /** Categories offered by the advanced search filter (top-level ones); empty → only "Todas". */
  categories?: Category[];
}) {
  const hydrated = useHydrated();
  const mobileSearchId = useId();
  const mobileBarId = "buscar";

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white shadow-[0_1px_2px_rgb(15_23_42/0.04)]">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-2 sm:gap-2 sm:px-4 lg:px-6">
        {hydrated ? (
          <SideMenu />
        ) : (
          // Without JavaScript the toggle jumps to the same links in the footer.
          <a
            href={`#${SIDE_MENU_FALLBACK_ID}`}
            aria-label="Abrir menú"
            className={iconLinkClassName}
          >
            <Menu aria-hidden="true" className="size-5" />
          </a>
        )}

        <Link to="/" className="mr-auto shrink-0 rounded-md md:mr-4">
          <img
            src="/Logo.jpg"
            alt="Tienda"
            width={160}
            height={48}
            className="h-9 w-auto sm:h-10"
          />
        </Link>

        <DesktopSearch categories={categories} />

        <div className="flex items-center gap-0.5 sm:gap-1 md:ml-auto">
          {hydrated ? (
            <MobileSearch categories={categories} />
          ) : (
            <a
              href={`#${mobileBarId}`}
              aria-label="Buscar"
              className={cn(iconLinkClassName, "md:hidden")}
            >
              <Search aria-hidden="true" className="size-5" />
            </a>
          )}

          {user ? (
            <Link to="/perfil/favoritos" aria-label="Mis favoritos" className={iconLinkClassName}>
              <Heart aria-hidden="true" className="size-5" />
            </Link>
          ) : null}
          <Link to="/checkout" aria-label="Carrito" className={iconLinkClassName}>
            <ShoppingCart aria-hidden="true" className="size-5" />
          </Link>

          {user ? null : (
            <div className="mx-1 hidden items-center gap-1 md:flex">
              <Link to="/login" className={buttonVariants({ variant: "ghost", size: "sm" })}>
                Iniciar sesión
              </Link>
              <Link to="/registro" className={buttonVariants({ variant: "default", size: "sm" })}>
                Registrarse
              </Link>
            </div>
          )}

          <div className="ml-1">
            {/* Keyed by the account: signing in or out mounts a fresh, closed menu. */}
            {hydrated ? (
              <AccountMenu key={user?.email ?? "visitor"} user={user} />
            ) : user ? (
              <Link to="/perfil" aria-label="Mi perfil" className={avatarClassName}>
                <span aria-hidden="true">{user.initials}</span>
              </Link>
            ) : (
              <Link
                to="/login"
                aria-label="Iniciar sesión"
                className={cn(avatarClassName, "md:hidden")}
              >
                <span aria-hidden="true">EM</span>
              </Link>
            )}
          </div>
        </div>
      </div>

      {/* No-JavaScript mobile search: the search icon links to #buscar, which :target reveals. */}
      <div
        id={mobileBarId}
        className="hidden border-t border-slate-200 px-4 py-3 target:block md:hidden"
      >
        <Form method="get" action="/productos" role="search" className="grid gap-2">
          <MobileSearchFields inputId={mobileSearchId} />
          <Button type="submit">
            <Search aria-hidden="true" />
            Buscar
          </Button>
        </Form>
      </div>
    </header>
  );
}
