import { Form, Link, useLocation } from "react-router";
import { DateFilter } from "~/components/admin/filter-bar";
import { buttonVariants } from "~/components/ui/button";
import { formatNumber } from "~/lib/numbers";
import {
  ANALYTICS_PARAMS,
  ANALYTICS_PATH,
  describeRange,
  RANGE_PRESETS,
  type DateRange,
} from "../analytics";

/** «Periodo»: the preset links and the custom range form of /admin/analisis. */
export function RangeSelector({ range, error }: { range: DateRange; error: string | null }) {
  const location = useLocation();
  const describedBy = error ? "analisis-error" : undefined;
  return (
    <section
      aria-labelledby="periodo"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="periodo" className="text-base font-semibold text-slate-900">
        Periodo
      </h2>
      <div className="mt-3 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <ul className="flex flex-wrap gap-2" aria-label="Periodos predefinidos">
          {RANGE_PRESETS.map((days) => {
            const current = range.preset === days;
            return (
              <li key={days}>
                <Link
                  to={`${ANALYTICS_PATH}?${ANALYTICS_PARAMS.preset}=${days}`}
                  aria-current={current ? "page" : undefined}
                  className={buttonVariants({ variant: current ? "default" : "outline" })}
                >
                  {`Últimos ${days} días`}
                </Link>
              </li>
            );
          })}
        </ul>
        <Form
          method="get"
          key={location.search}
          aria-label="Periodo personalizado"
          className="flex flex-wrap items-end gap-3"
        >
          {[
            {
              id: "analisis-desde",
              label: "Desde",
              name: ANALYTICS_PARAMS.from,
              value: range.from,
            },
            { id: "analisis-hasta", label: "Hasta", name: ANALYTICS_PARAMS.to, value: range.to },
          ].map((field) => (
            <DateFilter key={field.id} {...field} required describedBy={describedBy} />
          ))}
          <button type="submit" className={buttonVariants({ variant: "outline" })}>
            Aplicar
          </button>
        </Form>
      </div>
      {error ? (
        <p id="analisis-error" role="alert" className="mt-3 text-sm font-medium text-red-700">
          {`${error} Se muestran los últimos 30 días.`}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-slate-700">
        {`Datos ${describeRange(range)} (${formatNumber(range.days)} ${range.days === 1 ? "día" : "días"}, hora de Madrid), comparados con los ${describeRange(range.previous)}.`}
      </p>
    </section>
  );
}
