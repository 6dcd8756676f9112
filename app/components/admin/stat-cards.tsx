import { Link } from "react-router";

/**
 * A row of figures (dashboard, product stats): label above, value below. A card with `href`
 * is a link to the list behind its figure (e.g. the low-stock products).
 */
export function StatCards({
  items,
  label,
}: {
  items: { label: string; value: string; hint?: string; href?: string }[];
  /** Accessible name of the list, e.g. "Resumen del inventario". */
  label: string;
}) {
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {items.map((item) => (
        <li
          key={item.label}
          className="relative rounded-xl border border-slate-200 bg-white p-5 shadow-sm has-[a:hover]:border-brand-600"
        >
          <p className="text-sm text-slate-600">
            {item.href ? (
              // The whole card is the link's target area; its name is the label.
              <Link to={item.href} className="after:absolute after:inset-0 hover:underline">
                {item.label}
              </Link>
            ) : (
              item.label
            )}
          </p>
          {/* A very long figure (a big catalogue's value) wraps instead of widening the page. */}
          <p className="mt-2 text-2xl font-bold text-slate-900 tabular-nums [overflow-wrap:anywhere]">
            {item.value}
          </p>
          {item.hint ? <p className="mt-1 text-xs text-slate-600">{item.hint}</p> : null}
        </li>
      ))}
    </ul>
  );
}
