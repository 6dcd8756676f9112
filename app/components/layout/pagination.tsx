import { Link, useLocation } from "react-router";

/** Page links that keep the other query parameters (state lives in the URL). */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  const linkClass =
    "rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50";
  return (
    <nav aria-label="Paginación" className="mt-8 flex items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass} rel="prev">
          Anterior
        </Link>
      ) : null}
      <span className="px-2 text-sm text-slate-700">{`Página ${page} de ${pageCount}`}</span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={linkClass} rel="next">
          Siguiente
        </Link>
      ) : null}
    </nav>
  );
}
