import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { AdminSelectField, NamedOptions } from "./fields";

/** A main category with its subcategories, for the category/subcategory selects of admin forms. */
export interface CategoryOption {
  id: number;
  name: string;
  subcategories: { id: number; name: string }[];
}

type Field<Schema> = FieldMetadata<Schema, Record<string, unknown>, string[]>;

function initialId(value: unknown): string {
  return typeof value === "string" && value !== "none" ? value : "";
}

/**
 * The category and subcategory pair of an admin form (spec §5): the subcategory select is
 * disabled until a category with subcategories is chosen, and is cleared whenever the category
 * changes. An empty choice is sent as "" (the schema makes it null).
 *
 * Without JavaScript both selects work and the subcategory list shows every category's
 * subcategories in groups; the server checks that the pair matches.
 */
export function CategoryFields<C, S>({
  categories,
  categoryField,
  subcategoryField,
}: {
  categories: CategoryOption[];
  categoryField: Field<C>;
  subcategoryField: Field<S>;
}) {
  const hydrated = useHydrated();
  const [categoryId, setCategoryId] = useState(() => initialId(categoryField.initialValue));
  const [subcategoryId, setSubcategoryId] = useState(() =>
    initialId(subcategoryField.initialValue),
  );
  const chosen = categories.find((category) => String(category.id) === categoryId);
  const subcategories = chosen?.subcategories ?? [];
  const disabled = hydrated && subcategories.length === 0;

  return (
    <>
      <AdminSelectField
        label="Categoría"
        field={categoryField}
        value={categoryId}
        onChange={(event) => {
          setCategoryId(event.currentTarget.value);
          setSubcategoryId("");
        }}
      >
        <NamedOptions items={categories} empty="Sin categoría" />
      </AdminSelectField>
      <AdminSelectField
        label="Subcategoría"
        field={subcategoryField}
        value={disabled ? "" : subcategoryId}
        onChange={(event) => setSubcategoryId(event.currentTarget.value)}
        disabled={disabled}
        hint={disabled ? "Elige antes una categoría que tenga subcategorías." : undefined}
      >
        <option value="">Ninguna</option>
        {hydrated ? (
          <NamedOptions items={subcategories} />
        ) : (
          categories
            .filter((category) => category.subcategories.length > 0)
            .map((category) => (
              <optgroup key={category.id} label={category.name}>
                <NamedOptions items={category.subcategories} />
              </optgroup>
            ))
        )}
      </AdminSelectField>
    </>
  );
}
