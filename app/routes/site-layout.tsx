import type { ReactNode } from "react";
import { Outlet, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/site-layout";
import { ErrorPage, ErrorPageLayoutProvider, errorPageProps } from "~/components/layout/error-page";
import { SiteFooter } from "~/components/layout/site-footer";
import { NewsletterForm } from "~/modules/promotions/components/newsletter-form";
import { SiteHeader } from "~/components/layout/site-header";
import type { loader as rootLoader } from "~/root";
import { log } from "~/lib/log.server";
import { usePersonal } from "~/modules/accounts/personal";
import type { SearchOptions } from "~/components/layout/header-search";
import { listMainCategories } from "~/modules/catalog/categories.server";
import { getPriceBounds } from "~/modules/catalog/products.server";
import { MaintenanceBanner } from "~/modules/settings/components/maintenance-banner";

/** The header's advanced filter: main categories and the catalogue's price scale. */
export async function loader(): Promise<{ searchOptions: SearchOptions }> {
  // Non-critical: without them the header filter offers "Todas" only and a default scale, and
  // the page itself can still render (or show its own error state).
  const [categories, bounds] = await Promise.all([
    listMainCategories().catch((error: unknown) => {
      log("error", "header categories failed", { error: String(error) });
      return [];
    }),
    getPriceBounds({}).catch((error: unknown) => {
      log("error", "header price scale failed", { error: String(error) });
      return null;
    }),
  ]);
  return {
    searchOptions: {
      categories: categories.map(({ name, slug }) => ({ name, slug })),
      priceMaxCents: bounds?.maxCents ?? null,
    },
  };
}

/** Categories and prices rarely change for the header: reload them only after a form submission, not on every click. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

/** The public shell: skip link, sticky header, main content, footer. */
function SiteShell({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const personal = usePersonal();
  const layoutData = useRouteLoaderData<typeof loader>("routes/site-layout");
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenido"
        className="sr-only z-50 rounded-lg bg-brand-700 px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Saltar al contenido
      </a>
      <MaintenanceBanner />
      <SiteHeader
        user={personal ? personal.user : "pending"}
        siteName={rootData?.site.name}
        logoSrc={rootData?.site.logoSrc}
        searchOptions={layoutData?.searchOptions}
        cartCount={personal ? personal.cartCount : null}
      />
      <main id="contenido" tabIndex={-1} className="flex-1 focus:outline-none">
        <ErrorPageLayoutProvider>{children}</ErrorPageLayoutProvider>
      </main>
      <SiteFooter siteName={rootData?.site.name} newsletter={<NewsletterForm />} />
    </div>
  );
}

export default function SiteLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

/** Errors thrown by a public page keep the header and footer around the error message. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteShell>
      <ErrorPage {...errorPageProps(error)} />
    </SiteShell>
  );
}
