import { hasAdminPowers } from "~/modules/accounts/two-factor.server";
import { useSubmittingTo } from "~/components/forms/use-submitting";
import { pageTitle } from "~/lib/page-title";
import { EyeOff } from "~/components/icons/eye-off";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/service";
import { PublicFormSection } from "~/components/forms/public-form-section";
import { CACHE, pageCacheHeaders } from "~/lib/cache";
import { RATE_LIMITS } from "~/lib/constants";
import { requestInfoContext, userContext } from "~/lib/context";
import { getEnv } from "~/lib/env.server";
import { formAction } from "~/lib/action.server";
import { rateLimited } from "~/lib/failure";
import { useNonce } from "~/lib/nonce";
import { isRateLimited, TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import { serializeJsonLd } from "~/modules/catalog/structured-data";
import {
  Breadcrumbs,
  DescriptionSection,
  GalleryColumn,
  VideoLink,
} from "~/modules/catalog/components/detail-page-parts";
import { detailPageMeta, isWebUrl } from "~/modules/catalog/detail-page";
import { ServiceRequestForm } from "~/modules/services/components/service-request-form";
import { serviceIdFromParam, servicePath } from "~/modules/services/paths";
import { servicePriceLabel } from "~/modules/services/price";
import { madridToday } from "~/lib/dates";
import { SERVICE_REQUEST_MESSAGES } from "~/modules/services/request-constants";
import { serviceRequestSchema } from "~/modules/services/request-schemas";
import { createServiceRequest } from "~/modules/services/service-requests.server";
import { getPublicService } from "~/modules/services/services.server";
import { serviceJsonLd } from "~/modules/services/structured-data";
import { getSiteSettings } from "~/modules/settings/site-settings.server";

/** ?solicitud=enviada: the page after a request was stored (post/redirect/get). */
const SENT_PARAM = "solicitud";
const SENT_VALUE = "enviada";
const FORM_ANCHOR = "solicitar";

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle(matches, "Servicio no encontrado") }];
  const { service, baseUrl, siteName } = loaderData;
  return detailPageMeta({
    title: `${service.name} · Servicios · ${siteName}`,
    name: service.name,
    description: service.description,
    path: servicePath(service),
    baseUrl,
    imageKey: service.imageKeys[0],
    ogType: "website",
    noindex: !service.isPubliclyVisible,
  });
};

/** The service of the URL, as the visitor may see it: hidden ones only for admins (preview). */
async function serviceOf(param: string, isAdmin: boolean) {
  const id = serviceIdFromParam(param);
  const service = id ? await getPublicService(id, { includeHidden: isAdmin }) : null;
  if (!service) throw data(null, { status: 404 });
  return service;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const service = await serviceOf(params.serviceSlug, await hasAdminPowers(user));
  // The spec's /servicios/{id}, and any wrong slug, go to the canonical URL (DESIGN §4).
  const canonical = servicePath(service);
  const url = new URL(request.url);
  if (url.pathname !== canonical) throw redirect(canonical + url.search, 301);
  const { general } = await getSiteSettings();
  const baseUrl = getEnv().BASE_URL;
  return data(
    {
      service,
      baseUrl,
      siteName: general.siteName,
      // Serialised here: the page's JavaScript has no need of the code that builds it.
      jsonLd: serializeJsonLd(serviceJsonLd(service, baseUrl, general.siteName)),
      sent: url.searchParams.get(SENT_PARAM) === SENT_VALUE,
      today: madridToday(),
    },
    { headers: pageCacheHeaders(user !== null) },
  );
}

const noStore = { "Cache-Control": CACHE.privateNoStore };

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const service = await serviceOf(params.serviceSlug, await hasAdminPowers(user));
  const { ip } = context.get(requestInfoContext);
  return formAction(request, {
    schema: serviceRequestSchema,
    replyHeaders: noStore,
    authorize: async () =>
      (await isRateLimited([[`service-request:ip:${ip}`, RATE_LIMITS.serviceRequestsPerIp]]))
        ? rateLimited(TOO_MANY_ATTEMPTS)
        : null,
    run: (value) => createServiceRequest(service, value),
    onSuccess: () => ({
      redirectTo: `${servicePath(service)}?${SENT_PARAM}=${SENT_VALUE}#${FORM_ANCHOR}`,
      headers: noStore,
    }),
  });
}

export default function ServicePage({ loaderData, actionData }: Route.ComponentProps) {
  const { service, jsonLd, sent, today } = loaderData;
  const nonce = useNonce();
  const path = servicePath(service);
  const busy = useSubmittingTo(path);
  const videos = service.videoUrls.filter(isWebUrl);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <Breadcrumbs
        crumbs={[
          { name: "Inicio", path: "/" },
          { name: "Servicios", path: "/servicios" },
          { name: service.name, path },
        ]}
      />

      {service.isPubliclyVisible ? null : (
        <p
          role="status"
          className="mt-4 flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          <EyeOff aria-hidden="true" className="size-4 shrink-0" />
          Vista previa: este servicio está oculto y el público no puede verlo.
        </p>
      )}

      <div className="mt-5 grid gap-8 md:grid-cols-2 lg:gap-12">
        <GalleryColumn productId={service.id} name={service.name} imageKeys={service.imageKeys} />
        <div className="min-w-0">
          {service.categoryName ? (
            <p className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
              <span className="sr-only">Categoría: </span>
              {service.categoryName}
              {service.subcategoryName ? ` · ${service.subcategoryName}` : null}
            </p>
          ) : null}
          <h1 className="mt-2 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
            {service.name}
          </h1>
          <p className="mt-4 text-2xl font-bold text-slate-900">{servicePriceLabel(service)}</p>
          {service.priceCents === null ? null : (
            <p className="text-sm text-slate-600">IVA incluido</p>
          )}
          <a
            href={`#${FORM_ANCHOR}`}
            className="mt-5 inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            Solicitar este servicio
          </a>

          <DescriptionSection text={service.description} />

          {videos.length ? (
            <section aria-labelledby="videos" className="mt-8">
              <h2 id="videos" className="text-lg font-semibold text-slate-900">
                Vídeos
              </h2>
              <ul className="mt-2 space-y-1">
                {videos.map((url, index) => (
                  <li key={url}>
                    <VideoLink url={url}>
                      {videos.length === 1 ? "Ver vídeo" : `Ver vídeo ${index + 1}`}
                    </VideoLink>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <PublicFormSection
            id={FORM_ANCHOR}
            title="Solicitar este servicio"
            className="mt-10"
            sent={
              sent && {
                message: SERVICE_REQUEST_MESSAGES.sent,
                againLabel: "Enviar otra solicitud",
              }
            }
          >
            <p className="mt-1 mb-4 text-slate-700">
              Déjanos tus datos y te contactamos para darte presupuesto y cita. Sin compromiso.{" "}
              <Link
                to="/politica-de-privacidad"
                className="font-medium text-brand-700 underline underline-offset-2"
              >
                Política de privacidad
              </Link>
            </p>
            <ServiceRequestForm
              action={path}
              lastResult={actionData?.result}
              busy={busy}
              today={today}
            />
          </PublicFormSection>
        </div>
      </div>
      <script
        type="application/ld+json"
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: jsonLd }}
      />
    </div>
  );
}
