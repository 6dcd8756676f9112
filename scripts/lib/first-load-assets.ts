/**
 * What a phone's browser downloads on a page's first load: every /assets/*.js and *.css file
 * Chromium requests until the network is idle (the modules the HTML preloads and imports, and
 * what hydration loads right after), each gzipped from build/client. Modules the page only
 * names for later navigations (React Router's manifest) are not downloaded, so not counted.
 * Used by `npm run bench` and `npm run js-budget` (ADR 0007).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { chromium, type Browser } from "@playwright/test";

export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export interface FirstLoadAssets {
  jsKb: number;
  cssKb: number;
  /** The JavaScript files, in the order they were requested. */
  scripts: string[];
}

const gzipSizes = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join("build/client", file))).length;
    gzipSizes.set(file, size);
  }
  return size;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

export async function openBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH });
}

export async function firstLoadAssets(
  browser: Browser,
  url: string,
  cookie?: string,
): Promise<FirstLoadAssets> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: cookie ? { Cookie: cookie } : {},
  });
  try {
    const page = await context.newPage();
    const files: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/assets\/[\w.-]+\.(?:js|css)$/.test(pathname) && !files.includes(pathname)) {
        files.push(pathname);
      }
    });
    const response = await page.goto(url, { waitUntil: "networkidle" });
    if (!response || response.status() !== 200) {
      throw new Error(`${url} answered ${response?.status() ?? "nothing"}`);
    }
    const scripts = files.filter((file) => file.endsWith(".js"));
    const styles = files.filter((file) => file.endsWith(".css"));
    return {
      jsKb: kb(scripts.reduce((sum, file) => sum + gzipSize(file), 0)),
      cssKb: kb(styles.reduce((sum, file) => sum + gzipSize(file), 0)),
      scripts,
    };
  } finally {
    await context.close();
  }
}
