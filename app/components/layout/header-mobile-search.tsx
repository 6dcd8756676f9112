import { Search as searchIcon } from "lucide";
import { icon } from "~/components/ui/icons";
import { useId, useState, type FormEvent } from "react";
import { Form, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import type { IslandProps } from "~/components/ui/lazy-island";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { FilterPopover } from "./header-filters";
import {
  buildSearchHref,
  filtersButton,
  MobileSearchFields,
  useSearchState,
  type SearchOptions,
} from "./header-search";

const Search = icon(searchIcon);

/** The mobile search (spec §2): a popover with the search box and the advanced filters. An island. */
export function MobileSearch({
  options,
  open,
  onOpenChange,
  trigger,
}: { options: SearchOptions } & IslandProps) {
  const formId = useId();
  const inputId = useId();
  const navigate = useNavigate();
  const { filters, update, clear } = useSearchState();
  const [filtersOpen, setFiltersOpen] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!filters.q.trim()) {
      document.getElementById(inputId)?.focus();
      return;
    }
    setFiltersOpen(false);
    onOpenChange(false);
    void navigate(buildSearchHref(filters));
  }

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent
        align="end"
        aria-label="Buscar productos"
        className="w-[calc(100vw-1rem)] max-w-sm"
      >
        <Form
          id={formId}
          method="get"
          action="/productos"
          role="search"
          onSubmit={onSubmit}
          className="grid gap-3"
        >
          <MobileSearchFields inputId={inputId} filters={filters} update={update} autoFocus />
          <div className="flex items-center justify-between gap-2">
            <FilterPopover
              formId={formId}
              filters={filters}
              update={update}
              clear={clear}
              options={options}
              open={filtersOpen}
              onOpenChange={setFiltersOpen}
              trigger={filtersButton(filters)}
            />
            <Button type="submit">
              <Search aria-hidden="true" />
              Buscar
            </Button>
          </div>
        </Form>
      </PopoverContent>
    </Popover>
  );
}
