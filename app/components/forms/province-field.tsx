import type { ComponentProps } from "react";
import { NativeSelect } from "~/components/ui/native-select";
import { PROVINCES } from "~/lib/provinces";
import { FieldErrors, inputPropsOf, TextField, type FieldLike } from "./field";

type SelectProps = ComponentProps<"select"> & { type?: string };

/** «Provincia»: a select of the Spanish provinces bound to a Conform field, with its errors. */
export function ProvinceField({
  field,
  autoComplete,
  accessibleName,
}: {
  field: FieldLike<string>;
  autoComplete: string;
  /** When the visible «Provincia» is not enough to tell two selects apart (billing vs shipping). */
  accessibleName?: string;
}) {
  // What Conform's `getSelectProps` gives: the input's attributes without the type.
  const { type: _type, ...select } = inputPropsOf(field, "text") as SelectProps;
  return (
    <div className="sm:col-span-2">
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-slate-800">
        Provincia
      </label>
      <NativeSelect
        {...select}
        aria-label={accessibleName}
        autoComplete={autoComplete}
        aria-describedby={field.errors?.length ? field.errorId : undefined}
      >
        <option value="">Elige una provincia</option>
        {PROVINCES.map((p) => (
          <option key={p.code} value={p.code}>
            {p.name}
          </option>
        ))}
      </NativeSelect>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * The place of an address in a two-column form: «Código postal», «Localidad» and «Provincia».
 * With `billing` they are the billing address's: so named for screen readers and locators
 * («Código postal de facturación»; the visible label is its beginning) and for browsers' autofill.
 */
export function PlaceFields({
  fields,
  billing = false,
}: {
  fields: { postalCode: FieldLike<string>; city: FieldLike<string>; province: FieldLike<string> };
  billing?: boolean;
}) {
  const section = billing ? "billing " : "";
  const name = (label: string) => (billing ? `${label} de facturación` : undefined);
  return (
    <>
      <TextField
        label="Código postal"
        aria-label={name("Código postal")}
        field={fields.postalCode}
        autoComplete={`${section}postal-code`}
      />
      <TextField
        label="Localidad"
        aria-label={name("Localidad")}
        field={fields.city}
        autoComplete={`${section}address-level2`}
      />
      <ProvinceField
        field={fields.province}
        autoComplete={`${section}address-level1`}
        accessibleName={name("Provincia")}
      />
    </>
  );
}
