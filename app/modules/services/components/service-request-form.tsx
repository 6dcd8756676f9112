import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { MessageField, NameEmailFields, SendButton } from "~/components/forms/contact-fields";
import {
  LightField,
  optionalMark,
  useLightForm,
  type Validate,
} from "~/components/forms/light-form";
import { LIMITS } from "~/lib/constants";
import { addDays } from "~/lib/dates";

/** 'Solicitar este servicio': a light form (light-form.tsx) checked by request-schemas.ts (ADR 0013). */

const FIELDS = ["name", "email", "phone", "preferredDate", "message"] as const;

const loadServiceValidator = (): Promise<Validate> =>
  import("../request-validation").then((module) => module.validateServiceRequest);

/** `today` is the shop's date (Europe/Madrid), the earliest preferred date. */
export function ServiceRequestForm({
  action,
  lastResult,
  busy,
  today,
}: {
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
  today: string;
}) {
  const { formProps, formErrors, valueOf, fields } = useLightForm({
    fields: FIELDS,
    prefix: "solicitud",
    loadValidator: loadServiceValidator,
    lastResult,
  });
  return (
    <Form method="post" action={action} preventScrollReset {...formProps} className="space-y-4">
      {formErrors}
      <NameEmailFields form={fields} valueOf={valueOf} />
      <LightField form={fields} name="phone" label={<>Teléfono{optionalMark}</>}>
        {(props) => (
          <input
            {...props}
            type="tel"
            autoComplete="tel"
            placeholder="612 345 678"
            defaultValue={valueOf("phone")}
          />
        )}
      </LightField>
      <LightField form={fields} name="preferredDate" label={<>Fecha preferida{optionalMark}</>}>
        {(props) => (
          <input
            {...props}
            type="date"
            min={today}
            max={addDays(today, LIMITS.serviceRequestMaxDaysAhead)}
            defaultValue={valueOf("preferredDate")}
          />
        )}
      </LightField>
      <MessageField
        form={fields}
        valueOf={valueOf}
        rows={5}
        placeholder="Cuéntanos qué necesitas, dónde y cualquier detalle que nos ayude a preparar el presupuesto."
      />
      <p className="text-sm text-slate-600">
        Usaremos estos datos solo para responder a tu solicitud.
      </p>
      <SendButton busy={busy} label="Enviar solicitud" />
    </Form>
  );
}
