import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormErrors, TextField } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  regenerateRecoveryCodesSchema,
  TWO_FACTOR_INTENTS,
} from "../two-factor-schemas";

type LastResult = SubmissionResult<string[]> | null | undefined;

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

type PasswordSchema =
  | typeof enableTwoFactorSchema
  | typeof regenerateRecoveryCodesSchema
  | typeof disableTwoFactorSchema;

/** A form of the security page that only asks for the password. */
function PasswordConfirmedForm({
  id,
  schema,
  lastResult,
  submit,
  busyLabel,
  destructive = false,
}: {
  id: string;
  schema: PasswordSchema;
  lastResult: LastResult;
  submit: string;
  busyLabel: string;
  destructive?: boolean;
}) {
  const intent = schema.shape.intent.value;
  const busy = useBusy(intent);
  const [form, fields] = useForm({
    id,
    lastResult: busy ? null : lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="grid max-w-md gap-4">
      <input type="hidden" name="intent" value={intent} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField
        label="Tu contraseña"
        field={fields.password}
        type="password"
        autoComplete="current-password"
      />
      <div>
        <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
          {busy ? busyLabel : submit}
        </Button>
      </div>
    </Form>
  );
}

export function EnableTwoFactorForm({ lastResult }: { lastResult: LastResult }) {
  return (
    <PasswordConfirmedForm
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
  const intent = TWO_FACTOR_INTENTS.confirm;
  const busy = useBusy(intent);
  const [form, fields] = useForm({
    id: "confirmar-2fa",
    lastResult: busy ? null : lastResult,
    constraint: getZodConstraint(confirmTwoFactorSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmTwoFactorSchema }),
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="grid max-w-md gap-4">
      <input type="hidden" name="intent" value={intent} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField
        label="Código de la aplicación"
        field={fields.code}
        autoComplete="one-time-code"
        hint="Las 6 cifras que muestra ahora la aplicación (cambian cada 30 segundos)."
      />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Comprobando..." : "Activar la verificación en dos pasos"}
        </Button>
      </div>
    </Form>
  );
}

export function RegenerateRecoveryCodesForm({ lastResult }: { lastResult: LastResult }) {
  return (
    <PasswordConfirmedForm
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
    <PasswordConfirmedForm
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
  const busy = useBusy(TWO_FACTOR_INTENTS.cancel);
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
