import { ArrowRight } from "~/components/icons/arrow-right";
import { Wrench } from "~/components/icons/wrench";
import { data, Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { buttonVariants } from "~/components/ui/button";
import { pageCacheHeaders } from "~/lib/cache";
import { LIMITS } from "~/lib/constants";
import { userContext } from "~/lib/context";
import type { Route } from "./+types/services";
import { CardImage } from "~/modules/catalog/components/card-image";
import { servicePath } from "~/modules/services/paths";
import { servicePriceLabel } from "~/modules/services/price";
import { listPublicServices } from "~/modules/services/services.server";
import { pageTitle } from "~/lib/page-title";

const LOAD_FAILED_MESSAGE = "No se pudieron cargar los servicios.";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Servicios") },
  { name: "description", content: "Reparaciones, instalaciones y soporte técnico de confianza." },
];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  return data(
    { services: await listPublicServices() },
    { headers: pageCacheHeaders(context.get(userContext) !== null) },
  );
}

const HERO_TEXT =
  "Reparaciones, instalaciones y soporte técnico hechos por profesionales, con presupuesto claro.";

function Hero() {
  return <PageHero title="Servicios">{HERO_TEXT}</PageHero>;
}

/** The call to action under the grid (spec §2): to /contacto. */
function ContactCallToAction() {
  return (
    <div className="mt-10 rounded-xl bg-slate-900 p-6 text-white sm:flex sm:items-center sm:justify-between">
      <div>
        <p className="text-lg font-semibold">¿Necesitas algo que no está en la lista?</p>
        <p className="mt-1 text-slate-200">
          Cuéntanos qué necesitas y te preparamos un presupuesto.
        </p>
      </div>
      <Link
        to="/contacto"
        className="mt-4 inline-block shrink-0 rounded-md bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100 sm:mt-0"
      >
        Contacta con nosotros
      </Link>
    </div>
  );
}

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const { services } = loaderData;
  return (
    <>
      <Hero />
      <div className="mx-auto max-w-6xl px-4 py-8">
        {services.length === 0 ? (
          <p className="rounded-xl bg-slate-50 p-8 text-center text-slate-700">
            Aún no hay servicios publicados.
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service, index) => (
              <li
                key={service.id}
                className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
              >
                <div className="aspect-[4/3] bg-slate-100">
                  {service.imageKeys[0] ? (
                    <CardImage
                      imageKey={service.imageKeys[0]}
                      width={640}
                      sizes="(min-width: 1024px) 363px, (min-width: 640px) 50vw, 100vw"
                      priority={index < LIMITS.eagerListImages}
                    />
                  ) : (
                    <div className="flex h-full items-center justify-center text-slate-400">
                      <Wrench aria-hidden="true" className="size-10" />
                    </div>
                  )}
                </div>
                <div className="flex flex-1 flex-col p-5">
                  {service.categoryName ? (
                    <p className="text-sm text-slate-600">{service.categoryName}</p>
                  ) : null}
                  <h2 className="text-lg font-semibold text-slate-900">{service.name}</h2>
                  <p className="mt-2 line-clamp-4 flex-1 text-slate-700">{service.description}</p>
                  <p className="mt-4 font-bold text-slate-900">{servicePriceLabel(service)}</p>
                  <Link
                    to={servicePath(service)}
                    className={buttonVariants({ variant: "outline", className: "mt-4 self-start" })}
                  >
                    Más Información
                    <span className="sr-only">{` sobre «${service.name}»`}</span>
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
        <ContactCallToAction />
      </div>
    </>
  );
}

/** Spec §8: 'No se pudieron cargar los servicios.' when the list cannot be read. */
export function ErrorBoundary() {
  return (
    <>
      <Hero />
      <div className="mx-auto max-w-6xl px-4 py-8">
        <p role="alert" className="rounded-xl bg-red-50 p-6 text-center text-red-800">
          {LOAD_FAILED_MESSAGE} Inténtalo de nuevo en unos minutos.
        </p>
        <ContactCallToAction />
      </div>
    </>
  );
}
