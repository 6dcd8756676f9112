import type { SubmissionResult } from "@conform-to/react";
import { MessageField, NameEmailFields, PublicForm } from "~/components/forms/contact-fields";
import { LightField, optionalMark, type Validate } from "~/components/forms/light-form";
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
  return (
    <PublicForm
      action={action}
      form={{ fields: FIELDS, prefix: "solicitud", loadValidator: loadServiceValidator }}
      lastResult={lastResult}
      busy={busy}
      sendLabel="Enviar solicitud"
      note="Usaremos estos datos solo para responder a tu solicitud."
    >
      {({ fields, valueOf }) => (
        <>
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
        </>
      )}
    </PublicForm>
  );
}
