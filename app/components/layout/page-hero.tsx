import type { ReactNode } from "react";

/** The tinted title band at the top of a storefront section (services, marketplace…). */
export function PageHero({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {children ? <div className="mt-3 max-w-2xl text-lg text-slate-700">{children}</div> : null}
      </div>
    </section>
  );
}
