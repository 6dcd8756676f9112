import { parseWithZod } from "@conform-to/zod/v4";
import { CircleCheck as circleCheckIcon } from "lucide";
import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/contact";
import { icon } from "~/components/ui/icons";
import { CACHE, pageCacheHeaders } from "~/lib/cache";
import { RATE_LIMITS } from "~/lib/constants";
import { requestInfoContext, userContext } from "~/lib/context";
import { readFormData } from "~/lib/forms.server";
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

const CircleCheck = icon(circleCheckIcon);

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

/** Parse → rate limit → e-mail the shop → back to the page with the thanks (post/redirect/get). */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400, headers: noStore });
  }
  const { ip } = context.get(requestInfoContext);
  if (await isRateLimited([[`contact:ip:${ip}`, RATE_LIMITS.contactPerIp]])) {
    return data(
      { result: submission.reply({ formErrors: [TOO_MANY_ATTEMPTS] }) },
      { status: 429, headers: noStore },
    );
  }
  const { sent } = await sendContactMessage(submission.value);
  if (!sent) {
    return data(
      { result: submission.reply({ formErrors: [CONTACT_MESSAGES.notSent] }) },
      { status: 503, headers: noStore },
    );
  }
  return redirect(
    `${CONTACT_PATH}?${CONTACT_SENT_PARAM}=${CONTACT_SENT_VALUE}#${CONTACT_FORM_ANCHOR}`,
    { headers: noStore },
  );
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, sent } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === CONTACT_PATH;
  return (
    <StaticPageView
      page={page}
      pendingNotice="Estamos completando los datos de la empresa que deben figurar en esta página. Mientras tanto, puedes escribirnos con este formulario."
    >
      <section
        id={CONTACT_FORM_ANCHOR}
        aria-labelledby="contacto-titulo"
        className="mt-8 scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="contacto-titulo" className="text-xl font-semibold text-slate-900">
          Escríbenos
        </h2>
        {sent ? (
          <div role="status" className="mt-4 rounded-lg bg-green-50 p-4 text-green-900">
            <p className="flex items-start gap-2 font-medium">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              {CONTACT_MESSAGES.sent}
            </p>
            <Link
              to={`${CONTACT_PATH}#${CONTACT_FORM_ANCHOR}`}
              preventScrollReset
              className="mt-3 inline-block text-sm font-semibold text-green-900 underline underline-offset-2"
            >
              Enviar otro mensaje
            </Link>
          </div>
        ) : (
          <div className="mt-4">
            <ContactForm lastResult={actionData?.result} busy={busy} />
          </div>
        )}
      </section>
    </StaticPageView>
  );
}
