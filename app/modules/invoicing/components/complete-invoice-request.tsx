import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/form-parts";
import { useLightForm } from "~/components/forms/lazy-validation";
import { useSubmittingTo } from "~/components/forms/use-submitting";
import { formatShortDate } from "~/lib/dates";
import { BillingFields } from "./billing-fields";

/** zod and the schema load after hydration (ADR 0007). */
const loadBillingSchema = () => import("../billing-schema").then((m) => m.billingSchema);

/**
 * «Solicitar factura completa» on the customer's order page: the billing data (the same schema as
 * the checkout's) for a complete invoice that replaces the simplified one (RD 1619/2012 art. 15.6).
 */
export function CompleteInvoiceRequest({
  action,
  simplifiedNumber,
  deadline,
  constraint,
  defaults,
  lastResult,
}: {
  /** The order page's address: the form posts to it. */
  action: string;
  simplifiedNumber: string;
  /** YYYY-MM-DD. */
  deadline: string;
  constraint: Parameters<typeof useLightForm>[0]["constraint"];
  defaults: Record<string, string>;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const busy = useSubmittingTo(action);
  const [form, fields] = useLightForm({
    lastResult: busy ? null : lastResult,
    constraint,
    defaultValue: defaults,
    loadSchema: loadBillingSchema,
  });
  return (
    <>
      <p className="mt-1 text-sm text-slate-700">
        Este pedido tiene la factura simplificada <strong>{simplifiedNumber}</strong>. Si necesitas
        una factura completa a tu nombre o al de tu empresa, con NIF, pídela aquí hasta el{" "}
        <time dateTime={deadline}>{formatShortDate(new Date(`${deadline}T12:00:00Z`))}</time>. La
        factura completa sustituye a la simplificada; no se vuelve a cobrar nada.
      </p>
      <Form method="post" action={action} {...form.props} className="mt-4 space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <BillingFields fields={fields} />
        <div className="sm:max-w-xs">
          <SubmitButton busy={busy} busyLabel="Solicitando...">
            Solicitar factura completa
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}
