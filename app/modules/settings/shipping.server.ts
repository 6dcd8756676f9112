import { eq } from "drizzle-orm";
import { z } from "zod";
import { siteSettings } from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import { getDb, type Database } from "~/db/client.server";
import type { ShippingSettings } from "./shipping";

/** The stored value of site_settings "shipping". */
const shippingSettingSchema = z.object({
  flatCents: z.number().int().min(0).max(LIMITS.maxProductPriceCents),
  freeFromCents: z.number().int().min(0).max(LIMITS.maxProductPriceCents).nullable(),
});

export const DEFAULT_SHIPPING: ShippingSettings = {
  flatCents: LIMITS.defaultShippingCents,
  freeFromCents: LIMITS.defaultFreeShippingFromCents,
};

/** Shipping cost and free-shipping threshold: the site setting, or the defaults. */
export async function getShippingSettings(db: Database = getDb()): Promise<ShippingSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, "shipping"));
  const parsed = shippingSettingSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_SHIPPING;
}
