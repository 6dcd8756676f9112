import { eq } from "drizzle-orm";
import { z } from "zod";
import { siteSettings } from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import { getDb, type Database } from "~/db/client.server";
import { SHIPPING_ZONES, type ShippingZone, type ZoneRate } from "./shipping";

/** The stored value of site_settings "shipping" before zones existed: one rate for all. */
const shippingSettingSchema = z.object({
  flatCents: z.number().int().min(0).max(LIMITS.maxProductPriceCents),
  freeFromCents: z.number().int().min(0).max(LIMITS.maxProductPriceCents).nullable(),
});

/** The Península's rate until the admin sets one. */
const DEFAULT_SHIPPING = {
  flatCents: LIMITS.defaultShippingCents,
  freeFromCents: LIMITS.defaultFreeShippingFromCents,
};

const zoneRateSchema = shippingSettingSchema.extend({ enabled: z.boolean() });

/** The stored value of site_settings "shipping" once it has zones. */
const shippingZonesSettingSchema = z.object({
  zones: z.object(
    Object.fromEntries(SHIPPING_ZONES.map((zone) => [zone, zoneRateSchema])) as Record<
      ShippingZone,
      typeof zoneRateSchema
    >,
  ),
});

/** Islands and the autonomous cities cost more to reach: a first rate the admin will adjust. */
const DEFAULT_FAR_ZONE: ZoneRate = {
  enabled: true,
  flatCents: LIMITS.defaultFarZoneShippingCents,
  freeFromCents: null,
};

/**
 * Every zone's rate: the stored zones, or — from a setting saved before zones existed — its one
 * rate for the Península and Baleares and the defaults for the rest.
 */
export async function getShippingZones(
  db: Database = getDb(),
): Promise<Record<ShippingZone, ZoneRate>> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, "shipping"));
  const zoned = shippingZonesSettingSchema.safeParse(row?.value);
  if (zoned.success) return zoned.data.zones;
  const single = shippingSettingSchema.safeParse(row?.value);
  const near: ZoneRate = { enabled: true, ...(single.success ? single.data : DEFAULT_SHIPPING) };
  return {
    peninsula: near,
    baleares: near,
    canarias: DEFAULT_FAR_ZONE,
    ceuta: DEFAULT_FAR_ZONE,
    melilla: DEFAULT_FAR_ZONE,
  };
}
