/** /admin/facturas: the quarter's totals per IVA rate, the figures for modelo 303. */
import { Form } from "react-router";
import { filterLabelClass } from "~/components/admin/filter-bar";
import { buttonVariants } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { formatNumber } from "~/lib/numbers";
import type { AdminInvoicesView } from "../admin-invoices.server";
import {
  INVOICE_PARAMS,
  QUARTER_LABELS,
  QUARTERS,
  type AdminInvoiceFilters,
} from "../admin-invoices";

type QuarterView = AdminInvoicesView["quarter"];

const th = "px-3 py-2 text-left font-semibold";
const num = "px-3 py-2 text-right whitespace-nowrap";
const thNum = "px-3 py-2 text-right font-semibold";

/**
 * One table of the quarter: a row per IVA rate with its amounts (already written out), and
 * the total row when given. With no rows (the general scheme's table), says so.
 */
function RateTable({
  className,
  caption,
  headings,
  rows,
  total = null,
}: {
  className: string;
  caption: string;
  /** The amount columns' headings, after «Tipo de IVA». */
  headings: string[];
  rows: { rate: string; cells: string[] }[];
  total?: string[] | null;
}) {
  return (
    <div className={`${className} overflow-x-auto rounded-lg border border-slate-200`}>
      <table className="w-full text-sm max-md:[&_td]:px-2 max-md:[&_th]:px-2">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={th}>
              Tipo de IVA
            </th>
            {headings.map((heading) => (
              <th key={heading} scope="col" className={thNum}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={headings.length + 1} className="px-3 py-6 text-center text-slate-700">
                No hay facturas en este trimestre.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.rate}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                  {row.rate}
                </th>
                {row.cells.map((cell, i) => (
                  <td key={headings[i]} className={num}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        {total ? (
          <tfoot className="border-t border-slate-300 font-semibold text-slate-900">
            <tr>
              <th scope="row" className="px-3 py-2 text-left">
                Total
              </th>
              {total.map((cell, i) => (
                <td key={headings[i]} className={num}>
                  {cell}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

function QuarterPicker({
  quarter,
  filters,
}: {
  quarter: QuarterView;
  filters: AdminInvoiceFilters;
}) {
  return (
    <Form
      method="get"
      aria-label="Elegir trimestre"
      className="mt-3 flex flex-wrap items-end gap-3"
      // The list's search stays as it was.
      key={`${quarter.year}-${quarter.quarter}`}
    >
      {filters.search ? (
        <input type="hidden" name={INVOICE_PARAMS.search} value={filters.search} />
      ) : null}
      {filters.from ? (
        <input type="hidden" name={INVOICE_PARAMS.from} value={filters.from} />
      ) : null}
      {filters.to ? <input type="hidden" name={INVOICE_PARAMS.to} value={filters.to} /> : null}
      <div>
        <label htmlFor="trimestre-anio" className={filterLabelClass}>
          Año
        </label>
        <NativeSelect
          id="trimestre-anio"
          name={INVOICE_PARAMS.year}
          defaultValue={String(quarter.year)}
          className="w-28"
        >
          {quarter.years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div>
        <label htmlFor="trimestre-numero" className={filterLabelClass}>
          Trimestre
        </label>
        <NativeSelect
          id="trimestre-numero"
          name={INVOICE_PARAMS.quarter}
          defaultValue={quarter.quarter}
          className="w-64 max-w-full"
        >
          {QUARTERS.map((value) => (
            <option key={value} value={value}>
              {QUARTER_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <button type="submit" className={buttonVariants({ variant: "outline" })}>
        Ver trimestre
      </button>
    </Form>
  );
}

function countText(count: number, one: string, many: string) {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

export function QuarterTotalsSection({
  quarter,
  filters,
}: {
  quarter: QuarterView;
  filters: AdminInvoiceFilters;
}) {
  const caption = `IVA repercutido del ${quarter.quarter}T ${quarter.year}`;
  return (
    <section
      aria-labelledby="totales-trimestre"
      className="mt-10 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="totales-trimestre" className="text-lg font-semibold text-slate-900">
        Totales del trimestre (modelo 303)
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Base imponible y cuota de IVA de las facturas expedidas del {quarter.from} al {quarter.to}
        {`: ${countText(quarter.invoiceCount, "factura", "facturas")}.`} Las rectificativas restan.
        Una factura completa que sustituye a una simplificada no se suma otra vez: cuenta la
        simplificada, en su fecha
        {quarter.replacingSkipped
          ? ` (${countText(quarter.replacingSkipped, "sustitutiva no sumada", "sustitutivas no sumadas")})`
          : ""}
        .
      </p>
      <QuarterPicker quarter={quarter} filters={filters} />

      <RateTable
        className="mt-4"
        caption={`${caption}, régimen general`}
        headings={["Base imponible", "Cuota", "Total"]}
        rows={quarter.general.map((row) => ({
          rate: row.rate,
          cells: [row.baseCents, row.taxCents, row.totalCents],
        }))}
        total={
          quarter.general.length > 1
            ? [
                quarter.generalTotal.baseCents,
                quarter.generalTotal.taxCents,
                quarter.generalTotal.totalCents,
              ]
            : null
        }
      />

      {quarter.usedGoods.length ? (
        <>
          <h3 className="mt-6 font-semibold text-slate-900">
            Bienes usados (régimen especial, REBU)
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            Aparte: la base es el margen (precio de venta menos precio de compra, por factura y
            nunca negativo) sin el IVA que contiene.
            {quarter.usedGoodsWithoutPurchase
              ? ` ${countText(quarter.usedGoodsWithoutPurchase, "artículo vendido no tiene", "artículos vendidos no tienen")} precio de compra: todo su precio cuenta como margen.`
              : ""}
          </p>
          <RateTable
            className="mt-3"
            caption={`${caption}, bienes usados`}
            headings={["Ventas", "Margen", "Base imponible", "Cuota"]}
            rows={quarter.usedGoods.map((row) => ({
              rate: row.rate,
              cells: [row.salesCents, row.marginCents, row.baseCents, row.taxCents],
            }))}
          />
        </>
      ) : null}
    </section>
  );
}
