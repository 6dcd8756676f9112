import { ExternalLink } from "~/components/icons/external-link";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Crumb } from "../structured-data";
import { ProductGallery } from "./product-gallery";
import { TitledSection, type TitledSectionProps } from "~/components/ui/titled-section";

/*
 * The blocks the detail pages (a product, a marketplace item, a service) share: the gallery
 * column, 'Descripción', 'Detalles' and the links to videos.
 */

/** The trail above the page: each crumb a link, the last one the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Ruta de navegación">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex min-w-0 items-center gap-2">
              {index > 0 ? <span aria-hidden="true">›</span> : null}
              {last ? (
                <span aria-current="page" className="truncate font-medium text-slate-900">
                  {crumb.name}
                </span>
              ) : (
                <Link to={crumb.path} className="hover:text-brand-700 hover:underline">
                  {crumb.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The left column: the gallery, which stays in view on wide screens. */
export function GalleryColumn(props: { productId: number; name: string; imageKeys: string[] }) {
  return (
    <div className="md:sticky md:top-24 md:self-start">
      <ProductGallery {...props} />
    </div>
  );
}

/** A titled section of the page's buying column, named by its heading. */
export function DetailSection(props: TitledSectionProps) {
  return <TitledSection {...props} className="mt-8" />;
}

export function DescriptionSection({ text }: { text: string }) {
  return (
    <DetailSection id="descripcion" title="Descripción">
      <p className="mt-2 leading-relaxed whitespace-pre-line text-slate-800">{text}</p>
    </DetailSection>
  );
}

/** 'Detalles': a list of label and value, nothing when there are none. */
export function DetailsSection({ details }: { details: [string, ReactNode][] }) {
  if (!details.length) return null;
  return (
    <DetailSection id="detalles" title="Detalles">
      <dl className="mt-2 divide-y divide-slate-200 border-y border-slate-200 text-sm">
        {details.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[8rem_1fr] gap-4 py-2">
            <dt className="text-slate-600">{label}</dt>
            <dd className="min-w-0 break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </DetailSection>
  );
}

/** A video on another site, in a new tab (said to screen readers). */
export function VideoLink({ url, children }: { url: string; children: ReactNode }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      {children}
      <ExternalLink aria-hidden="true" className="size-4" />
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
    </a>
  );
}
