import { Truck as truckIcon } from "lucide";
import { icon } from "~/components/ui/icons";
import {
  OrderHistory,
  OrderLines,
  OrderStatusBadge,
  type HistoryView,
  type OrderLineView,
} from "./order-parts";
import type { OrderStatus } from "../status";

const Truck = icon(truckIcon);

/** The order a guest found on /pedidos/seguimiento (the page loads this with the first answer). */
export interface TrackedOrderView {
  number: string;
  status: OrderStatus;
  dateIso: string;
  date: string;
  total: string;
  trackingNumber: string | null;
  lines: OrderLineView[];
  history: HistoryView[];
}

export function TrackedOrder({ order }: { order: TrackedOrderView }) {
  return (
    <section
      aria-labelledby="pedido-encontrado"
      className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="pedido-encontrado" className="text-lg font-semibold break-all text-slate-900">
          {`Pedido ${order.number}`}
        </h2>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="mt-1 text-sm text-slate-700">
        Realizado el <time dateTime={order.dateIso}>{order.date}</time> · Total {order.total} (IVA
        incluido)
      </p>
      {order.trackingNumber ? (
        <p className="mt-4 flex items-start gap-2 rounded-lg bg-violet-50 p-3 text-slate-900">
          <Truck aria-hidden className="mt-0.5 size-5 shrink-0 text-violet-800" />
          <span>
            Número de seguimiento: <strong className="break-all">{order.trackingNumber}</strong>
          </span>
        </p>
      ) : null}
      <h3 className="mt-4 font-semibold text-slate-900">Productos</h3>
      <OrderLines lines={order.lines} />
      <h3 className="mt-4 mb-3 font-semibold text-slate-900">Historial</h3>
      <OrderHistory history={order.history} />
    </section>
  );
}
