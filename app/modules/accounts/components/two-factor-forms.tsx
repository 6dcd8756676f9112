import { SchemaForm, type LastResult } from "~/components/forms/schema-form";
import { useIntentForm } from "~/components/forms/use-intent-form";
import { useSubmitting } from "~/components/forms/use-submitting";
import { Form } from "react-router";
import { TextField } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  regenerateRecoveryCodesSchema,
  TWO_FACTOR_INTENTS,
} from "../two-factor-schemas";

type OneFieldSchema =
  | typeof enableTwoFactorSchema
  | typeof confirmTwoFactorSchema
  | typeof regenerateRecoveryCodesSchema
  | typeof disableTwoFactorSchema;

/** The password that confirms a change of the security page. */
const PASSWORD_FIELD = {
  name: "password",
  label: "Tu contraseña",
  type: "password",
  autoComplete: "current-password",
} as const;

/** A form of the security page with one field to type: the password, or the app's code. */
function OneFieldForm({
  id,
  schema,
  field = PASSWORD_FIELD,
  lastResult,
  submit,
  busyLabel,
  destructive = false,
}: {
  id: string;
  schema: OneFieldSchema;
  field?: {
    name: "password" | "code";
    label: string;
    type?: "password";
    autoComplete: string;
    hint?: string;
  };
  lastResult: LastResult;
  submit: string;
  busyLabel: string;
  destructive?: boolean;
}) {
  const intent = schema.shape.intent.value;
  const { busy, form, fields } = useIntentForm(schema, {
    intent,
    untilLoaded: true,
    id,
    lastResult,
  });
  return (
    <SchemaForm form={form} intent={intent} className="grid max-w-md gap-4">
      <TextField
        label={field.label}
        field={fields[field.name]}
        type={field.type}
        autoComplete={field.autoComplete}
        hint={field.hint}
      />
      <div>
        <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
          {busy ? busyLabel : submit}
        </Button>
      </div>
    </SchemaForm>
  );
}

export function EnableTwoFactorForm({ lastResult }: { lastResult: LastResult }) {
  return (
    <OneFieldForm
      id="activar-2fa"
      schema={enableTwoFactorSchema}
      lastResult={lastResult}
      submit="Empezar la activación"
      busyLabel="Comprobando..."
    />
  );
}

/** Enrolment's step 2: the app's first code. */
export function ConfirmTwoFactorForm({ lastResult }: { lastResult: LastResult }) {
  return (
    <OneFieldForm
      id="confirmar-2fa"
      schema={confirmTwoFactorSchema}
      field={{
        name: "code",
        label: "Código de la aplicación",
        autoComplete: "one-time-code",
        hint: "Las 6 cifras que muestra ahora la aplicación (cambian cada 30 segundos).",
      }}
      lastResult={lastResult}
      submit="Activar la verificación en dos pasos"
      busyLabel="Comprobando..."
    />
  );
}

export function RegenerateRecoveryCodesForm({ lastResult }: { lastResult: LastResult }) {
  return (
    <OneFieldForm
      id="nuevos-codigos"
      schema={regenerateRecoveryCodesSchema}
      lastResult={lastResult}
      submit="Generar códigos nuevos"
      busyLabel="Generando..."
    />
  );
}

export function DisableTwoFactorForm({ lastResult }: { lastResult: LastResult }) {
  return (
    <OneFieldForm
      id="desactivar-2fa"
      schema={disableTwoFactorSchema}
      lastResult={lastResult}
      submit="Desactivar"
      busyLabel="Desactivando..."
      destructive
    />
  );
}

/** Leaves a started enrolment (nothing to type). */
export function CancelEnrolmentForm() {
  const busy = useSubmitting(TWO_FACTOR_INTENTS.cancel, { untilLoaded: true });
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={TWO_FACTOR_INTENTS.cancel} />
      <Button type="submit" variant="outline" disabled={busy}>
        Cancelar la activación
      </Button>
    </Form>
  );
}

/** The base32 secret in groups of four, easier to copy by hand. */
export function groupSecret(secret: string) {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

/** The recovery codes, shown once right after they were made. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <ul
      aria-label="Códigos de recuperación"
      className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-base text-slate-900 sm:max-w-md"
    >
      {codes.map((code) => (
        <li key={code} className="tracking-wide">
          {code}
        </li>
      ))}
    </ul>
  );
}
