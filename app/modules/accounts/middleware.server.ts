import { redirect, type MiddlewareFunction } from "react-router";
import { CACHE } from "~/lib/cache";
import { sharedSignedInContext, userContext } from "~/lib/context";
import { getSessionUser } from "./session.server";
import { requireAdminSecondFactor } from "./two-factor.server";

/** Root middleware: resolves the session once per request and stores the user in context. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  // The shared signed-in page is the same for every customer: no session is read for it.
  if (context.get(sharedSignedInContext)) return;
  context.set(userContext, await getSessionUser(request.headers.get("Cookie")));
};

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const redirectTo = url.pathname + url.search;
  return redirect(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
}

/** /perfil/**: anonymous → /login?redirectTo=… (loaders and actions alike). */
export const requireUserMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
  if (!context.get(userContext)) throw loginRedirect(request);
};

/**
 * /admin/**: anonymous → /login?redirectTo=…, customers → / (spec §6); with ADMIN_REQUIRE_2FA,
 * admins without a second factor → its enrolment page.
 */
export const requireAdminMiddleware: MiddlewareFunction<Response> = async ({
  request,
  context,
}) => {
  const user = context.get(userContext);
  if (!user) throw loginRedirect(request);
  if (user.role !== "admin") throw redirect("/");
  await requireAdminSecondFactor(user);
};

/** Personal answers (pages, data requests and action replies) are never stored by any cache. */
export const noStoreMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set("Cache-Control", CACHE.privateNoStore);
  return response;
};
