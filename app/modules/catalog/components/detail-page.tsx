import type { ReactNode } from "react";
import { useNonce } from "~/lib/nonce";
import type { Crumb } from "../structured-data";
import {
  Breadcrumbs,
  DescriptionSection,
  DetailsSection,
  GalleryColumn,
} from "./detail-page-parts";

/**
 * The page of one thing for sale (a product, a marketplace item): the trail, the gallery beside
 * the buying column — its labels, name, what the page puts under it (`children`: price, stock,
 * buttons), 'Descripción' and 'Detalles' — what follows below, and the page's JSON-LD.
 */
export function DetailPage({
  crumbs,
  item,
  labels,
  details,
  notice,
  aside,
  below,
  jsonLd,
  children,
}: {
  crumbs: Crumb[];
  item: { id: number; name: string; description: string; imageKeys: string[] };
  /** The small labels above the name (brand, state, offer). */
  labels: ReactNode;
  details: [string, ReactNode][];
  /** Above the trail (an admin's preview notice). */
  notice?: ReactNode;
  /** After 'Detalles' in the buying column. */
  aside?: ReactNode;
  /** Under both columns, the page's full width. */
  below?: ReactNode;
  /** Serialised JSON-LD documents, one script each. */
  jsonLd: string[];
  children: ReactNode;
}) {
  const nonce = useNonce();
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      {notice}
      <Breadcrumbs crumbs={crumbs} />
      <div className="mt-5 grid gap-8 md:grid-cols-2 lg:gap-12">
        <GalleryColumn productId={item.id} name={item.name} imageKeys={item.imageKeys} />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2 text-sm">{labels}</div>
          <h1 className="mt-2 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
            {item.name}
          </h1>
          {children}
          <DescriptionSection text={item.description} />
          <DetailsSection details={details} />
          {aside}
        </div>
      </div>
      {below}
      {jsonLd.map((json, index) => (
        <script
          key={index}
          type="application/ld+json"
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: json }}
        />
      ))}
    </div>
  );
}

/** The brand among a page's labels, named for screen readers. */
export function BrandLabel({ brand }: { brand: string | null }) {
  return brand ? (
    <p className="font-semibold tracking-wide text-slate-700 uppercase">
      <span className="sr-only">Marca: </span>
      {brand}
    </p>
  ) : null;
}
