import { LogIn } from "~/components/icons/log-in";
import { PackageSearch } from "~/components/icons/package-search";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/orders";
import { buttonVariants } from "~/components/ui/button";
import { CACHE } from "~/lib/cache";
import { userContext } from "~/lib/context";
import { noindexMeta } from "~/lib/page-title";

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Pedidos");

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CACHE.privateNoStore });

/**
 * /pedidos (linked from the confirmation page): a signed-in customer's orders are one list,
 * /perfil/pedidos; a visitor is told where to find theirs.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (context.get(userContext)) throw redirect("/perfil/pedidos");
  return null;
}

export default function OrdersLandingPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Tus pedidos</h1>
      <p className="mt-2 text-slate-700">
        Consulta el estado de tus pedidos de una de estas dos formas.
      </p>
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <section className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <LogIn aria-hidden className="size-6 text-brand-700" />
          <h2 className="mt-3 text-lg font-semibold text-slate-900">Tengo una cuenta</h2>
          <p className="mt-1 flex-1 text-sm text-slate-700">
            Inicia sesión para ver todos tus pedidos, sus productos y su historial en Mis Pedidos.
          </p>
          <Link
            to={`/login?redirectTo=${encodeURIComponent("/perfil/pedidos")}`}
            className={buttonVariants({ className: "mt-4" })}
          >
            Iniciar sesión
          </Link>
        </section>
        <section className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <PackageSearch aria-hidden className="size-6 text-brand-700" />
          <h2 className="mt-3 text-lg font-semibold text-slate-900">Compré sin cuenta</h2>
          <p className="mt-1 flex-1 text-sm text-slate-700">
            Busca tu pedido con su número (está en el correo de confirmación) y el correo
            electrónico con el que lo hiciste.
          </p>
          <Link
            to="/pedidos/seguimiento"
            className={buttonVariants({ variant: "outline", className: "mt-4" })}
          >
            Seguir un pedido
          </Link>
        </section>
      </div>
    </div>
  );
}
