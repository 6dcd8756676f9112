import { TextField, type FieldLike } from "~/components/forms/field";
import { ProvinceField } from "~/components/forms/province-field";
import type { BillingFieldName } from "../billing-schema";

/**
 * The accessible names tell these fields apart from the shipping address's on the checkout
 * (for screen readers and locators); the visible label is their beginning.
 */
const billingName = (label: string) => `${label} de facturación`;

/**
 * «Datos de facturación»: name or company, NIF/NIE/CIF and the fiscal address, bound to the
 * fields of `billingSchema` (checkout and the complete-invoice request alike).
 */
export function BillingFields({ fields }: { fields: Record<BillingFieldName, FieldLike<string>> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField
          label="Nombre y apellidos o razón social"
          field={fields.billingName}
          autoComplete="billing name"
        />
      </div>
      <div className="sm:col-span-2">
        <TextField
          label="NIF, NIE o CIF"
          field={fields.billingTaxId}
          hint="Con su letra o dígito final, por ejemplo 12345678Z o B12345674."
          autoComplete="off"
        />
      </div>
      <div className="sm:col-span-2">
        <TextField
          label="Dirección fiscal"
          field={fields.billingStreet}
          autoComplete="billing street-address"
          placeholder="Calle, número, piso"
        />
      </div>
      <TextField
        label="Código postal"
        aria-label={billingName("Código postal")}
        field={fields.billingPostalCode}
        autoComplete="billing postal-code"
      />
      <TextField
        label="Localidad"
        aria-label={billingName("Localidad")}
        field={fields.billingCity}
        autoComplete="billing address-level2"
      />
      <ProvinceField
        field={fields.billingProvince}
        autoComplete="billing address-level1"
        accessibleName={billingName("Provincia")}
      />
    </div>
  );
}
