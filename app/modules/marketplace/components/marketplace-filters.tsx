import { ConditionCheckboxes, FilterSearchField } from "~/modules/catalog/ui";
import { useId } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { MARKETPLACE_CONDITION_LABELS } from "~/lib/constants";
import {
  MARKETPLACE_GRADES,
  MARKETPLACE_SORTS,
  type MarketplaceParams,
  type MarketplaceSort,
} from "../marketplace";

/**
 * Search box, category, grades and order: a GET form (works without JavaScript; the grades go
 * as repeated `condition` parameters).
 */
export function MarketplaceFilters({
  params,
  categories,
  action,
  defaultSort,
}: {
  params: MarketplaceParams;
  categories: { name: string; slug: string; itemCount: number }[];
  action: string;
  defaultSort: MarketplaceSort;
}) {
  const id = useId();
  return (
    <Form method="get" action={action} className="grid gap-5" aria-label="Filtros del Marketplace">
      <FilterSearchField idPrefix={id} label="Buscar en el Marketplace" defaultValue={params.q} />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-category`}>Categoría</Label>
        <NativeSelect id={`${id}-category`} name="category" defaultValue={params.category ?? ""}>
          <option value="">Todas</option>
          {categories.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name} ({category.itemCount})
            </option>
          ))}
        </NativeSelect>
      </div>
      <ConditionCheckboxes
        idPrefix={id}
        legend="Grado"
        options={MARKETPLACE_GRADES.map((grade) => [grade, MARKETPLACE_CONDITION_LABELS[grade]])}
        checked={params.grades}
      />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-sort`}>Ordenar por</Label>
        <NativeSelect
          id={`${id}-sort`}
          name="sortBy"
          defaultValue={params.sort === defaultSort ? "" : params.sort}
        >
          {(Object.keys(MARKETPLACE_SORTS) as MarketplaceSort[]).map((sort) => (
            <option key={sort} value={sort === defaultSort ? "" : sort}>
              {MARKETPLACE_SORTS[sort]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit">Aplicar filtros</Button>
    </Form>
  );
}
