import { CheckboxField, type FieldLike } from "~/components/forms/field";
import { LIMITS } from "~/lib/constants";
import { formatCents } from "~/lib/money";
import type { BillingFieldName } from "~/modules/invoicing";
import { BillingFields } from "~/modules/invoicing/ui";

/**
 * The checkout's «Necesito factura completa (con NIF)» box: ticked to begin with and required
 * above the simplified invoice's limit (RD 1619/2012 art. 4.2). The billing fields are always in
 * the page (no JavaScript needed) and shown once the box is ticked.
 */
export function InvoiceRequestBox({
  fields,
  required,
}: {
  fields: Record<BillingFieldName, FieldLike<string>> & {
    wantsInvoice: FieldLike<boolean | undefined>;
  };
  required: boolean;
}) {
  return (
    <div className="group rounded-lg border border-slate-200 bg-slate-50 p-4 sm:col-span-2">
      <CheckboxField field={fields.wantsInvoice}>
        <span className="font-medium">Necesito factura completa (con NIF)</span>
      </CheckboxField>
      <p className="mt-1 ml-6 text-sm text-slate-600">
        {required
          ? `Tu pedido supera ${formatCents(LIMITS.simplifiedInvoiceMaxCents)} (IVA incluido): la ley exige una factura completa con tus datos fiscales.`
          : "Para empresas y autónomos, o si quieres la factura a tu nombre. Si no, recibirás una factura simplificada."}
      </p>
      <fieldset className="mt-4 hidden group-has-[input:checked]:block">
        <legend className="mb-3 text-base font-semibold text-slate-900">
          Datos de facturación
        </legend>
        <BillingFields fields={fields} />
      </fieldset>
    </div>
  );
}
