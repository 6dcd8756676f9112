/**
 * /admin/configuracion's writes: one site_settings row per section, saved with its activity
 * line in one transaction. The trigger of migration 0012 moves the catalogue version on every
 * write, so each instance's cached settings (and cached pages) are read again on their next
 * request.
 */
import { sql } from "drizzle-orm";
import { siteSettings } from "~/db/schema";
import { getDb, type Database } from "~/db/client.server";
import { invalid, ok, type Result } from "~/lib/failure";
import { getEnv, type Env } from "~/lib/env.server";
import { formatCents } from "~/lib/money";
import { recordActivity, type Actor } from "~/modules/activity/index.server";
import { imageKeysProblem } from "~/modules/media/index.server";
import { isUploadedLogo } from "~/lib/logo";
import { getShippingZones } from "./shipping.server";
import { getSiteSettings } from "./site-settings.server";
import type {
  GeneralSettingsForm,
  LegalSettingsForm,
  MaintenanceSettingsForm,
  NotificationSettingsForm,
  PaymentStatus,
  ShippingSettingsForm,
} from "./schemas";
import type {
  GeneralSettings,
  LegalSettings,
  MaintenanceSettings,
  NotificationSettings,
} from "./site-settings.server";
import { SHIPPING_ZONES, SHIPPING_ZONE_LABELS, type ShippingZonesSetting } from "./shipping";

type SettingsKey = "general" | "legal" | "maintenance" | "shipping" | "notifications";
type SettingsValue =
  | GeneralSettings
  | LegalSettings
  | MaintenanceSettings
  | ShippingZonesSetting
  | NotificationSettings;

async function writeSetting(
  tx: Database,
  actor: Actor,
  key: SettingsKey,
  value: SettingsValue,
  summary: string,
) {
  await tx
    .insert(siteSettings)
    .values({ key, value, updatedBy: actor.id })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value, updatedBy: actor.id, updatedAt: sql`now()` },
    });
  await recordActivity(
    actor,
    { action: "update", entityType: "settings", entityId: key, summary },
    tx,
  );
}

async function save(
  actor: Actor,
  key: SettingsKey,
  value: SettingsValue,
  summary: string,
): Promise<Result> {
  await getDb().transaction((tx) => writeSetting(tx, actor, key, value, summary));
  return ok();
}

/** Site name, contact e-mail and logo (an uploaded image's key, or an address). */
export async function saveGeneralSettings(
  actor: Actor,
  input: GeneralSettingsForm,
): Promise<Result> {
  if (input.logoKey) {
    const problem = await imageKeysProblem([input.logoKey]);
    if (problem) return invalid(problem, "logoKey");
  }
  const logoUrl = input.logoKey ?? input.logoUrl;
  return save(
    actor,
    "general",
    { siteName: input.siteName, contactEmail: input.contactEmail, logoUrl },
    `Configuración general actualizada: nombre «${input.siteName}»${
      logoUrl ? (isUploadedLogo(logoUrl) ? ", logo subido" : ", logo por dirección") : ", sin logo"
    }`,
  );
}

export async function saveMaintenanceSettings(
  actor: Actor,
  input: MaintenanceSettingsForm,
): Promise<Result> {
  return save(
    actor,
    "maintenance",
    { enabled: input.enabled },
    input.enabled ? "Modo mantenimiento activado" : "Modo mantenimiento desactivado",
  );
}

/** The shop's e-mail notices: for now, one per paid order. */
export async function saveNotificationSettings(
  actor: Actor,
  input: NotificationSettingsForm,
): Promise<Result> {
  return save(
    actor,
    "notifications",
    { newOrder: input.newOrder },
    input.newOrder
      ? "Avisos de pedidos pagados activados"
      : "Avisos de pedidos pagados desactivados",
  );
}

export async function saveLegalSettings(actor: Actor, input: LegalSettingsForm): Promise<Result> {
  return save(
    actor,
    "legal",
    {
      companyName: input.companyName,
      nif: input.nif,
      address: input.address,
      registry: input.registry,
      phone: input.phone,
    },
    `Datos legales actualizados: ${input.companyName} (${input.nif})`,
  );
}

export async function saveShippingSettings(
  actor: Actor,
  input: ShippingSettingsForm,
): Promise<Result> {
  const zones = Object.fromEntries(
    SHIPPING_ZONES.map((zone) => {
      const { enabled, flatRate, freeFrom } = input.zones[zone];
      return [zone, { enabled, flatCents: flatRate, freeFromCents: freeFrom }];
    }),
  ) as ShippingZonesSetting["zones"];
  const summary = SHIPPING_ZONES.map((zone) => {
    const rate = zones[zone];
    const label = SHIPPING_ZONE_LABELS[zone];
    if (!rate.enabled) return `${label}: sin envíos`;
    const free =
      rate.freeFromCents === null
        ? "nunca gratis"
        : `gratis desde ${formatCents(rate.freeFromCents)}`;
    return `${label}: ${formatCents(rate.flatCents)}, ${free}`;
  }).join("; ");
  return save(actor, "shipping", { zones }, `Envíos actualizados. ${summary}`);
}

/** Everything /admin/configuracion shows: each section's saved values and the payments' state. */
export async function loadAdminSettings() {
  const [settings, shipping] = await Promise.all([getSiteSettings(), getShippingZones()]);
  return {
    general: settings.general,
    legal: settings.legal,
    maintenance: settings.maintenance,
    notifications: settings.notifications,
    shipping,
    payments: paymentStatus(getEnv()),
  };
}

/**
 * Whether Stripe takes the payments, and in which mode. Only facts about the keys leave this
 * function — never a key, nor any part of one.
 */
export function paymentStatus(
  env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET">,
): PaymentStatus {
  const key = env.STRIPE_SECRET_KEY;
  if (!key) return { provider: "test", mode: "test", webhookSecretSet: false };
  const mode = /^(sk|rk)_test_/.test(key)
    ? "test"
    : /^(sk|rk)_live_/.test(key)
      ? "live"
      : "unknown";
  return { provider: "stripe", mode, webhookSecretSet: Boolean(env.STRIPE_WEBHOOK_SECRET) };
}
