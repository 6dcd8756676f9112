import { StatusTimeline } from "~/components/ui/status-timeline";
import { DiscountRow } from "~/modules/coupons/ui";
import type { ReactNode } from "react";
import { ImageOff } from "~/components/icons/image-off";
import { Truck } from "~/components/icons/truck";
import { TriangleAlert } from "~/components/icons/triangle-alert";
import { formatCents } from "~/lib/money";
import { isVatExemptZone, SHIPPING_ZONE_LABELS, VAT_EXEMPT_TEXT } from "~/modules/settings";
import { imageUrl } from "~/lib/image-url";
import { cn } from "~/lib/utils";
import type { OrderSums } from "../confirmation-email";
import { ORDER_STATUS_LABELS, PAYMENT_REVIEW_LABEL, type OrderStatus } from "../status";
import { TitledSection, type TitledSectionProps } from "~/components/ui/titled-section";

const STATUS_STYLES: Record<OrderStatus, string> = {
  pending_payment: "bg-amber-100 text-amber-900",
  paid: "bg-sky-100 text-sky-900",
  preparing: "bg-indigo-100 text-indigo-900",
  shipped: "bg-violet-100 text-violet-900",
  delivered: "bg-green-100 text-green-900",
  cancelled: "bg-slate-200 text-slate-800",
  refunded: "bg-red-100 text-red-900",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        STATUS_STYLES[status],
      )}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

export interface OrderLineView {
  id: number;
  name: string;
  imageKey?: string | null;
  sku?: string | null;
  quantity: number;
  unitPriceCents?: number;
  lineTotalCents: number;
}

/** The lines of an order: picture, name, quantity, unit price and line total. */
export function OrderLines({
  lines,
  showSku = false,
}: {
  lines: OrderLineView[];
  showSku?: boolean;
}) {
  return (
    <ul className="divide-y divide-slate-100">
      {lines.map((line) => (
        <li key={line.id} className="flex gap-3 py-3">
          {line.imageKey !== undefined ? (
            line.imageKey ? (
              <img
                src={imageUrl(line.imageKey, 320)}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                className="size-16 shrink-0 rounded-md border border-slate-200 object-cover"
              />
            ) : (
              <span className="flex size-16 shrink-0 items-center justify-center rounded-md border border-slate-200 bg-slate-50">
                <ImageOff aria-hidden className="size-5 text-slate-400" />
              </span>
            )
          ) : null}
          <div className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">{line.name}</p>
              <p className="text-sm text-slate-700">
                {line.unitPriceCents !== undefined
                  ? `${line.quantity} × ${formatCents(line.unitPriceCents)}`
                  : `Cantidad: ${line.quantity}`}
                {showSku && line.sku ? ` · SKU ${line.sku}` : null}
              </p>
            </div>
            <p className="font-semibold whitespace-nowrap text-slate-900">
              {formatCents(line.lineTotalCents)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal, the coupon's discount, shipping and total with the IVA it includes. */
export function OrderTotals({
  subtotalCents,
  discountCents = 0,
  couponCode = null,
  shippingCents,
  totalCents,
  vatCents,
  shippingZone,
}: Omit<OrderSums, "lines">) {
  return (
    <div className="text-sm">
      <dl className="space-y-1">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">Subtotal</dt>
          <dd className="text-slate-900">{formatCents(subtotalCents)}</dd>
        </div>
        <DiscountRow code={couponCode} discountCents={discountCents} />
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">{`Envío (${SHIPPING_ZONE_LABELS[shippingZone]})`}</dt>
          <dd className="text-slate-900">
            {shippingCents === 0 ? "Gratis" : formatCents(shippingCents)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-semibold">
          <dt className="text-slate-900">Total</dt>
          <dd className="text-slate-900">{formatCents(totalCents)}</dd>
        </div>
      </dl>
      <p className="mt-1 text-right text-xs text-slate-600">
        {isVatExemptZone(shippingZone)
          ? VAT_EXEMPT_TEXT
          : `IVA incluido (${formatCents(vatCents)})`}
      </p>
    </div>
  );
}

export interface HistoryView {
  id: number;
  toStatus: OrderStatus;
  atIso: string;
  atLabel: string;
  /** Admin view only: who made the change and its note. */
  actor?: string | null;
  note?: string | null;
}

/** The status history, oldest first. */
export function OrderHistory({ history }: { history: HistoryView[] }) {
  return (
    <StatusTimeline
      entries={history.map((entry) => ({
        id: entry.id,
        label: ORDER_STATUS_LABELS[entry.toStatus],
        atIso: entry.atIso,
        at: entry.atLabel,
        by: entry.actor !== undefined ? (entry.actor ?? "Sistema (pago o cliente)") : undefined,
        note: entry.note,
      }))}
    />
  );
}

export interface AddressFields {
  fullName: string;
  addressLine1: string;
  addressLine2: string | null;
  postalCode: string;
  city: string;
  province: string;
  country?: string;
  phone: string | null;
}

const regionNames = new Intl.DisplayNames("es-ES", { type: "region" });

/** "ES" → "España": addresses end in the country's Spanish name, never its ISO code. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    // Not a two-letter region code (a stored free-text country): shown as written.
    return code;
  }
}

/** The lines of an order's delivery address (pages and e-mails write it the same way). */
export function addressLines(order: AddressFields, { withPhone = false } = {}): string[] {
  return [
    order.fullName,
    order.addressLine1,
    order.addressLine2,
    `${order.postalCode} ${order.city} (${order.province})${order.country ? `, ${countryName(order.country)}` : ""}`,
    withPhone && order.phone ? `Tel. ${order.phone}` : null,
  ].filter((line): line is string => Boolean(line));
}

/** The order's delivery address, as the customer and the admin read it. */
export function ShippingAddress({
  order,
  showPhone = false,
}: {
  order: AddressFields;
  /** The admin shows the phone with the customer's details instead. */
  showPhone?: boolean;
}) {
  return (
    <address className="mt-2 text-sm break-words text-slate-800 not-italic">
      {addressLines(order, { withPhone: showPhone }).map((line, index) => (
        <span key={index} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

export const orderCardClass = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";

/** A titled card of an order page (products, address, history…). */
export function OrderCard({
  spaced = false,
  ...section
}: TitledSectionProps & {
  /** A gap under the title (lists that start right below it). */
  spaced?: boolean;
}) {
  return (
    <TitledSection
      {...section}
      className={orderCardClass}
      titleClassName={spaced ? "mb-3" : undefined}
    />
  );
}

/** "Número de seguimiento: …" with the lorry; `boxed` on the customer's pages. */
export function TrackingNumberNote({
  trackingNumber,
  className,
  boxed = false,
}: {
  trackingNumber: string;
  className?: string;
  boxed?: boolean;
}) {
  return (
    <p className={cn("flex items-start gap-2 text-slate-900", className)}>
      <Truck
        aria-hidden
        className={cn("mt-0.5 shrink-0 text-violet-800", boxed ? "size-5" : "size-4")}
      />
      <span>
        Número de seguimiento: <strong className="break-all">{trackingNumber}</strong>
      </span>
    </p>
  );
}

/** The order's number as a title, with its status badge (and the admin's warning badges). */
export function OrderTitle({
  number,
  status,
  as: Heading = "h1",
  id,
  children,
}: {
  number: string;
  status: OrderStatus;
  as?: "h1" | "h2";
  id?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Heading
        id={id}
        className={cn(
          "break-all text-slate-900",
          Heading === "h1" ? "text-2xl font-bold" : "text-lg font-semibold",
        )}
      >
        {`Pedido ${number}`}
      </Heading>
      <OrderStatusBadge status={status} />
      {children}
    </div>
  );
}

/** The admin's warnings on an order: payment to refund, payment to review. */
export function OrderFlags({
  needsRefund,
  paymentReview,
}: {
  needsRefund: boolean;
  paymentReview: boolean;
}) {
  // On a phone the words may wrap, so the orders table keeps its total in sight.
  const flag =
    "inline-flex items-center gap-1 rounded-2xl px-2 py-0.5 text-xs font-medium sm:whitespace-nowrap";
  return (
    <>
      {needsRefund ? (
        <span className={cn(flag, "bg-red-100 text-red-900")}>
          <TriangleAlert aria-hidden className="size-3 shrink-0" /> Reembolso pendiente
        </span>
      ) : null}
      {paymentReview ? (
        <span className={cn(flag, "bg-amber-100 text-amber-950")}>
          <TriangleAlert aria-hidden className="size-3 shrink-0" /> {PAYMENT_REVIEW_LABEL}
        </span>
      ) : null}
    </>
  );
}
