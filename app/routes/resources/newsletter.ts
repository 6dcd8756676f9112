import { redirect } from "react-router";
import type { Route } from "./+types/newsletter";
import { formAction } from "~/lib/action.server";
import { RATE_LIMITS } from "~/lib/constants";
import { requestInfoContext } from "~/lib/context";
import { rateLimited } from "~/lib/failure";
import { isRateLimited, TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import { safeRedirectPath } from "~/lib/utils";
import { requestSubscription } from "~/modules/promotions/newsletter.server";
import { NEWSLETTER_MESSAGES } from "~/modules/promotions/newsletter-messages";
import { newsletterSchema } from "~/modules/promotions/schemas";

export function loader() {
  return redirect("/");
}

/**
 * The footer form: works with and without JavaScript, answering with a toast on the same page
 * (a refusal too: this route has no page of its own). Double opt-in: the address gets a
 * confirmation link and nothing else until it is followed. The answer is the same whether or
 * not the address was subscribed already.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Back to the page of the form (its `redirectTo`, else the Referer's path).
  const back = (redirectTo: unknown) =>
    safeRedirectPath(
      typeof redirectTo === "string"
        ? redirectTo
        : new URL(request.headers.get("Referer") ?? "/", request.url).pathname,
    );
  const { ip } = context.get(requestInfoContext);
  return formAction(request, {
    schema: newsletterSchema,
    authorize: async ({ email }) => {
      const limited = await isRateLimited([
        [`newsletter:ip:${ip}`, RATE_LIMITS.newsletterPerIp],
        [`newsletter:email:${email}`, RATE_LIMITS.newsletterPerEmail],
      ]);
      return limited ? rateLimited(TOO_MANY_ATTEMPTS) : null;
    },
    run: ({ email }) => requestSubscription(email),
    onSuccess: (_done, { redirectTo }) => ({
      redirectTo: back(redirectTo),
      toast: {
        title: NEWSLETTER_MESSAGES.thanksTitle,
        description: NEWSLETTER_MESSAGES.thanksDescription,
      },
    }),
    onFailure: (failure, formData) => ({
      redirectTo: back(formData.get("redirectTo")),
      toast: {
        title: NEWSLETTER_MESSAGES.signUpFailedTitle,
        description: failure.message,
        variant: "destructive",
      },
    }),
  });
}
