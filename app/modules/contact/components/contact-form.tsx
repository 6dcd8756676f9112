import type { SubmissionResult } from "@conform-to/react";
import { MessageField, NameEmailFields, PublicForm } from "~/components/forms/contact-fields";
import { LightField, optionalMark, type Validate } from "~/components/forms/light-form";
import { LIMITS } from "~/lib/constants";
import { CONTACT_FIELDS, CONTACT_PATH } from "../contact-constants";

/** The contact form of /contacto: a light form (light-form.tsx) checked by schemas.ts. */

const loadContactValidator = (): Promise<Validate> =>
  import("../validation").then((module) => module.validateContact);

export function ContactForm({
  lastResult,
  busy,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  return (
    <PublicForm
      action={CONTACT_PATH}
      form={{ fields: CONTACT_FIELDS, prefix: "contacto", loadValidator: loadContactValidator }}
      lastResult={lastResult}
      busy={busy}
      sendLabel="Enviar mensaje"
      note={
        <>
          Usaremos estos datos solo para responder a tu mensaje. Más información en la{" "}
          <a
            href="/politica-de-privacidad"
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            política de privacidad
          </a>
          .
        </>
      }
    >
      {({ fields, valueOf }) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <NameEmailFields form={fields} valueOf={valueOf} />
            <LightField form={fields} name="subject" label={<>Asunto{optionalMark}</>}>
              {(props) => (
                <input
                  {...props}
                  type="text"
                  maxLength={LIMITS.contactSubjectMaxLength}
                  placeholder="Devolución, garantía, afiliados…"
                  defaultValue={valueOf("subject")}
                />
              )}
            </LightField>
            <LightField
              form={fields}
              name="orderNumber"
              label={<>Número de pedido{optionalMark}</>}
              hint="Si tu consulta trata de un pedido."
            >
              {(props) => (
                <input
                  {...props}
                  type="text"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={LIMITS.maxOrderNumberLength}
                  placeholder="P-2026-7K3M9Q"
                  defaultValue={valueOf("orderNumber")}
                />
              )}
            </LightField>
          </div>
          <MessageField form={fields} valueOf={valueOf} rows={6} />
        </>
      )}
    </PublicForm>
  );
}
