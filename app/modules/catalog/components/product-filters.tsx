import { ConditionCheckboxes } from "~/modules/catalog/components/condition-checkboxes";
import { useId, useState, type FormEvent } from "react";
import { Form, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Slider } from "~/components/ui/slider";
import { useHydrated } from "~/components/ui/use-hydrated";
import { LIMITS, PRODUCT_CONDITION_LABELS } from "~/lib/constants";
import { priceFilterText } from "~/lib/money";
import type { ListParams } from "../list-params";

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
      <div className="grid gap-2">
        <Label htmlFor={`${id}-q`}>Buscar</Label>
        <Input
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={params.q ?? ""}
          maxLength={200}
          placeholder="Nombre, marca…"
        />
      </div>

      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-slate-800">Precio</legend>
        <PriceRange id={id} params={params} />
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
 * The price filter: a slider once hydrated, two number inputs before (in whole euros: the
 * slider's 1,000 € step is the spec's for dragging; a typed 50 € must not be refused by the
 * browser). Its own component, so that the swap after hydration re-renders only this part of
 * the form. Either way the form carries `minPrice` and `maxPrice` ("" for no limit).
 */
function PriceRange({ id, params }: { id: string; params: ListParams }) {
  const hydrated = useHydrated();
  const [range, setRange] = useState<[number, number]>([
    (params.minPriceCents ?? 0) / 100,
    params.maxPriceCents === undefined ? MAX : params.maxPriceCents / 100,
  ]);
  const min = range[0] || "";
  const max = range[1] < MAX ? range[1] : "";

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
        {priceFilterText(range[0])} – {priceFilterText(range[1])}
      </p>
      <Slider
        min={0}
        max={MAX}
        step={LIMITS.priceSliderStepEuros}
        value={range}
        onValueChange={setRange}
        thumbLabels={["Precio mínimo", "Precio máximo"]}
        valueText={priceFilterText}
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
