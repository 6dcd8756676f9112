import { ArrowLeft as arrowLeftIcon } from "lucide";
import { icon } from "~/components/ui/icons";
import { Fragment } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/static-page";
import { buttonVariants } from "~/components/ui/button";
import { pageCacheHeaders } from "~/lib/cache";
import { userContext } from "~/lib/context";
import { getStaticPage } from "~/modules/content/static-pages";
import { AdminEditLink } from "~/modules/content/components/admin-edit-link";
import { RichText } from "~/modules/content/components/rich-text";
import { staticSectionId } from "~/modules/content/page-content";
import { getPageContent } from "~/modules/content/page-content.server";
import { LegalDataBlock } from "~/modules/settings/components/legal-data";
import { getLegalData } from "~/modules/settings/site-settings.server";
import { pageTitle } from "~/lib/page-title";

const ArrowLeft = icon(arrowLeftIcon);

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle(matches, "Página no encontrada") }];
  return [
    { title: pageTitle(matches, `${loaderData.page.title}`) },
    { name: "description", content: loaderData.page.description },
  ];
};

/** The page's texts as saved in /admin/contenido/{path} (defaults: static-pages.ts). */
async function editablePage(path: string) {
  const base = getStaticPage(path)!;
  const content = await getPageContent(path);
  const header = content.cabecera!;
  const cta = content.enlace;
  return {
    key: path,
    title: header.title,
    description: header.description,
    intro: header.subtitle,
    sections: base.sections.map((section) => {
      const id = staticSectionId(section);
      const saved = content[id]!;
      return { id, heading: saved.sectionTitle, blocks: saved.rich ?? [] };
    }),
    // The first call to action is editable; any others stay as they are.
    links: [
      ...(cta?.ctaButtonText && cta.linkUrl ? [{ label: cta.ctaButtonText, to: cta.linkUrl }] : []),
      ...(base.links?.slice(1) ?? []),
    ],
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  let path: string;
  try {
    path = decodeURIComponent(new URL(request.url).pathname.slice(1));
  } catch {
    throw data(null, { status: 404 });
  }
  if (!getStaticPage(path)) throw data(null, { status: 404 });
  const page = await editablePage(path);
  // The HTML also carries the header, which is personal once signed in: only anonymous
  // pages may sit in shared caches.
  const signedIn = context.get(userContext) !== null;
  // The aviso legal shows the owner's data set in /admin/configuracion.
  const legal = path === "aviso-legal" ? await getLegalData() : null;
  return data({ page, legal }, { headers: pageCacheHeaders(signedIn) });
}

/** Shows "[placeholders]" the shop owner still has to fill in as highlighted text. */
function WithPlaceholders({ text }: { text: string }) {
  const parts = text.split(/(\[[^\]]+\])/g);
  return (
    <>
      {parts.map((part, index) =>
        /^\[[^\]]+\]$/.test(part) ? (
          <mark key={index} className="rounded bg-amber-100 px-1 text-slate-900">
            {part}
          </mark>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export default function StaticPageRoute({ loaderData }: Route.ComponentProps) {
  const { page, legal } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <Link
        to="/"
        className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Volver al inicio
      </Link>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {page.title}
        </h1>
        <AdminEditLink page={page.key} section="cabecera" label="Cabecera" />
      </div>
      {page.intro ? (
        <p className="mt-4 text-lg leading-relaxed text-slate-700">
          <WithPlaceholders text={page.intro} />
        </p>
      ) : null}
      {legal ? <LegalDataBlock legal={legal} /> : null}

      <div className="mt-10 grid gap-10">
        {page.sections.map((section) => (
          <section key={section.id}>
            <div className="flex flex-wrap items-center gap-3">
              <h2 id={section.id} className="text-xl font-semibold tracking-tight text-slate-900">
                {section.heading}
              </h2>
              <AdminEditLink page={page.key} section={section.id} label={section.heading} />
            </div>
            <RichText
              blocks={section.blocks}
              placeholders
              questions
              className="mt-3 grid gap-3 text-base leading-relaxed text-slate-700"
            />
          </section>
        ))}
      </div>

      {page.links.length ? (
        <div className="mt-12 flex flex-col gap-3 border-t border-slate-200 pt-8 sm:flex-row sm:flex-wrap">
          {page.links.map((link, index) => (
            <Link
              key={link.to}
              to={link.to}
              className={buttonVariants({ variant: index === 0 ? "default" : "outline" })}
            >
              {link.label}
            </Link>
          ))}
        </div>
      ) : null}
    </article>
  );
}
