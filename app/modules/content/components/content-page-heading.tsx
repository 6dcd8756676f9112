import { ArrowLeft } from "~/components/icons/arrow-left";
import { Link } from "react-router";
import { AdminEditLink } from "./admin-edit-link";

/**
 * The top of a page whose header the owner edits (a static page, the reviews page): the way
 * back home, the page's h1 and, for admins, the link that edits its «Cabecera».
 */
export function ContentPageHeading({ page, title }: { page: string; title: string }) {
  return (
    <>
      <Link
        to="/"
        className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Volver al inicio
      </Link>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <AdminEditLink page={page} section="cabecera" label="Cabecera" />
      </div>
    </>
  );
}
