import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { SITE_NAME } from "~/lib/constants";
import { log } from "~/lib/log.server";
import { DEFAULT_LOGO_SRC, isUploadedLogo } from "~/lib/logo";
import { getStorage } from "~/lib/storage.server";
import { getSiteSettings } from "~/modules/settings/index.server";

/** The uploaded logo's variant printed on invoices: 640 px wide is sharp at 50 mm. */
const PRINTED_WIDTH = 640;

/**
 * The shop's logo for its invoices, as PNG or JPEG (what pdfkit reads), chosen as the header
 * chooses it: the uploaded logo (re-encoded from WebP); the shipped picture while the shop
 * keeps the default name; nothing for a logo given as an outside address (an invoice is
 * never held up by a download) or when a file is missing — the invoice goes out without one.
 */
export async function loadInvoiceLogo(): Promise<Buffer | undefined> {
  try {
    const { general } = await getSiteSettings();
    if (isUploadedLogo(general.logoUrl)) {
      const bytes = await getStorage().read(`${general.logoUrl}-${PRINTED_WIDTH}.webp`);
      return bytes ? await sharp(bytes).png().toBuffer() : undefined;
    }
    if (general.logoUrl === null && general.siteName === SITE_NAME) {
      return await fs.readFile(path.resolve("public", DEFAULT_LOGO_SRC.replace(/^\//, "")));
    }
    return undefined;
  } catch (error) {
    log("warn", "invoice logo unreadable, the invoice is printed without it", {
      error: String(error),
    });
    return undefined;
  }
}
