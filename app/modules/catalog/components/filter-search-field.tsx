import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** The list filters' search box (shop and marketplace): a `q` of up to 200 characters. */
export function FilterSearchField({
  idPrefix,
  label,
  defaultValue,
}: {
  idPrefix: string;
  label: string;
  defaultValue: string | null | undefined;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${idPrefix}-q`}>{label}</Label>
      <Input
        id={`${idPrefix}-q`}
        name="q"
        type="search"
        defaultValue={defaultValue ?? ""}
        maxLength={200}
        placeholder="Nombre, marca…"
      />
    </div>
  );
}
