import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";

/** The list filters' conditions (shop 'Estado', marketplace 'Grado'): one checkbox each. */
export function ConditionCheckboxes({
  idPrefix,
  legend,
  options,
  checked,
}: {
  idPrefix: string;
  legend: string;
  options: readonly (readonly [value: string, label: string])[];
  checked: readonly string[];
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {options.map(([value, label]) => (
        <div key={value} className="flex items-center gap-2">
          <Checkbox
            id={`${idPrefix}-${value}`}
            name="condition"
            value={value}
            defaultChecked={checked.includes(value)}
          />
          <Label htmlFor={`${idPrefix}-${value}`} className="cursor-pointer font-normal">
            {label}
          </Label>
        </div>
      ))}
    </fieldset>
  );
}
