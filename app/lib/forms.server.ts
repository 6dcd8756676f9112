import { data } from "react-router";

/**
 * Reads a submitted form. A body the browser could not have sent (bad multipart, wrong
 * encoding) is a 400 with a Spanish message, not a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(
      { message: "El formulario enviado no es válido. Recarga la página e inténtalo de nuevo." },
      { status: 400 },
    );
  }
}

export type LimitedFormData =
  { ok: true; formData: FormData } | { ok: false; reason: "too_large" | "invalid" };

/**
 * Reads a multipart (or any) form body of at most `maxBytes` without ever holding more than
 * that in memory. A larger body — by its Content-Length or by what actually arrives — is
 * `too_large` and is never parsed; the rest of it is read and thrown away (up to `drainBytes`)
 * so that the browser still receives the answer, and beyond that the connection is dropped.
 * A body that is not a valid form is `invalid`.
 */
export async function readLimitedFormData(
  request: Request,
  { maxBytes, drainBytes = maxBytes * 4 }: { maxBytes: number; drainBytes?: number },
): Promise<LimitedFormData> {
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (!request.body) return { ok: false, reason: "invalid" };
  const reader = request.body.getReader();
  const drop = async () => {
    await reader.cancel().catch(() => undefined);
    return { ok: false, reason: "too_large" } as const;
  };
  if (declared > drainBytes) return drop();

  const chunks: Uint8Array[] = [];
  let received = 0;
  let tooLarge = declared > maxBytes;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > drainBytes) return drop();
    if (received > maxBytes) tooLarge = true;
    if (!tooLarge) chunks.push(value);
  }
  if (tooLarge) return { ok: false, reason: "too_large" };
  try {
    const formData = await new Response(new Blob(chunks as BlobPart[]), {
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
    }).formData();
    return { ok: true, formData };
  } catch {
    return { ok: false, reason: "invalid" };
  }
}

/**
 * Reads and throws away a request body that will not be used (a refusal answered before
 * reading it), so that the browser, still sending, receives the answer; beyond `maxBytes`
 * the connection is dropped instead.
 */
export async function discardBody(request: Request, maxBytes: number): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return;
    }
  }
}
