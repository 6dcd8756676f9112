import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { CLIENT_IP_HEADER } from "~/modules/accounts/auth.server";
import { CACHE } from "~/lib/cache";
import { requestInfoContext, sharedSignedInContext, userContext } from "~/lib/context";
import { log } from "~/lib/log.server";
import { redirectWithToast } from "~/lib/toast.server";
import { resolveSession } from "./session.server";
import { requireAdminSecondFactor } from "./two-factor.server";

export const SESSION_EXPIRED_MESSAGE = "Tu sesión ha caducado. Vuelve a iniciar sesión.";

/**
 * Root middleware: resolves the session once per request and stores the user in context. An
 * admin session past its limits (session.server.ts) ends here: back to /login, with a toast.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  // The IP better-auth gives a new session: the connection's (Express, TRUST_PROXY), never a
  // client-chosen header. A Request built by the adapter has mutable headers.
  request.headers.set(CLIENT_IP_HEADER, context.get(requestInfoContext).ip);
  // The shared signed-in page is the same for every customer: no session is read for it.
  if (context.get(sharedSignedInContext)) return;
  const session = await resolveSession(request.headers.get("Cookie"));
  if (session.ended) {
    throw await redirectWithToast(
      loginPath(request),
      { title: "Sesión caducada", description: SESSION_EXPIRED_MESSAGE },
      { headers: { "Set-Cookie": session.clearCookie } },
    );
  }
  context.set(userContext, session.user);
};

function loginPath(request: Request) {
  const url = new URL(request.url);
  return `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/**
 * Every refused authorization is logged — who (user id or null), where (the path,
 * never its query, cookies or tokens) and why.
 */
export function logRefusal(
  context: Readonly<RouterContextProvider>,
  request: Request,
  reason: string,
) {
  log("warn", "authorization refused", {
    requestId: context.get(requestInfoContext).requestId,
    userId: context.get(userContext)?.id ?? null,
    path: new URL(request.url).pathname,
    reason,
  });
}

/** /perfil/**: anonymous → /login?redirectTo=… (loaders and actions alike). */
export const requireUserMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
  if (!context.get(userContext)) throw redirect(loginPath(request));
};

/**
 * /admin/**: anonymous → /login?redirectTo=…, customers → / (spec §6), both logged; with
 * ADMIN_REQUIRE_2FA, admins without a second factor → its enrolment page.
 */
export const requireAdminMiddleware: MiddlewareFunction<Response> = async ({
  request,
  context,
}) => {
  const user = context.get(userContext);
  if (!user) {
    logRefusal(context, request, "anonymous");
    throw redirect(loginPath(request));
  }
  if (user.role !== "admin") {
    logRefusal(context, request, "not_admin");
    throw redirect("/");
  }
  await requireAdminSecondFactor(user);
};

/** Personal answers (pages, data requests and action replies) are never stored by any cache. */
export const noStoreMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set("Cache-Control", CACHE.privateNoStore);
  return response;
};
