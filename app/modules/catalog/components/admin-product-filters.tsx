import { Search } from "~/components/icons/search";
import type { FormEvent } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { filterLabelClass, SelectFilter } from "~/components/admin/filter-bar";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { SORT_PARAMS } from "~/lib/table-params";
import {
  CONDITION_OPTIONS,
  PRODUCT_FILTER_PARAMS,
  VISIBILITY_OPTIONS,
} from "../admin-product-schemas";

const CONDITION_CHOICES = CONDITION_OPTIONS.map(({ value, label }) => [value, label] as const);
const VISIBILITY_CHOICES = Object.entries(VISIBILITY_OPTIONS);
const ADVANCED_NAMES = Object.values(PRODUCT_FILTER_PARAMS).filter((name) => name !== "q");

function TextFilter(props: { id: string; label: string; name: string; value: string }) {
  return (
    <div>
      <label htmlFor={props.id} className={filterLabelClass}>
        {props.label}
      </label>
      <Input id={props.id} name={props.name} defaultValue={props.value} />
    </div>
  );
}

function CheckFilter(props: { label: string; name: string; value: string; checked: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        name={props.name}
        value={props.value}
        defaultChecked={props.checked}
        className="size-4 accent-brand-700"
      />
      {props.label}
    </label>
  );
}

/** The admin product table's search box and advanced filters: a GET form, works without JavaScript. */
export function AdminProductFilters({
  categories,
}: {
  categories: { id: number; name: string }[];
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const current = new URLSearchParams(location.search);
  const value = (name: string) => current.get(name) ?? "";
  const advancedActive = ADVANCED_NAMES.some((name) => value(name) !== "");
  const sortColumn = current.get(SORT_PARAMS.column);
  const sortDirection = current.get(SORT_PARAMS.direction);
  const P = PRODUCT_FILTER_PARAMS;
  const categoryChoices = categories.map(
    (category) => [String(category.id), category.name] as const,
  );
  const selects = [
    ["filtro-categoria", "Categoría", P.category, categoryChoices, "Todas"],
    ["filtro-condicion", "Condición", P.condition, CONDITION_CHOICES, "Todas"],
    ["filtro-visibilidad", "Visibilidad", P.visibility, VISIBILITY_CHOICES, undefined],
  ] as const;

  // With JavaScript, empty fields stay out of the URL; without it, the server ignores them.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, field] of new FormData(event.currentTarget)) {
      if (typeof field === "string" && field.trim() !== "") params.append(name, field.trim());
    }
    const query = params.toString();
    void navigate({ pathname: location.pathname, search: query ? `?${query}` : "" });
  };

  return (
    <Form
      method="get"
      role="search"
      aria-label="Buscar productos"
      onSubmit={onSubmit}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      {sortColumn ? <input type="hidden" name={SORT_PARAMS.column} value={sortColumn} /> : null}
      {sortDirection ? (
        <input type="hidden" name={SORT_PARAMS.direction} value={sortDirection} />
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="buscar-productos" className={filterLabelClass}>
            Buscar
          </label>
          <Input
            id="buscar-productos"
            type="search"
            name={P.q}
            defaultValue={value(P.q)}
            key={`q-${value(P.q)}`}
            placeholder="Nombre, SKU, EAN o marca"
          />
        </div>
        <button type="submit" className={buttonVariants()}>
          <Search aria-hidden="true" />
          Buscar
        </button>
      </div>
      <details open={advancedActive} className="group mt-3">
        <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline">
          Filtros avanzados{advancedActive ? " (activos)" : ""}
        </summary>
        <div key={location.search} className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <TextFilter id="filtro-sku" label="SKU" name={P.sku} value={value(P.sku)} />
          <TextFilter
            id="filtro-proveedor"
            label="Proveedor"
            name={P.supplier}
            value={value(P.supplier)}
          />
          {selects.map(([id, label, name, options, allLabel]) => (
            <SelectFilter
              key={id}
              id={id}
              label={label}
              name={name}
              value={value(name)}
              options={options}
              allLabel={allLabel}
            />
          ))}
          <div className="flex flex-col justify-end gap-2">
            <CheckFilter
              label="Solo en oferta"
              name={P.onSale}
              value="si"
              checked={value(P.onSale) === "si"}
            />
            <CheckFilter
              label="Solo con stock bajo"
              name={P.lowStock}
              value="bajo"
              checked={value(P.lowStock) === "bajo"}
            />
          </div>
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="submit" className={buttonVariants({ variant: "outline" })}>
            Aplicar filtros
          </button>
          <Link to={location.pathname} className={buttonVariants({ variant: "ghost" })}>
            Quitar filtros
          </Link>
        </div>
      </details>
    </Form>
  );
}
