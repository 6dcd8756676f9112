import { data, Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { pageCacheHeaders } from "~/lib/cache";
import { userContext } from "~/lib/context";
import type { Route } from "./+types/services";
import { SERVICE_PRICE_TYPE_LABELS } from "~/lib/constants";
import { formatCents } from "~/lib/money";
import { listPublicServices } from "~/modules/services/services.server";
import { pageTitle } from "~/lib/page-title";

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

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const { services } = loaderData;
  return (
    <>
      <PageHero title="Servicios">
        Reparaciones, instalaciones y soporte técnico hechos por profesionales, con presupuesto
        claro.
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-8">
        {services.length === 0 ? (
          <p className="rounded-xl bg-slate-50 p-8 text-center text-slate-700">
            Aún no hay servicios publicados.
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <li
                key={service.id}
                className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                {service.categoryName ? (
                  <p className="text-sm text-slate-600">{service.categoryName}</p>
                ) : null}
                <h2 className="text-lg font-semibold text-slate-900">{service.name}</h2>
                <p className="mt-2 flex-1 text-slate-700">{service.description}</p>
                <p className="mt-4 font-bold text-slate-900">
                  {service.priceCents === null
                    ? "Precio a consultar"
                    : `${formatCents(service.priceCents)} ${SERVICE_PRICE_TYPE_LABELS[service.priceType]}`}
                </p>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-10 rounded-xl bg-slate-900 p-6 text-white sm:flex sm:items-center sm:justify-between">
          <p className="text-lg font-semibold">¿Necesitas algo que no está en la lista?</p>
          <Link
            to="/contacto"
            className="mt-4 inline-block rounded-md bg-white px-4 py-2 font-semibold text-slate-900 sm:mt-0"
          >
            Contacta con nosotros
          </Link>
        </div>
      </div>
    </>
  );
}
