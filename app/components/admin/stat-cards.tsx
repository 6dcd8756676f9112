/** A row of figures (dashboard, product stats): label above, value below. */
export function StatCards({
  items,
  label,
}: {
  items: { label: string; value: string; hint?: string }[];
  /** Accessible name of the list, e.g. "Resumen del inventario". */
  label: string;
}) {
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {items.map((item) => (
        <li key={item.label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <p className="text-sm text-slate-600">{item.label}</p>
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
