import { Heart } from "~/components/icons/heart";
import { Menu } from "~/components/icons/menu";
import { Search } from "~/components/icons/search";
import { ShoppingCart } from "~/components/icons/shopping-cart";
import { UserRound } from "~/components/icons/user-round";
import { useEffect, useId, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { lazyIsland } from "~/components/ui/lazy-island";
import { useHydrated } from "~/components/ui/use-hydrated";
import { cn } from "~/lib/utils";
import type { ShellUser } from "~/lib/shell-user";
import {
  filtersButton,
  MobileSearchFields,
  useSearchForm,
  NO_SEARCH_OPTIONS,
  type SearchOptions,
} from "./header-search";
import { SIDE_MENU_FALLBACK_ID } from "./side-menu-links";
import { SITE_NAME } from "~/lib/constants";
import { brandLogoSrc } from "~/lib/logo";

/*
 * The header is on every page, so only what is on screen from the start ships with it. Its
 * popups are islands (lazy-island.tsx): the same-looking trigger is rendered here, and the
 * popup's code (Radix, floating-ui, the filters' slider) loads when the pointer, focus or a
 * touch reaches the trigger, opening on the click that follows.
 */
const SideMenu = lazyIsland(() => import("./header-side-menu").then((m) => m.SideMenu), {
  popup: "dialog",
});
const FilterPopover = lazyIsland(() => import("./header-filters").then((m) => m.FilterPopover), {
  popup: "dialog",
});
const MobileSearch = lazyIsland(
  () => import("./header-mobile-search").then((m) => m.MobileSearch),
  { popup: "dialog" },
);
const AccountMenu = lazyIsland(() => import("./header-account-menu").then((m) => m.AccountMenu), {
  popup: "menu",
});

// ---------------------------------------------------------------------------------------------
// Search

function DesktopSearch({ options }: { options: SearchOptions }) {
  const { form, inputId, filters, update, filterPopover } = useSearchForm(options);

  return (
    <Form
      {...form}
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
      <FilterPopover {...filterPopover} trigger={filtersButton(filters, "rounded-full")} />
      <Button type="submit" size="sm" className="ml-1 h-8 rounded-full px-4">
        Buscar
      </Button>
    </Form>
  );
}

function MobileSearchToggle({ options }: { options: SearchOptions }) {
  const [open, setOpen] = useState(false);
  return (
    <MobileSearch
      options={options}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="icon" aria-label="Buscar" className="md:hidden">
          <Search aria-hidden="true" className="size-5" />
        </Button>
      }
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Side menu and account menu

function SideMenuToggle() {
  const [open, setOpen] = useState(false);
  return (
    <SideMenu
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="icon" aria-label="Abrir menú">
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      }
    />
  );
}

/**
 * The avatar's accessible name starts with the letters it shows, so a speech-input user who
 * says what they see ("RV") reaches it (WCAG 2.5.3 Label in Name): "RV, menú de cuenta".
 */
function avatarLabel(visibleText: string, purpose: string): string {
  return `${visibleText}, ${purpose}`;
}

/** The avatar's look without its display (the placeholder below sets its own). */
const avatarLook =
  "size-10 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white ring-offset-2 transition-colors hover:bg-brand-800 data-[state=open]:ring-2 data-[state=open]:ring-brand-300";
const avatarClassName = `inline-flex ${avatarLook}`;

function AccountMenuToggle({ user }: { user: ShellUser | null }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Sign-out keeps the menu open while the form posts; close it once the navigation lands.
  useEffect(() => setOpen(false), [location.key]);

  return (
    <AccountMenu
      user={user}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button
          type="button"
          className={avatarClassName}
          aria-label={avatarLabel(user ? user.initials : "EM", "menú de cuenta")}
        >
          <span aria-hidden="true">{user ? user.initials : "EM"}</span>
        </button>
      }
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Header

const iconLinkClassName = buttonVariants({ variant: "ghost", size: "icon" });

function cartLabel(count: number | null): string {
  if (count === null) return "Carrito";
  if (count === 0) return "Carrito, vacío";
  return count === 1 ? "Carrito, 1 producto" : `Carrito, ${count} productos`;
}

export function SiteHeader({
  user,
  searchOptions = NO_SEARCH_OPTIONS,
  cartCount = 0,
  siteName = SITE_NAME,
  logoSrc = null,
}: {
  /**
   * "pending": a signed-in customer's page from the shared page cache whose personal data has
   * not arrived yet (ADR 0020): the header shows the signed-in links without name or badge.
   */
  user: ShellUser | null | "pending";
  /** The shop's name and logo (/admin/configuracion); null logo: the default picture. */
  siteName?: string;
  logoSrc?: string | null;
  /** Units in the visitor's or customer's cart (the badge); null: not known yet. */
  cartCount?: number | null;
  /** The advanced search's categories (top-level; none → only "Todas") and price scale. */
  searchOptions?: SearchOptions;
}) {
  const hydrated = useHydrated();
  const brand = brandLogoSrc(siteName, logoSrc, SITE_NAME);
  const mobileSearchId = useId();
  const mobileBarId = "buscar";

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white shadow-[0_1px_2px_rgb(15_23_42/0.04)]">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-2 sm:gap-2 sm:px-4 lg:px-6">
        {hydrated ? (
          <SideMenuToggle />
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
          {brand ? (
            <img
              src={brand}
              alt={siteName}
              width={160}
              height={48}
              className="h-9 w-auto max-w-40 object-contain sm:h-10"
            />
          ) : (
            <span className="block max-w-40 truncate text-xl font-bold tracking-tight text-slate-900 sm:max-w-60 sm:text-2xl">
              {siteName}
            </span>
          )}
        </Link>

        <DesktopSearch options={searchOptions} />

        <div className="flex items-center gap-0.5 sm:gap-1 md:ml-auto">
          {hydrated ? (
            <MobileSearchToggle options={searchOptions} />
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
          <Link
            to="/checkout"
            aria-label={cartLabel(cartCount)}
            className={cn(iconLinkClassName, "relative")}
          >
            <ShoppingCart aria-hidden="true" className="size-5" />
            {cartCount !== null && cartCount > 0 ? (
              <span
                aria-hidden="true"
                data-testid="cart-count"
                className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-xs font-bold text-white"
              >
                {cartCount > 99 ? "99+" : cartCount}
              </span>
            ) : null}
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
            {user === "pending" ? (
              <Link to="/perfil" aria-label="Mi perfil" className={avatarClassName}>
                <UserRound aria-hidden="true" className="size-5" />
              </Link>
            ) : hydrated ? (
              <AccountMenuToggle key={user?.email ?? "visitor"} user={user} />
            ) : user ? (
              <Link
                to="/perfil"
                aria-label={avatarLabel(user.initials, "mi perfil")}
                className={avatarClassName}
              >
                <span aria-hidden="true">{user.initials}</span>
              </Link>
            ) : (
              <>
                <Link
                  to="/login"
                  aria-label={avatarLabel("EM", "iniciar sesión")}
                  className={cn(avatarClassName, "md:hidden")}
                >
                  <span aria-hidden="true">EM</span>
                </Link>
                {/* Wider screens already show the sign-in links: the avatar only holds its
                    place until the menu hydrates, so nothing beside it shifts then. */}
                <span aria-hidden="true" className={cn(avatarLook, "hidden md:inline-flex")}>
                  EM
                </span>
              </>
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
