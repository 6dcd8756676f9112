import { Info } from "~/components/icons/info";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import type { StaticPageView as PageView } from "../static-page-view";
import { AdminEditLink } from "./admin-edit-link";
import { ContentPageHeading } from "./content-page-heading";
import { RichText } from "./rich-text";

/**
 * A static page (aviso legal, condiciones, contacto…): its texts with the company data filled
 * in, and — while some of it is not saved yet — one sentence saying the information is being
 * completed instead of the lines that need it. `children` go after the introduction (the
 * contact form, the owner's data).
 */
export function StaticPageView({
  page,
  pendingNotice,
  children,
}: {
  page: PageView;
  /** The sentence shown while the page is incomplete. */
  pendingNotice: string;
  children?: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <ContentPageHeading page={page.key} title={page.title} />
      {page.intro ? (
        <p className="mt-4 text-lg leading-relaxed text-slate-700">{page.intro}</p>
      ) : null}
      {page.incomplete ? (
        <p
          role="note"
          className="mt-6 flex gap-2 rounded-lg border border-sky-200 bg-sky-50 p-4 text-base text-sky-950"
        >
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {pendingNotice}
        </p>
      ) : null}
      {children}

      <div className="mt-10 grid gap-10">
        {page.sections.map((section) => (
          <section key={section.id}>
            <div className="flex flex-wrap items-center gap-3">
              <h2 id={section.id} className="text-xl font-semibold tracking-tight text-slate-900">
                {section.heading}
              </h2>
              <AdminEditLink page={page.key} section={section.id} label={section.heading} />
            </div>
            {section.blocks.length ? (
              <RichText
                blocks={section.blocks}
                questions
                className="mt-3 grid gap-3 text-base leading-relaxed text-slate-700"
              />
            ) : section.incomplete ? (
              <p className="mt-3 text-base leading-relaxed text-slate-700">
                Estamos completando esta información; la publicaremos aquí en breve.
              </p>
            ) : null}
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
