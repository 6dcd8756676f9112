import { createCookie, redirect } from "react-router";
import { z } from "zod";
import type { ToastFields, ToastInput, ToastMessage } from "./toast";
import { COOKIE_PREFIX } from "./constants";
import { getEnv } from "./env.server";

/**
 * The one toast schema: the cookie is untrusted input. Its input and output types are the
 * browser-safe ones of toast.ts (`satisfies` keeps them in step).
 */
export const toastSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
  durationMs: z.number().int().positive().optional(),
}) satisfies z.ZodType<ToastFields, ToastInput>;

let cookie: ReturnType<typeof createCookie> | undefined;
function toastCookie() {
  const env = getEnv();
  cookie ??= createCookie(`${COOKIE_PREFIX}_toast`, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.isProduction,
    maxAge: 60,
    secrets: [env.AUTH_SECRET],
  });
  return cookie;
}

/** Serialises a toast into a Set-Cookie header, shown on the next page the browser loads. */
export async function toastHeader(toast: ToastInput): Promise<string> {
  return toastCookie().serialize(toastSchema.parse(toast));
}

/** Redirects and shows `toast` on the destination page (toasts that survive redirects). */
export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast. */
export async function readToast(request: Request) {
  const raw: unknown = await toastCookie().parse(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(raw);
  const toast: ToastMessage | null = parsed.success
    ? { ...parsed.data, id: crypto.randomUUID() }
    : null;
  const clear = raw ? await toastCookie().serialize("", { maxAge: 0 }) : null;
  return { toast, clear };
}
