import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Send } from "lucide-react";
import { Form } from "react-router";
import {
  FieldErrors,
  FormErrors,
  inputClass,
  primaryButtonClass,
  TextField,
} from "~/components/forms/field";
import { LIMITS } from "~/lib/constants";
import { cn } from "~/lib/utils";
import { addDays, serviceRequestSchema } from "../request-schemas";

const labelClass = "mb-1 block text-sm font-medium text-slate-800";
const optional = <span className="font-normal text-slate-600"> (opcional)</span>;

function describedBy(field: FieldMetadata<string>, hintId?: string) {
  return cn(field.errors?.length ? field.errorId : undefined, hintId) || undefined;
}

/**
 * 'Solicitar este servicio': posts to the service page's action (works without JavaScript);
 * with JavaScript, Conform checks each field with the same schema as the server.
 * `today` is the shop's date (Europe/Madrid), the earliest preferred date.
 */
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
  const [form, fields] = useForm({
    id: "solicitud-servicio",
    lastResult: busy ? null : lastResult,
    constraint: getZodConstraint(serviceRequestSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: serviceRequestSchema }),
  });
  const date = getInputProps(fields.preferredDate, { type: "date" });
  const message = getTextareaProps(fields.message);

  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      {...getFormProps(form)}
      className="space-y-4"
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label="Nombre" field={fields.name} autoComplete="name" />
      <TextField
        label="Correo electrónico"
        field={fields.email}
        type="email"
        autoComplete="email"
      />
      <TextField
        label={<>Teléfono{optional}</>}
        field={fields.phone}
        type="tel"
        autoComplete="tel"
        placeholder="612 345 678"
      />
      <div>
        <label htmlFor={fields.preferredDate.id} className={labelClass}>
          Fecha preferida{optional}
        </label>
        <input
          {...date}
          key={date.key}
          min={today}
          max={addDays(today, LIMITS.serviceRequestMaxDaysAhead)}
          aria-describedby={describedBy(fields.preferredDate)}
          className={inputClass}
        />
        <FieldErrors id={fields.preferredDate.errorId} errors={fields.preferredDate.errors} />
      </div>
      <div>
        <label htmlFor={fields.message.id} className={labelClass}>
          Mensaje
        </label>
        <textarea
          {...message}
          key={message.key}
          rows={5}
          placeholder="Cuéntanos qué necesitas, dónde y cualquier detalle que nos ayude a preparar el presupuesto."
          aria-describedby={describedBy(fields.message)}
          className={inputClass}
        />
        <FieldErrors id={fields.message.errorId} errors={fields.message.errors} />
      </div>
      <p className="text-sm text-slate-600">
        Usaremos estos datos solo para responder a tu solicitud.
      </p>
      <button type="submit" className={cn(primaryButtonClass, "sm:w-auto")} disabled={busy}>
        <Send aria-hidden="true" className="mr-2 size-4" />
        {busy ? "Enviando..." : "Enviar solicitud"}
      </button>
    </Form>
  );
}
