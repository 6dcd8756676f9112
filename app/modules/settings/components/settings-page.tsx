import type { LastResult } from "~/components/forms/schema-form";
import { CreditCard } from "~/components/icons/credit-card";
import { FolderTree } from "~/components/icons/folder-tree";
import { Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { buttonVariants } from "~/components/ui/button";
import type { ShippingZone, ZoneRate } from "../shipping";
import { SETTINGS_INTENTS, type PaymentStatus, type SettingsIntent } from "../schemas";
import {
  GeneralSettingsForm,
  LegalSettingsForm,
  MaintenanceSettingsForm,
  NotificationSettingsForm,
  SettingsSection,
  ShippingSettingsForm,
  type GeneralValues,
  type LegalValues,
} from "./settings-forms";

/** What the settings page's loader hands to the page. */
export interface AdminSettingsView {
  general: GeneralValues;
  legal: LegalValues;
  maintenance: { enabled: boolean };
  notifications: { newOrder: boolean };
  shipping: Record<ShippingZone, ZoneRate>;
  payments: PaymentStatus;
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

/** Every section of /admin/configuracion, each with its form (or, for payments, its state). */
export function AdminSettingsSections({
  general,
  legal,
  maintenance,
  notifications,
  shipping,
  payments,
  resultFor,
}: AdminSettingsView & { resultFor: (intent: SettingsIntent) => LastResult }) {
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
        description="Cada zona se decide por el código postal de la dirección de envío (07 Baleares; 35 y 38 Canarias; 51 Ceuta; 52 Melilla; el resto, Península). Se aplica en el carrito y al finalizar la compra."
      >
        <ShippingSettingsForm zones={shipping} lastResult={resultFor(SETTINGS_INTENTS.shipping)} />
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
