import { Search } from "~/components/icons/search";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { cn } from "~/lib/utils";

/*
 * The pieces of the admin lists' filter bars (a GET form whose fields live in the URL): search
 * box, a select with 'Todos', one end of a date range and the submit/clear buttons.
 */

export const filterLabelClass = "mb-1 block text-sm font-medium text-slate-800";

/** A filter's label above its control. */
function FilterField(props: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={props.className}>
      <label htmlFor={props.id} className={filterLabelClass}>
        {props.label}
      </label>
      {props.children}
    </div>
  );
}

/** The search box, full width on small screens. */
export function SearchFilter(props: {
  id: string;
  name: string;
  value: string;
  placeholder: string;
}) {
  return (
    <FilterField id={props.id} label="Buscar" className="sm:col-span-2 lg:col-span-1">
      <Input
        id={props.id}
        type="search"
        name={props.name}
        defaultValue={props.value}
        maxLength={100}
        placeholder={props.placeholder}
      />
    </FilterField>
  );
}

/** A select whose first option, 'Todos' (or `allLabel`, e.g. 'Todas'), sets no filter. */
export function SelectFilter(props: {
  id: string;
  label: string;
  name: string;
  value?: string | null;
  options: readonly (readonly [value: string, label: string])[];
  allLabel?: string;
}) {
  return (
    <FilterField id={props.id} label={props.label}>
      <NativeSelect id={props.id} name={props.name} defaultValue={props.value ?? ""}>
        <option value="">{props.allLabel ?? "Todos"}</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </NativeSelect>
    </FilterField>
  );
}

/** One end of the date range (a Madrid day), kept in the URL like the other filters. */
export function DateFilter(props: {
  id: string;
  label: string;
  name: string;
  value?: string | null;
  required?: boolean;
  describedBy?: string;
}) {
  return (
    <FilterField id={props.id} label={props.label}>
      <Input
        id={props.id}
        type="date"
        name={props.name}
        defaultValue={props.value ?? ""}
        required={props.required}
        aria-describedby={props.describedBy}
      />
    </FilterField>
  );
}

/** The submit button and, when a filter is set, 'Limpiar' (the list without filters). */
export function FilterActions(props: {
  submitLabel: string;
  clearTo: string;
  filtered: boolean;
  className?: string;
}) {
  return (
    <div className={cn("flex gap-2", props.className)}>
      <button type="submit" className={buttonVariants({ variant: "outline" })}>
        <Search aria-hidden /> {props.submitLabel}
      </button>
      {props.filtered ? (
        <Link to={props.clearTo} className={buttonVariants({ variant: "ghost" })}>
          Limpiar
        </Link>
      ) : null}
    </div>
  );
}

/** The two ends of a date range, «Desde» and «Hasta» (ids `<idPrefix>-desde`, `-hasta`). */
export function DateRangeFilter(props: {
  idPrefix: string;
  names: { from: string; to: string };
  values: { from?: string | null; to?: string | null };
}) {
  return (
    <>
      <DateFilter
        id={`${props.idPrefix}-desde`}
        label="Desde"
        name={props.names.from}
        value={props.values.from}
      />
      <DateFilter
        id={`${props.idPrefix}-hasta`}
        label="Hasta"
        name={props.names.to}
        value={props.values.to}
      />
    </>
  );
}

/**
 * A filter bar's row of fields and, last, its buttons: two columns on a tablet (the search box
 * and the buttons take a whole row), one line from 1024 px up with the columns `gridClassName`
 * gives (`lg:grid-cols-[…]`).
 */
export function FilterFields(props: {
  gridClassName: string;
  submitLabel?: string;
  clearTo: string;
  filtered: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid gap-3 sm:grid-cols-2 lg:items-end", props.gridClassName)}>
      {props.children}
      <FilterActions
        submitLabel={props.submitLabel ?? "Buscar"}
        clearTo={props.clearTo}
        filtered={props.filtered}
        className="sm:col-span-2 lg:col-span-1"
      />
    </div>
  );
}
