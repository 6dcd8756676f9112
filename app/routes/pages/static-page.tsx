import { data } from "react-router";
import type { Route } from "./+types/static-page";
import { pageCacheHeaders } from "~/lib/cache";
import { userContext } from "~/lib/context";
import { pageTitle } from "~/lib/page-title";
import { StaticPageView } from "~/modules/content/components/static-page-view";
import { getStaticPageView } from "~/modules/content/static-page.server";
import { getStaticPage } from "~/modules/content/static-pages";
import { LegalDataBlock } from "~/modules/settings/components/legal-data";
import { LEGAL_DATA_PENDING } from "~/modules/settings/legal-completeness";
import { getLegalData } from "~/modules/settings/site-settings.server";

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle(matches, "Página no encontrada") }];
  return [
    { title: pageTitle(matches, `${loaderData.page.title}`) },
    { name: "description", content: loaderData.page.description },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  let path: string;
  try {
    path = decodeURIComponent(new URL(request.url).pathname.slice(1));
  } catch {
    throw data(null, { status: 404 });
  }
  if (!getStaticPage(path)) throw data(null, { status: 404 });
  // The texts with the company data of /admin/configuracion in place of their placeholders.
  const page = await getStaticPageView(path);
  // The HTML also carries the header, which is personal once signed in: only anonymous
  // pages may sit in shared caches.
  const signedIn = context.get(userContext) !== null;
  // The aviso legal also shows the owner's data as a block (LSSI art. 10).
  const legal = path === "aviso-legal" ? await getLegalData() : null;
  return data({ page, legal }, { headers: pageCacheHeaders(signedIn) });
}

export default function StaticPageRoute({ loaderData }: Route.ComponentProps) {
  const { page, legal } = loaderData;
  return (
    <StaticPageView page={page} pendingNotice={LEGAL_DATA_PENDING}>
      {legal ? <LegalDataBlock legal={legal} /> : null}
    </StaticPageView>
  );
}
