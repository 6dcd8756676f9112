import { ConditionCheckboxes } from "~/modules/catalog/components/condition-checkboxes";
import { FilterSearchField } from "./filter-search-field";
import { useId, useState, type FormEvent } from "react";
import { Form, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Slider } from "~/components/ui/slider";
import { useHydrated } from "~/components/ui/use-hydrated";
import { LIMITS, PRODUCT_CONDITION_LABELS } from "~/lib/constants";
import { formatWholeEuros } from "~/lib/money";
import type { ListParams } from "../list-params";
import type { PriceScale } from "~/lib/price-scale";

const MAX = LIMITS.maxPriceFilterEuros;

/** Euros typed in a number input ("" = the fallback, e.g. no upper limit). */
function typedEuros(value: FormDataEntryValue | null, fallback: number): number {
  const euros = Number(value);
  return value === null || value === "" || !Number.isFinite(euros)
    ? fallback
    : Math.min(Math.max(Math.round(euros), 0), MAX);
}

export interface FilterOptions {
  subcategories: { name: string; slug: string }[];
  /** The price slider's range and step, from the prices of the list (price-scale.ts). */
  priceScale: PriceScale;
}

/**
 * The list's filter sidebar (spec §2): a GET form, so it works without JavaScript; with
 * JavaScript it builds a tidy URL (condition as a comma list, no empty or default values).
 */
export function ProductFilters({
  params,
  options,
  action,
}: {
  params: ListParams;
  options: FilterOptions;
  action: string;
}) {
  const id = useId();
  const navigate = useNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const query = new URLSearchParams();
    const q = String(data.get("q") ?? "").trim();
    if (q) query.set("q", q);
    const minPrice = typedEuros(data.get("minPrice"), 0);
    const maxPrice = typedEuros(data.get("maxPrice"), MAX);
    if (minPrice > 0) query.set("minPrice", String(minPrice));
    if (maxPrice < MAX) query.set("maxPrice", String(maxPrice));
    const conditions = data.getAll("condition").map(String);
    if (conditions.length) query.set("condition", conditions.join(","));
    for (const key of ["sub", "sortBy", "view"]) {
      const value = String(data.get(key) ?? "");
      if (value) query.set(key, value);
    }
    const search = query.toString();
    navigate(search ? `${action}?${search}` : action);
  }

  return (
    <Form
      method="get"
      action={action}
      onSubmit={onSubmit}
      className="grid gap-5"
      aria-label="Filtros"
    >
      <FilterSearchField idPrefix={id} label="Buscar" defaultValue={params.q} />

      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-slate-800">Precio</legend>
        <PriceRange
          // A new list (or filter) starts from its own scale and bounds.
          key={`${options.priceScale.max}:${params.minPriceCents}:${params.maxPriceCents}`}
          id={id}
          params={params}
          scale={options.priceScale}
        />
      </fieldset>

      {/* The header's marketplace grades (Excelente, Muy Bueno) stay chosen. */}
      {params.marketplaceGrades.map((grade) => (
        <input key={grade} type="hidden" name="condition" value={grade} />
      ))}
      <ConditionCheckboxes
        idPrefix={id}
        legend="Estado"
        options={Object.entries(PRODUCT_CONDITION_LABELS)}
        checked={params.conditions}
      />

      {options.subcategories.length > 0 ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-sub`}>Subcategoría</Label>
          <NativeSelect id={`${id}-sub`} name="sub" defaultValue={params.subcategory ?? ""}>
            <option value="">Todas</option>
            {options.subcategories.map((sub) => (
              <option key={sub.slug} value={sub.slug}>
                {sub.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}

      <div className="grid gap-2">
        <Label htmlFor={`${id}-sort`}>Ordenar por</Label>
        <NativeSelect id={`${id}-sort`} name="sortBy" defaultValue={sortValue(params)}>
          {params.q ? <option value="">Relevancia</option> : null}
          <option value={params.q ? "created_at_desc" : ""}>Más recientes</option>
          <option value="price_asc">Precio: de menor a mayor</option>
          <option value="price_desc">Precio: de mayor a menor</option>
          <option value="name_asc">Nombre: A–Z</option>
        </NativeSelect>
      </div>
      {params.view === "list" ? <input type="hidden" name="view" value="list" /> : null}

      <Button type="submit">Aplicar Filtros</Button>
    </Form>
  );
}

/**
 * The price filter: a slider once hydrated, two number inputs before (in whole euros, any
 * value). The slider's range and step follow the list's prices (price-scale.ts), so arrow keys
 * and dragging move by a round amount that suits them; at its top it reads 'Sin Límite' and
 * sends no upper bound. Its own component, so that the swap after hydration re-renders only
 * this part of the form. Either way the form carries `minPrice` and `maxPrice` ("" for none).
 */
function PriceRange({ id, params, scale }: { id: string; params: ListParams; scale: PriceScale }) {
  const hydrated = useHydrated();
  const top = scale.max;
  const [range, setRange] = useState<[number, number]>(() => {
    const low = Math.min((params.minPriceCents ?? 0) / 100, top);
    const high =
      params.maxPriceCents === undefined ? top : Math.min(params.maxPriceCents / 100, top);
    return [low, high];
  });
  const min = range[0] || "";
  const max = range[1] < top ? range[1] : "";
  const text = (euros: number) => (euros >= top ? "Sin Límite" : formatWholeEuros(euros));

  if (!hydrated) {
    const fields = [
      { name: "minPrice", suffix: "min", label: "Mínimo (€)", value: min, placeholder: undefined },
      {
        name: "maxPrice",
        suffix: "max",
        label: "Máximo (€)",
        value: max,
        placeholder: "Sin Límite",
      },
    ];
    return (
      <div className="grid grid-cols-2 gap-2">
        {fields.map((field) => (
          <div key={field.name}>
            <Label htmlFor={`${id}-${field.suffix}`} className="text-xs">
              {field.label}
            </Label>
            <Input
              id={`${id}-${field.suffix}`}
              name={field.name}
              type="number"
              min={0}
              max={MAX}
              step={1}
              defaultValue={field.value}
              placeholder={field.placeholder}
            />
          </div>
        ))}
      </div>
    );
  }
  return (
    <>
      <p className="text-sm text-slate-700" aria-hidden="true">
        {text(range[0])} – {text(range[1])}
      </p>
      <Slider
        min={0}
        max={top}
        step={scale.step}
        value={range}
        onValueChange={setRange}
        thumbLabels={["Precio mínimo", "Precio máximo"]}
        valueText={text}
      />
      <input type="hidden" name="minPrice" value={min} />
      <input type="hidden" name="maxPrice" value={max} />
    </>
  );
}

/** The select's value for the current sort; the default ("" ) keeps URLs short. */
function sortValue(params: ListParams): string {
  switch (params.sort) {
    case "price_asc":
    case "price_desc":
    case "name_asc":
      return params.sort;
    case "newest":
      return params.q ? "created_at_desc" : "";
    default:
      return "";
  }
}
