import type { ReactNode } from "react";
import { SlidersHorizontal } from "~/components/icons/sliders-horizontal";

/**
 * A shop list's filters beside its results: folded behind «Filtros» on small screens, always
 * open from `lg` up. `children` is drawn twice, once for each layout.
 */
export function FiltersAside({ label, children }: { label: string; children: ReactNode }) {
  return (
    <aside aria-label={label}>
      <details className="rounded-xl border border-slate-200 p-4 lg:hidden">
        <summary className="flex cursor-pointer items-center gap-2 font-semibold text-slate-900">
          <SlidersHorizontal className="size-4" aria-hidden /> Filtros
        </summary>
        <div className="mt-4">{children}</div>
      </details>
      <div className="hidden rounded-xl border border-slate-200 p-4 lg:block">{children}</div>
    </aside>
  );
}
