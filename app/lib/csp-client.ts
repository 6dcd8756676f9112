/**
 * Browser set-up for the Content-Security-Policy (ADR 0023), imported first by app/root.tsx so
 * that it runs before any other module of the page. Does nothing on the server.
 */
if (typeof document !== "undefined") {
  // style-src-elem allows a <style> element only with the page's nonce. Dialogs' scroll lock
  // (react-remove-scroll) inserts one and reads the nonce from this global; the browser hides
  // the attribute but keeps it on each script's `nonce` property.
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) (window as unknown as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;

  // zod compiles object schemas with `new Function` when it may; script-src has no
  // 'unsafe-eval', so its probe would be a reported violation on every form page. zod reads
  // its global config from here, which must be set before any schema is built.
  const zod = globalThis as unknown as { __zod_globalConfig?: { jitless?: boolean } };
  zod.__zod_globalConfig = { ...zod.__zod_globalConfig, jitless: true };
}
