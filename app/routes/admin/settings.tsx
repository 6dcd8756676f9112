import { parseWithZod } from "@conform-to/zod/v4";
import { CreditCard as creditCardIcon, FolderTree as folderTreeIcon } from "lucide";
import { icon } from "~/components/ui/icons";
import { useEffect } from "react";
import { data, Link } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/settings";
import { AdminPageHeader } from "~/components/admin/page-header";
import { buttonVariants } from "~/components/ui/button";
import { showToast } from "~/components/ui/toaster";
import { userContext } from "~/lib/context";
import { getEnv } from "~/lib/env.server";
import { readFormData } from "~/lib/forms.server";
import { formatCents } from "~/lib/money";
import { pageTitle } from "~/lib/page-title";
import type { ToastInput } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import {
  paymentStatus,
  saveGeneralSettings,
  saveLegalSettings,
  saveMaintenanceSettings,
  saveNotificationSettings,
  saveShippingSettings,
} from "~/modules/settings/admin-settings.server";
import {
  GeneralSettingsForm,
  LegalSettingsForm,
  MaintenanceSettingsForm,
  NotificationSettingsForm,
  SettingsSection,
  ShippingSettingsForm,
} from "~/modules/settings/components/settings-forms";
import {
  generalSettingsFormSchema,
  legalSettingsFormSchema,
  maintenanceSettingsFormSchema,
  notificationSettingsFormSchema,
  SETTINGS_INTENTS,
  SETTINGS_MESSAGES,
  SETTINGS_PATH,
  SETTINGS_SUCCESS,
  shippingSettingsFormSchema,
  type PaymentStatus,
  type SettingsIntent,
} from "~/modules/settings/schemas";
import { getShippingSettings } from "~/modules/settings/shipping.server";
import { getSiteSettings } from "~/modules/settings/site-settings.server";

const CreditCard = icon(creditCardIcon);
const FolderTree = icon(folderTreeIcon);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Configuración · Administración") },
];

export async function loader() {
  const [settings, shipping] = await Promise.all([getSiteSettings(), getShippingSettings()]);
  return {
    general: settings.general,
    legal: settings.legal,
    maintenance: settings.maintenance,
    notifications: settings.notifications,
    shipping,
    payments: paymentStatus(getEnv()),
  };
}

function refused(intent: string, result: unknown, description?: string) {
  const toast: ToastInput = {
    title: SETTINGS_MESSAGES.saveFailed,
    description,
    variant: "destructive",
  };
  return data({ intent, result, toast }, { status: 400 });
}

/** Parses one form with its schema; the refusal (errors on the form + toast) or the value. */
function parse<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? undefined;
    return { ok: false as const, submission, first };
  }
  return { ok: true as const, submission, value: submission.value as z.output<Schema> };
}

const success = (description: string) =>
  redirectWithToast(SETTINGS_PATH, { title: SETTINGS_SUCCESS.title, description });

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext)!;
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  switch (intent) {
    case SETTINGS_INTENTS.general: {
      const parsed = parse(formData, generalSettingsFormSchema);
      if (!parsed.ok) return refused(intent, parsed.submission.reply(), parsed.first);
      const saved = await saveGeneralSettings(actor, parsed.value);
      if (!saved.ok) {
        return refused(
          intent,
          parsed.submission.reply({ fieldErrors: { [saved.field]: [saved.message] } }),
          saved.message,
        );
      }
      return success(SETTINGS_SUCCESS.general);
    }
    case SETTINGS_INTENTS.maintenance: {
      const parsed = parse(formData, maintenanceSettingsFormSchema);
      if (!parsed.ok) return refused(intent, parsed.submission.reply(), parsed.first);
      await saveMaintenanceSettings(actor, parsed.value);
      return success(
        parsed.value.enabled ? SETTINGS_SUCCESS.maintenanceOn : SETTINGS_SUCCESS.maintenanceOff,
      );
    }
    case SETTINGS_INTENTS.notifications: {
      const parsed = parse(formData, notificationSettingsFormSchema);
      if (!parsed.ok) return refused(intent, parsed.submission.reply(), parsed.first);
      await saveNotificationSettings(actor, parsed.value);
      return success(
        parsed.value.newOrder ? SETTINGS_SUCCESS.newOrderOn : SETTINGS_SUCCESS.newOrderOff,
      );
    }
    case SETTINGS_INTENTS.legal: {
      const parsed = parse(formData, legalSettingsFormSchema);
      if (!parsed.ok) return refused(intent, parsed.submission.reply(), parsed.first);
      await saveLegalSettings(actor, parsed.value);
      return success(SETTINGS_SUCCESS.legal);
    }
    case SETTINGS_INTENTS.shipping: {
      const parsed = parse(formData, shippingSettingsFormSchema);
      if (!parsed.ok) return refused(intent, parsed.submission.reply(), parsed.first);
      await saveShippingSettings(actor, parsed.value);
      return success(SETTINGS_SUCCESS.shipping);
    }
    default:
      return refused(intent, null, SETTINGS_MESSAGES.invalidRequest);
  }
}

function PaymentsSummary({ payments }: { payments: PaymentStatus }) {
  if (payments.provider === "test") {
    return (
      <div className="grid gap-2 text-sm text-slate-700">
        <p>
          <strong className="text-slate-900">Pago de prueba integrado activo.</strong> Stripe no
          está configurado (falta <code>STRIPE_SECRET_KEY</code>): al pagar, el cliente llega a una
          página de pago de prueba claramente señalada y no se cobra nada.
        </p>
        <p>
          Para cobrar de verdad, configura <code>STRIPE_SECRET_KEY</code> y{" "}
          <code>STRIPE_WEBHOOK_SECRET</code> en el servidor y reinícialo.
        </p>
      </div>
    );
  }
  const mode =
    payments.mode === "live"
      ? "modo real (cobros reales)"
      : payments.mode === "test"
        ? "modo de pruebas de Stripe"
        : "modo desconocido (la clave no empieza por sk_live_ ni sk_test_)";
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
      <dt className="font-medium text-slate-900">Proveedor</dt>
      <dd className="text-slate-700">Stripe Checkout</dd>
      <dt className="font-medium text-slate-900">Modo</dt>
      <dd className="text-slate-700">{mode}</dd>
      <dt className="font-medium text-slate-900">Secreto del webhook</dt>
      <dd className="text-slate-700">
        {payments.webhookSecretSet ? "configurado" : "sin configurar: los pagos no se confirmarán"}
      </dd>
    </dl>
  );
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { general, legal, maintenance, notifications, shipping, payments } = loaderData;
  const resultFor = (intent: SettingsIntent) =>
    actionData?.intent === intent
      ? (actionData.result as Parameters<typeof GeneralSettingsForm>[0]["lastResult"])
      : undefined;

  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData]);

  return (
    <div className="grid max-w-4xl gap-6">
      <AdminPageHeader
        title="Configuración"
        description="Los datos de la tienda: se aplican en cuanto los guardas."
      />
      <SettingsSection id="general" title="General">
        <GeneralSettingsForm values={general} lastResult={resultFor(SETTINGS_INTENTS.general)} />
      </SettingsSection>
      <SettingsSection id="mantenimiento" title="Mantenimiento">
        <MaintenanceSettingsForm
          enabled={maintenance.enabled}
          lastResult={resultFor(SETTINGS_INTENTS.maintenance)}
        />
      </SettingsSection>
      <SettingsSection
        id="avisos"
        title="Avisos por correo"
        description="Los correos que la tienda te envía a ti."
      >
        <NotificationSettingsForm
          newOrder={notifications.newOrder}
          contactEmail={general.contactEmail}
          lastResult={resultFor(SETTINGS_INTENTS.notifications)}
        />
      </SettingsSection>
      <SettingsSection
        id="datos-legales"
        title="Datos legales de la empresa"
        description={
          <>
            Se muestran en el{" "}
            <Link to="/aviso-legal" className="font-medium text-brand-700 underline">
              aviso legal
            </Link>{" "}
            (LSSI, art. 10).
          </>
        }
      >
        <LegalSettingsForm values={legal} lastResult={resultFor(SETTINGS_INTENTS.legal)} />
      </SettingsSection>
      <SettingsSection
        id="envios"
        title="Envíos"
        description={
          <>
            Ahora: {formatCents(shipping.flatCents)} por pedido,{" "}
            {shipping.freeFromCents === null
              ? "nunca gratis."
              : `gratis desde ${formatCents(shipping.freeFromCents)}.`}{" "}
            Se aplica en el carrito y al finalizar la compra.
          </>
        }
      >
        <ShippingSettingsForm
          flatCents={shipping.flatCents}
          freeFromCents={shipping.freeFromCents}
          lastResult={resultFor(SETTINGS_INTENTS.shipping)}
        />
      </SettingsSection>
      <SettingsSection
        id="pagos"
        title="Pagos"
        description="Se configuran en el servidor (variables de entorno); aquí solo se consulta su estado."
      >
        <div className="flex items-start gap-3">
          <CreditCard aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
          <PaymentsSummary payments={payments} />
        </div>
      </SettingsSection>
      <SettingsSection
        id="categorias"
        title="Categorías"
        description="Las categorías y subcategorías del catálogo tienen su propia página."
      >
        <Link to="/admin/categorias" className={buttonVariants({ variant: "outline" })}>
          <FolderTree aria-hidden="true" />
          Gestionar categorías
        </Link>
      </SettingsSection>
    </div>
  );
}
