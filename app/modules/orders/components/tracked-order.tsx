import {
  OrderHistory,
  OrderLines,
  OrderTitle,
  TrackingNumberNote,
  type HistoryView,
  type OrderLineView,
} from "./order-parts";
import type { OrderStatus } from "../status";
import { orderTaxNote, orderZoneText } from "../order-zone";
import type { ShippingZone } from "~/modules/settings";

/** The order a guest found on /pedidos/seguimiento (the page loads this with the first answer). */
export interface TrackedOrderView {
  number: string;
  status: OrderStatus;
  dateIso: string;
  date: string;
  total: string;
  shippingZone: ShippingZone;
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
      <OrderTitle number={order.number} status={order.status} as="h2" id="pedido-encontrado" />
      <p className="mt-1 text-sm text-slate-700">
        Realizado el <time dateTime={order.dateIso}>{order.date}</time> · Total {order.total} (
        {orderTaxNote(order.shippingZone)}) · {orderZoneText(order.shippingZone)}
      </p>
      {order.trackingNumber ? (
        <TrackingNumberNote
          trackingNumber={order.trackingNumber}
          boxed
          className="mt-4 rounded-lg bg-violet-50 p-3"
        />
      ) : null}
      <h3 className="mt-4 font-semibold text-slate-900">Productos</h3>
      <OrderLines lines={order.lines} />
      <h3 className="mt-4 mb-3 font-semibold text-slate-900">Historial</h3>
      <OrderHistory history={order.history} />
    </section>
  );
}
