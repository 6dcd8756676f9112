/**
 * The shop's own settings, stored in site_settings as one JSON value per key and read
 * through the catalogue cache: a trigger moves the catalogue version on every write (migration
 * 0012), so a saved setting applies at once on every app instance.
 *
 * This module is the one place that reads them; /admin/configuracion writes them.
 */
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { siteSettings } from "~/db/schema";
import { SITE_NAME } from "~/lib/constants";
import { getDb, type Database } from "~/db/client.server";
import { log } from "~/lib/log.server";
import { cachedCatalog } from "~/db/public-cache.server";

export const generalSettingsSchema = z.object({
  siteName: z.string().min(1),
  /** Where the shop receives mail (service requests, contact); null: not set yet. */
  contactEmail: z.email().nullable(),
  /** An uploaded image key or an absolute URL; null: the text logo. */
  logoUrl: z.string().nullable(),
});

/**
 * What the aviso legal and the checkout must show (LSSI art. 10, TRLGDCU art. 97.1.b–c). Empty
 * strings until the owner fills them in.
 */
export const legalSettingsSchema = z.object({
  companyName: z.string(),
  nif: z.string(),
  address: z.string(),
  registry: z.string(),
  /** Added later: a value saved before it has none, and must still be read. */
  phone: z.string().default(""),
});

export const maintenanceSettingsSchema = z.object({
  enabled: z.boolean(),
});

/** The shop's own e-mail notices. */
export const notificationSettingsSchema = z.object({
  /** An e-mail to the shop (contact e-mail, else the active admins) for every paid order. */
  newOrder: z.boolean(),
});

export type GeneralSettings = z.infer<typeof generalSettingsSchema>;
export type LegalSettings = z.infer<typeof legalSettingsSchema>;
export type MaintenanceSettings = z.infer<typeof maintenanceSettingsSchema>;
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export interface SiteSettings {
  general: GeneralSettings;
  legal: LegalSettings;
  maintenance: MaintenanceSettings;
  notifications: NotificationSettings;
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  general: { siteName: SITE_NAME, contactEmail: null, logoUrl: null },
  legal: { companyName: "", nif: "", address: "", registry: "", phone: "" },
  maintenance: { enabled: false },
  notifications: { newOrder: true },
};

const SCHEMAS = {
  general: generalSettingsSchema,
  legal: legalSettingsSchema,
  maintenance: maintenanceSettingsSchema,
  notifications: notificationSettingsSchema,
} as const;

async function loadSiteSettings(): Promise<SiteSettings> {
  const rows = await getDb()
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, Object.keys(SCHEMAS)));
  const settings: SiteSettings = structuredClone(DEFAULT_SITE_SETTINGS);
  for (const row of rows) {
    const key = row.key as keyof SiteSettings;
    const parsed = SCHEMAS[key].safeParse(row.value);
    // A value that no longer fits its schema falls back to the defaults rather than break pages.
    if (parsed.success) Object.assign(settings[key], parsed.data);
  }
  return settings;
}

/** The current settings (defaults for what was never saved). Read-only: shared by requests. */
export function getSiteSettings(): Promise<SiteSettings> {
  return cachedCatalog("site-settings", loadSiteSettings);
}

/**
 * The settings every page reads (the root loader, the maintenance check). Never fails: when the
 * database cannot be read the defaults stand in, so the page's own error state is what the
 * visitor sees (e.g. 'No se pudieron cargar los productos.'), not a blank error for the shell.
 */
export async function getSiteSettingsForPage(): Promise<SiteSettings> {
  try {
    return await getSiteSettings();
  } catch (error) {
    log("error", "site settings unreadable, using the defaults", { error: String(error) });
    return DEFAULT_SITE_SETTINGS;
  }
}

/**
 * The shop's name as people see it (page titles, header, e-mails). Never fails: a database
 * error falls back to the default name (an e-mail still goes out).
 */
export async function currentSiteName(): Promise<string> {
  try {
    return (await getSiteSettings()).general.siteName;
  } catch {
    return DEFAULT_SITE_SETTINGS.general.siteName;
  }
}

/**
 * The legal data read through the given handle, uncached: invoicing reads it inside the paying
 * transaction, so the invoice carries the data as it is at that instant.
 */
export async function readLegalSettings(db: Database): Promise<LegalSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, "legal"));
  const parsed = legalSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : { ...DEFAULT_SITE_SETTINGS.legal };
}

/** The aviso legal's block: the owner's legal data and contact e-mail. */
export async function getLegalData() {
  const { legal, general } = await getSiteSettings();
  return { ...legal, contactEmail: general.contactEmail };
}
