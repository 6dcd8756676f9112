import { ShoppingCart } from "~/components/icons/shopping-cart";
import { TriangleAlert } from "~/components/icons/triangle-alert";
import { Minus } from "~/components/icons/minus";
import { Plus } from "~/components/icons/plus";
import { Trash2 } from "~/components/icons/trash-2";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { LIMITS } from "~/lib/constants";
import { formatCents } from "~/lib/money";
import { cn } from "~/lib/utils";
import type { CartLine, CartView } from "../cart.server";
import { CardImage } from "~/modules/catalog/ui";
import { SummaryTaxRow, ZoneSummaryNote } from "./zone-summary";

/* The checkout's cart: its lines with their controls and warnings, and the summary. */

const ISSUE_TEXT: Record<NonNullable<CartLine["issue"]>, (line: CartLine) => string> = {
  unavailable: (line) =>
    line.kind === "marketplace"
      ? "Este artículo ya no está disponible (vendido o retirado). Quítalo para continuar."
      : "Este producto ya no está disponible. Quítalo para continuar.",
  reserved: () =>
    "Reservado: otra persona está pagando este artículo ahora. Si no completa el pago, volverá a estar disponible.",
  out_of_stock: () => "Agotado: ya no quedan unidades. Quítalo para continuar.",
  short: (line) =>
    `Solo quedan ${line.available === 1 ? "1 unidad" : `${line.available} unidades`}. Ajusta la cantidad.`,
  price_changed: (line) =>
    `El precio ha cambiado: antes ${formatCents(line.seenPriceCents)}, ahora ${formatCents(line.unitPriceCents)}.`,
};

/** 'Eliminar': a product's line, or a one-off marketplace item. */
function RemoveLineForm({ line }: { line: CartLine }) {
  const item = line.kind === "marketplace";
  return (
    <Form method="post" action="/carrito" replace preventScrollReset className="ml-auto">
      {item ? (
        <input type="hidden" name="marketplaceProductId" value={line.marketplaceProductId ?? ""} />
      ) : (
        <input type="hidden" name="productId" value={line.productId ?? ""} />
      )}
      <input type="hidden" name="redirectTo" value="/checkout" />
      <input type="hidden" name="intent" value={item ? "remove-item" : "remove"} />
      <button
        type="submit"
        className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "text-red-700")}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Eliminar<span className="sr-only"> {line.name}</span>
      </button>
    </Form>
  );
}

/** A one-off marketplace item: one piece, so only 'Eliminar'. */
function ItemControls({ line }: { line: CartLine }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <p className="text-sm text-slate-600">Pieza única · 1 unidad</p>
      <RemoveLineForm line={line} />
    </div>
  );
}

function CartControls({ line }: { line: CartLine }) {
  if (line.kind === "marketplace") return <ItemControls line={line} />;
  const hidden = (
    <>
      <input type="hidden" name="productId" value={line.productId ?? ""} />
      <input type="hidden" name="redirectTo" value="/checkout" />
    </>
  );
  const max = Math.min(Math.max(line.available, 1), LIMITS.maxCartLineQuantity);
  const quantityFormId = `cantidad-form-${line.productId}`;
  const small = buttonVariants({ variant: "outline", size: "icon" });
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <Form method="post" action="/carrito" replace preventScrollReset>
        {hidden}
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="quantity" value={line.quantity - 1} />
        <button type="submit" className={small} aria-label={`Quitar una unidad de ${line.name}`}>
          <Minus aria-hidden="true" className="size-4" />
        </button>
      </Form>
      <Form id={quantityFormId} method="post" action="/carrito" replace preventScrollReset>
        {hidden}
        <input type="hidden" name="intent" value="update" />
        <label htmlFor={`cantidad-${line.productId}`} className="sr-only">
          Cantidad de {line.name}
        </label>
        <input
          id={`cantidad-${line.productId}`}
          type="number"
          name="quantity"
          min={0}
          max={max}
          defaultValue={line.quantity}
          key={line.quantity}
          inputMode="numeric"
          className="h-10 w-16 rounded-md border border-slate-300 px-2 text-center text-base"
        />
      </Form>
      <Form method="post" action="/carrito" replace preventScrollReset>
        {hidden}
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="quantity" value={line.quantity + 1} />
        <button
          type="submit"
          className={small}
          disabled={line.quantity >= line.available}
          aria-label={`Añadir una unidad de ${line.name}`}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </Form>
      <button
        type="submit"
        form={quantityFormId}
        className={buttonVariants({ variant: "ghost", size: "sm" })}
      >
        Actualizar<span className="sr-only"> la cantidad de {line.name}</span>
      </button>
      <RemoveLineForm line={line} />
    </div>
  );
}

export function CartLineItem({ line }: { line: CartLine }) {
  return (
    <li
      className={cn(
        "flex gap-3 rounded-xl border bg-white p-3 shadow-sm sm:gap-4",
        line.issue ? "border-amber-400" : "border-slate-200",
      )}
    >
      <div className="aspect-[4/3] w-20 shrink-0 self-start overflow-hidden rounded-lg bg-slate-100 sm:w-28">
        <CardImage imageKey={line.imageKey ?? undefined} width={320} sizes="112px" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h3 className="font-medium text-slate-900">
            <Link to={line.path} className="hover:text-brand-700 hover:underline">
              {line.name}
            </Link>
            {line.kind === "marketplace" ? (
              <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 align-middle text-xs font-semibold text-brand-800">
                Marketplace
              </span>
            ) : null}
          </h3>
          <p className="text-sm text-slate-700">
            {formatCents(line.unitPriceCents)} <span className="text-slate-600">/ unidad</span>
          </p>
        </div>
        {line.issue ? (
          <p role="status" className="flex items-start gap-1.5 text-sm font-medium text-amber-800">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {ISSUE_TEXT[line.issue](line)}
          </p>
        ) : null}
        <CartControls line={line} />
        <p className="text-right text-sm font-semibold text-slate-900">
          {formatCents(line.unitPriceCents * line.quantity)}
        </p>
      </div>
    </li>
  );
}

/** The cart changed since it was filled: the warning, and 'Aceptar los cambios'. */
export function CartChangedNotice() {
  return (
    <div
      role="alert"
      className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p className="font-semibold">Algunos productos han cambiado desde que los añadiste.</p>
      <p className="mt-1">
        Revisa los avisos de abajo. No se cobrará nada hasta que aceptes los precios y cantidades de
        ahora.
      </p>
      <Form method="post" action="/carrito" replace preventScrollReset className="mt-2">
        <input type="hidden" name="intent" value="accept" />
        <input type="hidden" name="redirectTo" value="/checkout" />
        <button type="submit" className={buttonVariants({ size: "sm" })}>
          Aceptar los cambios
        </button>
      </Form>
    </div>
  );
}

/**
 * 'Resumen': subtotal, (the coupon's `discount` row), shipping, total and VAT, the zone's note;
 * `children` below.
 */
export function CheckoutSummary({
  cart,
  zoneKnown = false,
  discount,
  children,
}: {
  cart: Pick<CartView, "totals" | "shipping" | "zone">;
  /** The zone comes from a postal code (else the Península's figures are shown by default). */
  zoneKnown?: boolean;
  discount?: ReactNode;
  children?: ReactNode;
}) {
  const { totals, shipping } = cart;
  return (
    <aside
      aria-labelledby="resumen"
      className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
    >
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="resumen" className="text-lg font-semibold text-slate-900">
          Resumen
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-700">Subtotal</dt>
            <dd className="font-medium text-slate-900">{formatCents(totals.subtotalCents)}</dd>
          </div>
          {discount}
          <div className="flex justify-between">
            <dt className="text-slate-700">Envío</dt>
            <dd className="font-medium text-slate-900">
              {totals.shippingCents === 0 ? "Gratis" : formatCents(totals.shippingCents)}
            </dd>
          </div>
          <div className="flex justify-between border-t border-slate-200 pt-2 text-base">
            <dt className="font-semibold text-slate-900">Total</dt>
            <dd className="font-bold text-slate-900">{formatCents(totals.totalCents)}</dd>
          </div>
          <SummaryTaxRow zone={cart.zone} vatCents={totals.vatCents} />
        </dl>
        {shipping.freeFromCents !== null && totals.shippingCents > 0 ? (
          <p className="mt-3 text-sm text-slate-700">
            Envío gratis a partir de {formatCents(shipping.freeFromCents)}.
          </p>
        ) : null}
        <ZoneSummaryNote zone={cart.zone} zoneKnown={zoneKnown} enabled={shipping.enabled} />
        {children}
      </div>
    </aside>
  );
}

/** The checkout with nothing to buy. */
export function EmptyCart() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <ShoppingCart aria-hidden="true" className="mx-auto size-12 text-slate-400" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Tu carrito está vacío</h1>
      <p className="mt-2 text-slate-700">Añade productos desde el catálogo para comprarlos.</p>
      <Link to="/productos" className={cn(buttonVariants({ size: "lg" }), "mt-6")}>
        Ver productos
      </Link>
    </div>
  );
}

/** 'Tu carrito (n productos)': the lines with their controls, and what changed since. */
export function CheckoutCartLines({
  cart,
}: {
  cart: Pick<CartView, "count" | "hasIssues" | "lines">;
}) {
  return (
    <section aria-labelledby="carrito" className="min-w-0 lg:col-start-1 lg:row-start-1">
      <h2 id="carrito" className="text-lg font-semibold text-slate-900">
        Tu carrito ({cart.count === 1 ? "1 producto" : `${cart.count} productos`})
      </h2>
      {cart.hasIssues ? <CartChangedNotice /> : null}
      <ul className="mt-3 space-y-3">
        {cart.lines.map((line) => (
          <CartLineItem key={line.key} line={line} />
        ))}
      </ul>
    </section>
  );
}
