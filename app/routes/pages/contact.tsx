import { data } from "react-router";
import { useSubmittingTo } from "~/components/forms/use-submitting";
import type { Route } from "./+types/contact";
import { PublicFormSection } from "~/components/forms/public-form-section";
import { formAction } from "~/lib/action.server";
import { CACHE, pageCacheHeaders } from "~/lib/cache";
import { RATE_LIMITS } from "~/lib/constants";
import { requestInfoContext, userContext } from "~/lib/context";
import { rateLimited } from "~/lib/failure";
import { pageTitle } from "~/lib/page-title";
import { isRateLimited, TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import { ContactForm } from "~/modules/contact/components/contact-form";
import {
  CONTACT_FORM_ANCHOR,
  CONTACT_MESSAGES,
  CONTACT_PATH,
  CONTACT_SENT_PARAM,
  CONTACT_SENT_VALUE,
} from "~/modules/contact/contact-constants";
import { sendContactMessage } from "~/modules/contact/contact.server";
import { contactSchema } from "~/modules/contact/schemas";
import { StaticPageView } from "~/modules/content/components/static-page-view";
import { getStaticPageView } from "~/modules/content/static-page.server";

/** /contacto: the editable page (/admin/contenido/contacto) with the contact form. */

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle(matches, "Contacto") }];
  return [
    { title: pageTitle(matches, loaderData.page.title) },
    { name: "description", content: loaderData.page.description },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await getStaticPageView("contacto");
  const sent = new URL(request.url).searchParams.get(CONTACT_SENT_PARAM) === CONTACT_SENT_VALUE;
  return data({ page, sent }, { headers: pageCacheHeaders(context.get(userContext) !== null) });
}

const noStore = { "Cache-Control": CACHE.privateNoStore };

/**
 * Parse → rate limit → e-mail the shop → back to the page with the thanks (post/redirect/get).
 * A mail that could not go out is `unavailable`, with what was typed kept.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = context.get(requestInfoContext);
  return formAction(request, {
    schema: contactSchema,
    replyHeaders: noStore,
    authorize: async () =>
      (await isRateLimited([[`contact:ip:${ip}`, RATE_LIMITS.contactPerIp]]))
        ? rateLimited(TOO_MANY_ATTEMPTS)
        : null,
    run: sendContactMessage,
    onSuccess: () => ({
      redirectTo: `${CONTACT_PATH}?${CONTACT_SENT_PARAM}=${CONTACT_SENT_VALUE}#${CONTACT_FORM_ANCHOR}`,
      headers: noStore,
    }),
  });
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, sent } = loaderData;
  const busy = useSubmittingTo(CONTACT_PATH);
  return (
    <StaticPageView
      page={page}
      pendingNotice="Estamos completando los datos de la empresa que deben figurar en esta página. Mientras tanto, puedes escribirnos con este formulario."
    >
      <PublicFormSection
        id={CONTACT_FORM_ANCHOR}
        title="Escríbenos"
        className="mt-8"
        sent={sent && { message: CONTACT_MESSAGES.sent, againLabel: "Enviar otro mensaje" }}
      >
        <div className="mt-4">
          <ContactForm lastResult={actionData?.result} busy={busy} />
        </div>
      </PublicFormSection>
    </StaticPageView>
  );
}
