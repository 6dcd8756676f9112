import { useId } from "react";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import type { IslandProps } from "~/components/ui/lazy-island";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { Slider } from "~/components/ui/slider";
import { LIMITS, SORT_OPTIONS } from "~/lib/constants";
import { formatWholeEuros } from "~/lib/money";
import { priceScale } from "~/lib/price-scale";
import {
  CONDITION_OPTIONS,
  type SearchOptions,
  type SearchFilters,
  type UpdateFilters,
} from "./header-search";

/*
 * The header's advanced search (spec §2): a popover with price range, category, condition,
 * order and "only offers". An island: its code (Radix Popover and Slider) loads on demand.
 */

const SORT_LABELS: Record<(typeof SORT_OPTIONS)[number], string> = {
  "created_at-desc": "Más recientes",
  "price-asc": "Precio: menor a mayor",
  "price-desc": "Precio: mayor a menor",
  "name-asc": "Nombre: A-Z",
};

const ALL = { value: "", label: "Todas" };

/** One of the popover's selects, bound to the header's search form. */
function FilterSelect({
  id,
  formId,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  formId: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        form={formId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

export interface FilterPopoverProps {
  formId: string;
  filters: SearchFilters;
  update: UpdateFilters;
  clear: () => void;
  options: SearchOptions;
}

export function FilterPopover({
  formId,
  filters,
  update,
  clear,
  options,
  open,
  onOpenChange,
  trigger,
}: FilterPopoverProps & IslandProps) {
  const id = useId();
  const limited = filters.maxPrice < LIMITS.maxPriceFilterEuros;
  // The scale follows the catalogue's prices (as the list pages' filter does) and stretches to
  // keep a bound already in the URL on it; at its top the slider means 'Sin Límite'.
  const scale = priceScale(
    options.priceMaxCents,
    limited ? [filters.minPrice, filters.maxPrice] : [filters.minPrice],
  );
  const top = scale.max;
  const text = (euros: number) => (euros >= top ? "Sin Límite" : formatWholeEuros(euros));
  const selects: {
    name: "category" | "condition" | "sortBy";
    idSuffix: string;
    label: string;
    options: readonly { value: string; label: string }[];
  }[] = [
    {
      name: "category",
      idSuffix: "category",
      label: "Categoría",
      options: [
        ALL,
        ...options.categories.map((category) => ({ value: category.slug, label: category.name })),
      ],
    },
    {
      name: "condition",
      idSuffix: "condition",
      label: "Estado",
      options: [ALL, ...CONDITION_OPTIONS],
    },
    {
      name: "sortBy",
      idSuffix: "sort",
      label: "Ordenar por",
      options: SORT_OPTIONS.map((option) => ({ value: option, label: SORT_LABELS[option] })),
    },
  ];
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent align="end" className="w-[22rem]" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Búsqueda avanzada
        </h2>
        <div className="mt-4 grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="flex w-full items-baseline justify-between gap-2 text-sm font-medium text-slate-800">
              <span>Precio</span>
            </legend>
            <p className="text-sm text-slate-700" aria-hidden="true">
              {text(Math.min(filters.minPrice, top))} – {text(Math.min(filters.maxPrice, top))}
            </p>
            <Slider
              min={0}
              max={top}
              step={scale.step}
              value={[Math.min(filters.minPrice, top), Math.min(filters.maxPrice, top)]}
              onValueChange={([minPrice = 0, maxPrice = top]) =>
                update({
                  minPrice,
                  maxPrice: maxPrice >= top ? LIMITS.maxPriceFilterEuros : maxPrice,
                })
              }
              thumbLabels={["Precio mínimo", "Precio máximo"]}
              valueText={text}
            />
          </fieldset>
          {selects.map((select) => (
            <FilterSelect
              key={select.name}
              id={`${id}-${select.idSuffix}`}
              formId={formId}
              label={select.label}
              value={filters[select.name]}
              onChange={(value) => update({ [select.name]: value })}
              options={select.options}
            />
          ))}
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-on-sale`}
              form={formId}
              checked={filters.onSale}
              onChange={(event) => update({ onSale: event.target.checked })}
            />
            <Label htmlFor={`${id}-on-sale`} className="cursor-pointer">
              Solo ofertas
            </Label>
          </div>
          <div className="flex gap-2 pt-1">
            <Button type="button" variant="outline" className="flex-1" onClick={clear}>
              Limpiar
            </Button>
            {/* The popover is portalled out of the form; `form` ties the button back to it. */}
            <Button type="submit" form={formId} className="flex-1">
              Aplicar
            </Button>
          </div>
        </div>
      </PopoverContent>
    </Popover>
  );
}
