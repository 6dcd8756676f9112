import { ArrowLeft } from "lucide-react";
import { Fragment } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/static-page";
import { buttonVariants } from "~/components/ui/button";
import { pageCacheHeaders } from "~/lib/cache";
import { userContext } from "~/lib/context";
import { slugify } from "~/lib/slug";
import { getStaticPage } from "~/modules/content/static-pages";
import { LegalDataBlock } from "~/modules/settings/components/legal-data";
import { getLegalData } from "~/modules/settings/site-settings.server";
import { pageTitle } from "~/lib/page-title";

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
  const page = getStaticPage(path);
  if (!page) throw data(null, { status: 404 });
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

/** "¿Pregunta? Respuesta." → question and answer (used by the FAQ section). */
function splitQuestion(paragraph: string): { question: string; answer: string } | null {
  if (!paragraph.startsWith("¿")) return null;
  const end = paragraph.indexOf("? ");
  if (end === -1) return null;
  return { question: paragraph.slice(0, end + 1), answer: paragraph.slice(end + 2) };
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
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {page.title}
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-700">
        <WithPlaceholders text={page.intro} />
      </p>
      {legal ? <LegalDataBlock legal={legal} /> : null}

      <div className="mt-10 grid gap-10">
        {page.sections.map((section) => (
          <section key={section.heading}>
            <h2
              id={section.id ?? slugify(section.heading)}
              className="text-xl font-semibold tracking-tight text-slate-900"
            >
              {section.heading}
            </h2>
            <div className="mt-3 grid gap-3 text-base leading-relaxed text-slate-700">
              {section.paragraphs.map((paragraph) => {
                const qa = splitQuestion(paragraph);
                return qa ? (
                  <div
                    key={paragraph}
                    className="rounded-xl border border-slate-200 bg-slate-50 p-4"
                  >
                    <h3 className="font-semibold text-slate-900">{qa.question}</h3>
                    <p className="mt-1">
                      <WithPlaceholders text={qa.answer} />
                    </p>
                  </div>
                ) : (
                  <p key={paragraph}>
                    <WithPlaceholders text={paragraph} />
                  </p>
                );
              })}
            </div>
          </section>
        ))}
      </div>

      {page.links?.length ? (
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
