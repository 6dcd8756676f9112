import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  FilePenLine as filePenLineIcon,
  MailCheck as mailCheckIcon,
  Send as sendIcon,
} from "lucide";
import { Form, Link, useNavigation } from "react-router";
import { AdminInputField, AdminTextareaField } from "~/components/admin/fields";
import { Button } from "~/components/ui/button";
import { icon } from "~/components/ui/icons";
import { formatNumber } from "~/lib/numbers";
import { PROMOTION_INTENTS, PROMOTIONS_PATH, promotionSchema } from "../schemas";
import { quietLinkClass, type EditingDraft } from "./promotion-types";

export const FilePenLine = icon(filePenLineIcon);
export const MailCheck = icon(mailCheckIcon);
export const Send = icon(sendIcon);

/** The intent of the form of this page being submitted, if any (its buttons say «…ndo»). */
export function useBusyIntent() {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formAction?.startsWith(PROMOTIONS_PATH)
    ? navigation.formData?.get("intent")
    : null;
}

/** An alert whose text starts with one of the spec's titles ("Campos Vacíos: …"). */
export function TitledAlert({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {messages.map((message) => {
        const [title, ...rest] = message.split(": ");
        return rest.length ? (
          <p key={message}>
            <strong className="font-semibold">{title}</strong>: {rest.join(": ")}
          </p>
        ) : (
          <p key={message}>{message}</p>
        );
      })}
    </div>
  );
}

const BUTTONS = [
  {
    intent: PROMOTION_INTENTS.save,
    Icon: FilePenLine,
    label: "Guardar borrador",
    busy: "Guardando...",
    variant: "outline",
  },
  {
    intent: PROMOTION_INTENTS.test,
    Icon: MailCheck,
    label: "Enviarme una prueba",
    busy: "Enviando prueba...",
    variant: "outline",
  },
  { intent: PROMOTION_INTENTS.review, Icon: Send, label: "Enviar promoción…", busy: null },
] as const;

export function PromotionForm({
  editing,
  recipients,
  adminEmail,
  lastResult,
}: {
  editing: EditingDraft | null;
  recipients: number;
  adminEmail: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const busyIntent = useBusyIntent();
  const [form, fields] = useForm({
    id: `promocion-${editing?.id ?? "nueva"}`,
    lastResult: busyIntent ? null : lastResult,
    constraint: getZodConstraint(promotionSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: editing ? { title: editing.title, body: editing.body } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: promotionSchema }),
  });
  return (
    <Form method="post" action={PROMOTIONS_PATH} {...getFormProps(form)} className="space-y-4">
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      {/* The spec's "Campos Vacíos" (and the send errors) are form errors, above the fields. */}
      <TitledAlert id={form.errorId} messages={form.errors ?? []} />
      <AdminInputField label="Título" field={fields.title} required autoComplete="off" />
      <AdminTextareaField
        label="Cuerpo del mensaje"
        field={fields.body}
        required
        rows={8}
        hint="Texto sin formato. Deja una línea en blanco entre párrafos. Cada correo incluye un enlace para darse de baja."
      />
      <p className="text-sm text-slate-700">
        Se enviará a <strong>{formatNumber(recipients)}</strong> destinatario
        {recipients === 1 ? "" : "s"}: clientes que aceptaron recibir correos promocionales y
        suscriptores confirmados de la newsletter. Antes de enviarla podrás revisarla y enviarte una
        prueba a <strong className="break-all">{adminEmail}</strong>.
      </p>
      <div className="flex flex-wrap gap-2">
        {BUTTONS.map((button) => (
          <Button
            key={button.intent}
            type="submit"
            name="intent"
            value={button.intent}
            variant={"variant" in button ? button.variant : undefined}
            disabled={Boolean(busyIntent)}
          >
            <button.Icon aria-hidden />
            {button.busy && busyIntent === button.intent ? button.busy : button.label}
          </Button>
        ))}
        {editing ? (
          <Link to={PROMOTIONS_PATH} className={quietLinkClass}>
            Nueva promoción
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
