import { Search } from "~/components/icons/search";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { IslandProps } from "~/components/ui/lazy-island";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { FilterPopover } from "./header-filters";
import {
  filtersButton,
  MobileSearchFields,
  useSearchForm,
  type SearchOptions,
} from "./header-search";

/** The mobile search (spec §2): a popover with the search box and the advanced filters. An island. */
export function MobileSearch({
  options,
  open,
  onOpenChange,
  trigger,
}: { options: SearchOptions } & IslandProps) {
  const { form, inputId, filters, update, filterPopover } = useSearchForm(options, {
    requireQuery: true,
    onDone: () => onOpenChange(false),
  });

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent
        align="end"
        aria-label="Buscar productos"
        className="w-[calc(100vw-1rem)] max-w-sm"
      >
        <Form {...form} className="grid gap-3">
          <MobileSearchFields inputId={inputId} filters={filters} update={update} autoFocus />
          <div className="flex items-center justify-between gap-2">
            <FilterPopover {...filterPopover} trigger={filtersButton(filters)} />
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
