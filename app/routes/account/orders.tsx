import { Link } from "react-router";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [{ title: "Mis Pedidos · Tienda" }];

export default function OrdersPage() {
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Mis Pedidos</h1>
      <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
        <p className="text-slate-700">Aún no has realizado ningún pedido.</p>
        <Link to="/productos" className="mt-4 inline-block font-semibold text-brand-700 underline">
          Explorar productos
        </Link>
      </div>
    </>
  );
}
