import type { LastResult } from "~/components/forms/schema-form";
import { useSubmitting } from "~/components/forms/use-submitting";
import {
  getFormProps,
  getInputProps,
  useForm,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState, type ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { AdminInputField } from "~/components/admin/fields";
import { FieldErrors } from "~/components/forms/field";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { ImageField } from "~/modules/media/ui";
import { isUploadedLogo } from "~/lib/logo";
import {
  centsToEuroInput,
  generalSettingsFormSchema,
  legalSettingsFormSchema,
  maintenanceSettingsFormSchema,
  notificationSettingsFormSchema,
  shippingSettingsFormSchema,
  type SettingsIntent,
} from "../schemas";
import {
  isVatExemptZone,
  SHIPPING_ZONE_LABELS,
  SHIPPING_ZONES,
  type ShippingZone,
  type ZoneRate,
} from "../shipping";

/*
 * The forms of /admin/configuracion. Each posts on its own (its `intent`), is validated
 * with its schema in the browser and again by the action, and keeps what was typed when refused.
 * Without JavaScript they post normally and the page comes back with the errors.
 */

/** One of the page's forms; its `intent` (and so its id) is the one its schema takes. */
function useSettingsForm<
  Schema extends z.ZodObject<{ intent: z.ZodLiteral<SettingsIntent> }> &
    z.ZodType<Record<string, unknown>, Record<string, unknown>>,
>(schema: Schema, lastResult: LastResult, defaultValue: Record<string, unknown>) {
  const intent = schema.shape.intent.value;
  const busy = useSubmitting(intent);
  const [form, fields] = useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id: `configuracion-${intent}`,
    lastResult: busy ? null : lastResult,
    // The form's strings (what the inputs show), not the schema's parsed types.
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return { busy, form, fields, intent };
}

/** An on/off switch (a checkbox styled as one) with its label, its hint and its errors. */
function SwitchField({
  field,
  label,
  checkedClassName,
  children,
}: {
  field: FieldMetadata<boolean>;
  label: string;
  checkedClassName: string;
  children: ReactNode;
}) {
  const { key, ...checkbox } = getInputProps(field, { type: "checkbox", ariaAttributes: false });
  const hintId = `${field.id}-ayuda`;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          key={key}
          {...checkbox}
          role="switch"
          aria-describedby={hintId}
          className={cn(
            "peer mt-0.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors before:m-0.5 before:block before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
            checkedClassName,
          )}
        />
        <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      </div>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {children}
      </p>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A titled card holding one form. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-titulo`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * A settings form: its intent, the errors that are not a field's, the fields (`children`) and
 * the save button, which says "Guardando…" and is disabled while it posts (or while `busy`
 * says something else is still going on). `columns` lays the fields out in two on wide screens.
 */
function SettingsFormFrame<Schema extends Record<string, unknown>>({
  settings: { form, busy, intent },
  saveLabel,
  saveDisabled = false,
  columns = 1,
  children,
}: {
  settings: {
    form: FormMetadata<Schema, string[]>;
    busy: boolean;
    intent: SettingsIntent;
  };
  saveLabel: string;
  saveDisabled?: boolean;
  columns?: 1 | 2;
  children: ReactNode;
}) {
  const span = columns === 2 ? "md:col-span-2" : undefined;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className={cn("grid gap-4", columns === 2 && "md:grid-cols-2")}
    >
      <input type="hidden" name="intent" value={intent} />
      {span ? (
        <div className={span}>
          <FormErrors id={form.errorId} errors={form.errors} />
        </div>
      ) : (
        <FormErrors id={form.errorId} errors={form.errors} />
      )}
      {children}
      <div className={span}>
        <Button type="submit" disabled={busy || saveDisabled}>
          {busy ? "Guardando…" : saveLabel}
        </Button>
      </div>
    </Form>
  );
}

export interface GeneralValues {
  siteName: string;
  contactEmail: string | null;
  logoUrl: string | null;
}

export function GeneralSettingsForm({
  values,
  lastResult,
}: {
  values: GeneralValues;
  lastResult: LastResult;
}) {
  const uploaded = isUploadedLogo(values.logoUrl) ? values.logoUrl : null;
  const settings = useSettingsForm(generalSettingsFormSchema, lastResult, {
    siteName: values.siteName,
    contactEmail: values.contactEmail ?? "",
    logoKey: uploaded ?? undefined,
    logoUrl: uploaded ? "" : (values.logoUrl ?? ""),
  });
  const { form, fields } = settings;
  const [uploading, setUploading] = useState(false);
  // After a refused save, the logo shown is the one that was sent.
  const sentKey = fields.logoKey.initialValue;
  const logoKeys = typeof sentKey === "string" && sentKey ? [sentKey] : [];
  return (
    <SettingsFormFrame
      settings={settings}
      saveLabel="Guardar configuración general"
      saveDisabled={uploading}
    >
      <AdminInputField label="Nombre del sitio" field={fields.siteName} required />
      <AdminInputField
        label="Correo electrónico de contacto"
        field={fields.contactEmail}
        type="text"
        inputMode="text"
        autoComplete="email"
        hint="Recibe los avisos de la tienda (pedidos pagados, solicitudes de servicio) y las respuestas de los clientes a sus correos; se muestra al pie de esos correos y en la página de mantenimiento. Vacío: los avisos van a los administradores activos y las respuestas, a la dirección que envía los correos."
      />
      <ImageField
        key={form.key}
        name={fields.logoKey.name}
        label="Logo (imagen subida)"
        defaultKeys={logoKeys}
        max={1}
        onBusyChange={setUploading}
        errors={fields.logoKey.errors}
      />
      <AdminInputField
        label="O la dirección del logo"
        field={fields.logoUrl}
        type="text"
        inputMode="url"
        placeholder="https://…"
        hint="Una dirección https:// o una ruta de esta web (por ejemplo, /Logo.jpg). Sin imagen ni dirección se usa el logo por defecto."
      />
    </SettingsFormFrame>
  );
}

export function MaintenanceSettingsForm({
  enabled,
  lastResult,
}: {
  enabled: boolean;
  lastResult: LastResult;
}) {
  const settings = useSettingsForm(maintenanceSettingsFormSchema, lastResult, {
    enabled: enabled ? "on" : undefined,
  });
  return (
    <SettingsFormFrame settings={settings} saveLabel="Guardar modo mantenimiento">
      <p className="text-sm">
        Estado actual:{" "}
        <strong className={enabled ? "text-amber-800" : "text-emerald-800"}>
          {enabled ? "en mantenimiento" : "tienda abierta"}
        </strong>
      </p>
      <SwitchField
        field={settings.fields.enabled as FieldMetadata<boolean>}
        label="Modo mantenimiento"
        checkedClassName="checked:bg-amber-600"
      >
        Mientras esté activado, los visitantes y los clientes ven una página de mantenimiento (no
        pueden comprar ni pagar); los administradores siguen usando la tienda y el panel. Los pagos
        ya iniciados en Stripe se siguen confirmando.
      </SwitchField>
    </SettingsFormFrame>
  );
}

/** The shop's e-mail notices: one switch, with where the e-mails go. */
export function NotificationSettingsForm({
  newOrder,
  contactEmail,
  lastResult,
}: {
  newOrder: boolean;
  contactEmail: string | null;
  lastResult: LastResult;
}) {
  const settings = useSettingsForm(notificationSettingsFormSchema, lastResult, {
    newOrder: newOrder ? "on" : undefined,
  });
  return (
    <SettingsFormFrame settings={settings} saveLabel="Guardar avisos">
      <SwitchField
        field={settings.fields.newOrder as FieldMetadata<boolean>}
        label="Avisarme por correo de cada pedido pagado"
        checkedClassName="checked:bg-brand-700"
      >
        {contactEmail ? (
          <>
            Se envía a <strong className="break-all">{contactEmail}</strong>, el correo de contacto,
            con un enlace al pedido en el panel.
          </>
        ) : (
          <>
            Se envía a todos los administradores activos, con un enlace al pedido en el panel, hasta
            que indiques un correo de contacto en «General».
          </>
        )}
      </SwitchField>
    </SettingsFormFrame>
  );
}

export interface LegalValues {
  companyName: string;
  nif: string;
  address: string;
  registry: string;
  phone: string;
}

export function LegalSettingsForm({
  values,
  lastResult,
}: {
  values: LegalValues;
  lastResult: LastResult;
}) {
  const settings = useSettingsForm(legalSettingsFormSchema, lastResult, {
    ...values,
  });
  const { fields } = settings;
  return (
    <SettingsFormFrame settings={settings} saveLabel="Guardar datos legales" columns={2}>
      <AdminInputField
        label="Razón social o nombre del titular"
        field={fields.companyName}
        required
        autoComplete="organization"
      />
      <AdminInputField
        label="NIF/CIF"
        field={fields.nif}
        required
        hint="Por ejemplo, B12345674 (empresa) o 12345678Z (autónomo)."
      />
      <AdminInputField
        className="md:col-span-2"
        label="Domicilio"
        field={fields.address}
        required
        autoComplete="street-address"
        hint="Calle, número, código postal, ciudad y provincia."
      />
      <AdminInputField
        label="Teléfono"
        field={fields.phone}
        required
        type="tel"
        autoComplete="tel"
        hint="El de atención al cliente. Se muestra en el aviso legal, antes de pagar y en los correos (la ley exige dar un teléfono antes de la compra). Por ejemplo, 910 123 456 o +34 910 123 456."
      />
      <AdminInputField
        className="md:col-span-2"
        label="Datos registrales"
        field={fields.registry}
        hint="Por ejemplo, «Registro Mercantil de Madrid, tomo 1234, folio 56, hoja M-78901». Vacío si no está inscrita."
      />
    </SettingsFormFrame>
  );
}

export function ShippingSettingsForm({
  zones,
  lastResult,
}: {
  zones: Record<ShippingZone, ZoneRate>;
  lastResult: LastResult;
}) {
  const settings = useSettingsForm(shippingSettingsFormSchema, lastResult, {
    zones: Object.fromEntries(
      SHIPPING_ZONES.map((zone) => [
        zone,
        {
          enabled: zones[zone].enabled ? "on" : undefined,
          flatRate: centsToEuroInput(zones[zone].flatCents),
          freeFrom: centsToEuroInput(zones[zone].freeFromCents),
        },
      ]),
    ),
  });
  const zoneFields = settings.fields.zones.getFieldset();
  return (
    <SettingsFormFrame settings={settings} saveLabel="Guardar envíos">
      {SHIPPING_ZONES.map((zone) => {
        const fields = zoneFields[zone].getFieldset();
        const label = SHIPPING_ZONE_LABELS[zone];
        return (
          <fieldset key={zone} className="rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-base font-semibold text-slate-900">{label}</legend>
            <SwitchField
              field={fields.enabled as FieldMetadata<boolean>}
              label="Envíos activos"
              checkedClassName="checked:bg-brand-700"
            >
              {isVatExemptZone(zone)
                ? `Fuera del territorio del IVA: los pedidos a ${label} se cobran sin IVA. Desactívalo para no enviar allí.`
                : `Desactívalo para no aceptar pedidos con dirección en ${zone === "peninsula" ? "la Península" : label}.`}
            </SwitchField>
            <div className="mt-4 grid gap-4 md:grid-cols-2">
              <AdminInputField
                label={
                  isVatExemptZone(zone)
                    ? "Coste de envío por pedido (€, sin IVA)"
                    : "Coste de envío por pedido (€, IVA incluido)"
                }
                field={fields.flatRate}
                required
                inputMode="decimal"
                hint="Por ejemplo, 4,95. Pon 0 para que el envío sea siempre gratis."
              />
              <AdminInputField
                label="Envío gratis a partir de (€)"
                field={fields.freeFrom}
                inputMode="decimal"
                hint="Importe de los productos a partir del cual no se cobra el envío. Vacío: nunca gratis."
              />
            </div>
          </fieldset>
        );
      })}
    </SettingsFormFrame>
  );
}
