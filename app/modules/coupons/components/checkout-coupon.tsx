import type { ReactNode } from "react";
import { Form } from "react-router";
import { useSubmittingTo } from "~/components/forms/use-submitting";
import { buttonVariants } from "~/components/ui/button";
import { formatCents } from "~/lib/money";
import { cn } from "~/lib/utils";
import { COUPON_MESSAGES } from "../constants";
import { COUPON_INTENTS } from "../checkout-forms";

/* The checkout's coupon: the discount line of the summary, and «Código de descuento». */

/** What the checkout's loader says of the cart's code (see withCartCoupon). */
export interface CheckoutCouponView {
  code: string;
  discountCents: number;
  /** Why it no longer applies (then no discount), or null. */
  message: string | null;
}

/** «Descuento (CODE)» in a summary's `<dl>`; nothing without a discount. */
export function DiscountRow({
  code,
  discountCents,
}: {
  code: string | null;
  discountCents: number;
}) {
  if (!code || discountCents <= 0) return null;
  return (
    <div className="flex justify-between">
      <dt className="text-slate-700">{`Descuento (${code})`}</dt>
      <dd className="font-medium text-emerald-800">{`−${formatCents(discountCents)}`}</dd>
    </div>
  );
}

/**
 * «Código de descuento» with «Aplicar»; once applied, the code with «Quitar» (and, when it no
 * longer applies, why). Plain forms posted to /checkout: they work before JavaScript loads.
 * `errors`: the action's messages for the code typed.
 */
export function CouponField({
  coupon,
  errors,
  postalCode,
}: {
  coupon: CheckoutCouponView | null;
  errors: string[] | undefined;
  /** The checkout's `?cp=` (the zone it is priced for): posted back so the page keeps it. */
  postalCode: string | null;
}) {
  const busy = useSubmittingTo("/checkout");
  if (coupon) {
    return (
      <div className="mt-4 border-t border-slate-200 pt-3 text-sm">
        <CouponForm
          intent={COUPON_INTENTS.remove}
          postalCode={postalCode}
          className="flex items-center gap-2"
        >
          <p className="min-w-0 flex-1 text-slate-800">
            Código <strong className="font-semibold">{coupon.code}</strong>
            {coupon.message ? "" : " aplicado"}
          </p>
          <button
            type="submit"
            disabled={busy}
            className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "text-red-700")}
          >
            Quitar<span className="sr-only"> el código {coupon.code}</span>
          </button>
        </CouponForm>
        {coupon.message ? (
          <p role="alert" className="mt-1 text-amber-800">
            {coupon.message} {COUPON_MESSAGES.notApplied}
          </p>
        ) : null}
      </div>
    );
  }
  const errorId = "codigo-descuento-error";
  return (
    <CouponForm
      intent={COUPON_INTENTS.apply}
      postalCode={postalCode}
      className="mt-4 border-t border-slate-200 pt-3"
    >
      <label htmlFor="codigo-descuento" className="mb-1 block text-sm font-medium text-slate-800">
        Código de descuento
      </label>
      <div className="flex gap-2">
        <input
          id="codigo-descuento"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? errorId : undefined}
          className="block min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-base uppercase shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600"
        />
        <button type="submit" disabled={busy} className={buttonVariants({ variant: "outline" })}>
          Aplicar
        </button>
      </div>
      {errors?.length ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
    </CouponForm>
  );
}

/** A form of the coupon box, posted to the checkout's action with its intent and `?cp=`. */
function CouponForm(props: {
  intent: string;
  postalCode: string | null;
  className: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action="/checkout" preventScrollReset className={props.className}>
      <input type="hidden" name="intent" value={props.intent} />
      {props.postalCode ? <input type="hidden" name="cp" value={props.postalCode} /> : null}
      {props.children}
    </Form>
  );
}
