import { TextField, type FieldLike } from "~/components/forms/field";
import { PlaceFields } from "~/components/forms/province-field";
import type { BillingFieldName } from "../billing-schema";

/**
 * «Datos de facturación»: name or company, NIF/NIE/CIF and the fiscal address, bound to the
 * fields of `billingSchema` (checkout and the complete-invoice request alike).
 */
export function BillingFields({ fields }: { fields: Record<BillingFieldName, FieldLike<string>> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        wide
        label="Nombre y apellidos o razón social"
        field={fields.billingName}
        autoComplete="billing name"
      />
      <TextField
        wide
        label="NIF, NIE o CIF"
        field={fields.billingTaxId}
        hint="Con su letra o dígito final, por ejemplo 12345678Z o B12345674."
        autoComplete="off"
      />
      <TextField
        wide
        label="Dirección fiscal"
        field={fields.billingStreet}
        autoComplete="billing street-address"
        placeholder="Calle, número, piso"
      />
      <PlaceFields
        billing
        fields={{
          postalCode: fields.billingPostalCode,
          city: fields.billingCity,
          province: fields.billingProvince,
        }}
      />
    </div>
  );
}
