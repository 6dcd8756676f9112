import { getZodConstraint } from "@conform-to/zod/v4";
import { useSubmittingTo } from "~/components/forms/use-submitting";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/checkout";
import { FormErrors, TextField } from "~/components/forms/field";
import { EmailField, SubmitButton } from "~/components/forms/form-parts";
import { useLightForm } from "~/components/forms/lazy-validation";
import { useActionToast } from "~/components/forms/use-action-toast";
import { PlaceFields } from "~/components/forms/province-field";
import { CACHE } from "~/lib/cache";
import { LIMITS, RATE_LIMITS } from "~/lib/constants";
import { requestInfoContext, userContext } from "~/lib/context";
import { formAction, type ActionReply } from "~/lib/action.server";
import { rateLimited } from "~/lib/failure";
import { formatCents } from "~/lib/money";
import { isRateLimited, TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import {
  CheckoutCartLines,
  CheckoutSummary,
  EmptyCart,
} from "~/modules/cart/components/checkout-cart";
import { cartIdentityOf } from "~/modules/cart/middleware.server";
import { placeOrder } from "~/modules/orders/checkout.server";
import { checkoutSummary, unpaidAttemptDetails } from "~/modules/orders/checkout-summary.server";
import {
  checkoutInputOf,
  checkoutSchema,
  needsCompleteInvoice,
} from "~/modules/orders/checkout-schema";
import { InvoiceRequestBox } from "~/modules/orders/components/invoice-request-box";
import { CheckoutLegalInfo } from "~/modules/settings/components/checkout-legal-info";
import { getLegalData, getSiteSettings } from "~/modules/settings/site-settings.server";
import { noindexMeta } from "~/lib/page-title";
import { readFormData } from "~/lib/forms.server";
import { couponCustomerOf, isCouponReply } from "~/modules/coupons/checkout-forms";
import { couponCheckoutAction, isCouponIntent } from "~/modules/coupons/checkout-actions.server";
import { CouponField, DiscountRow } from "~/modules/coupons/ui";
import { zoneOfPostalCode, type ShippingZone } from "~/modules/settings";
import { postalCodeParam, useZoneReprice } from "~/modules/orders/zone-reprice";

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Finalizar compra");

/** The cart and the customer's details are personal: never stored by any cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CACHE.privateNoStore });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  // `?cp=`: the postal code typed so far (the page asks again when it changes the zone).
  const typed = postalCodeParam(new URL(request.url).searchParams.get("cp"));
  // Back from the payment page without paying: the form shows what was typed again.
  const restored = await unpaidAttemptDetails(cartIdentityOf(context));
  const postalCode = typed ?? postalCodeParam(restored?.postalCode ?? null);
  const [{ cart, coupon }, seller, settings] = await Promise.all([
    checkoutSummary(
      cartIdentityOf(context),
      postalCode ? zoneOfPostalCode(postalCode) : "peninsula",
      couponCustomerOf(user),
    ),
    // Who sells, shown before «Pagar» (TRLGDCU art. 97.1 b–c).
    getLegalData(),
    getSiteSettings(),
  ]);
  // Above 3.000 € the complete invoice is required (RD 1619/2012 art. 4.2): ticked to begin with.
  const invoiceRequired = needsCompleteInvoice(cart.totals.totalCents);
  return data(
    {
      cart,
      coupon,
      seller,
      siteName: settings.general.siteName,
      invoiceRequired,
      zoneKnown: postalCode !== null,
      defaults: {
        fullName: user?.name ?? "",
        email: user?.email ?? "",
        ...restored,
        ...(postalCode ? { postalCode } : {}),
        ...(invoiceRequired ? { wantsInvoice: "on" } : {}),
      },
      constraint: getZodConstraint(checkoutSchema),
    },
    { headers: { "Cache-Control": CACHE.privateNoStore } },
  );
}

/**
 * 'Pagar': parse → rate limit → place the order (amounts from the database) → to the payment.
 * A refusal (the cart or the stock changed, the provider is down) keeps the form, with the
 * spec's title and text above it and in a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = context.get(requestInfoContext);
  const formData = await readFormData(request);
  const customer = couponCustomerOf(context.get(userContext));
  if (isCouponIntent(formData)) {
    const cp = formData.get("cp");
    return couponCheckoutAction(formData, {
      identity: cartIdentityOf(context),
      customer,
      ip,
      postalCode: postalCodeParam(typeof cp === "string" ? cp : null),
    });
  }
  // The zone of the posted postal code: a refusal answers with the summary for it.
  let postedZone = null as ShippingZone | null;
  const reply = await formAction(formData, {
    schema: checkoutSchema,
    authorize: async () =>
      (await isRateLimited([[`checkout:ip:${ip}`, RATE_LIMITS.checkoutPerIp]]))
        ? rateLimited(TOO_MANY_ATTEMPTS)
        : null,
    run: (input) => {
      postedZone = zoneOfPostalCode(input.postalCode);
      return placeOrder(cartIdentityOf(context), checkoutInputOf(input), { clientIp: ip });
    },
    onSuccess: (placed) => redirect(placed.paymentUrl),
  });
  if (postedZone === null || reply instanceof Response) return reply;
  // E.g. the total shown was the Península's and the address is in Canarias (TRLGDCU art. 97):
  // nothing was placed; the page now shows what the order would cost, with or without JS.
  const { cart: summary } = await checkoutSummary(cartIdentityOf(context), postedZone, customer);
  // A refusal's answer is always the form's reply (formAction's `failureReply`).
  const refused = reply.data as ActionReply;
  return data({ ...refused, summary }, reply.init ?? undefined);
}

/** zod and the schema load after hydration (ADR 0007). */
const loadCheckoutSchema = () =>
  import("~/modules/orders/checkout-schema").then((m) => m.checkoutSchema);

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { coupon, defaults, seller, siteName, invoiceRequired } = loaderData;
  // After a refusal, the summary of the zone the customer's postal code is in.
  // (The action's answer types only as far as formAction's reply: the summary is a CartView.)
  const summary =
    actionData && "summary" in actionData ? (actionData.summary as typeof loaderData.cart) : null;
  const cart = summary ?? loaderData.cart;
  const zoneKnown = summary !== null || loaderData.zoneKnown;
  const repriceForPostalCode = useZoneReprice(cart.zone, zoneKnown);
  const busy = useSubmittingTo("/checkout");
  const couponReply = isCouponReply(actionData) ? actionData : undefined;
  const [form, fields] = useLightForm({
    lastResult: busy || couponReply ? null : actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: defaults,
    loadSchema: loadCheckoutSchema,
  });
  useActionToast(actionData);

  if (cart.lines.length === 0) return <EmptyCart />;

  const { totals } = cart;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Finalizar compra
      </h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <CheckoutCartLines cart={cart} />

        <CheckoutSummary
          cart={cart}
          zoneKnown={zoneKnown}
          discount={
            <DiscountRow code={coupon?.code ?? null} discountCents={totals.discountCents} />
          }
        >
          <CouponField
            coupon={coupon}
            errors={couponReply?.result.error?.code ?? undefined}
            postalCode={defaults.postalCode ?? null}
          />
        </CheckoutSummary>

        <section aria-labelledby="datos-envio" className="min-w-0 lg:col-start-1 lg:row-start-2">
          <h2 id="datos-envio" className="text-lg font-semibold text-slate-900">
            Datos de envío
          </h2>
          <Form
            method="post"
            {...form.props}
            onChange={repriceForPostalCode}
            className="mt-3 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2"
          >
            <div className="sm:col-span-2">
              <FormErrors id={form.errorId} errors={form.errors} />
            </div>
            <TextField wide label="Nombre completo" field={fields.fullName} autoComplete="name" />
            <EmailField field={fields.email} />
            <TextField label="Teléfono (opcional)" field={fields.phone} autoComplete="tel" />
            <TextField
              wide
              label="Dirección"
              field={fields.addressLine1}
              autoComplete="address-line1"
              placeholder="Calle, número"
            />
            <TextField
              wide
              label="Piso, puerta… (opcional)"
              field={fields.addressLine2}
              autoComplete="address-line2"
            />
            <PlaceFields fields={fields} />
            <InvoiceRequestBox fields={fields} required={invoiceRequired} />
            <div className="sm:col-span-2">
              <CheckoutLegalInfo seller={seller} siteName={siteName} />
            </div>
            <div className="sm:col-span-2">
              {/* The total shown beside «Pagar»: the order is placed only for it. */}
              <input type="hidden" name="shownTotalCents" value={totals.totalCents} readOnly />
              <SubmitButton busy={busy} busyLabel="Procesando..." disabled={cart.hasIssues}>
                {`Pagar ${formatCents(totals.totalCents)}`}
              </SubmitButton>
              {cart.hasIssues ? (
                <p className="mt-2 text-sm text-amber-800">
                  Acepta o ajusta los cambios de tu carrito para poder pagar.
                </p>
              ) : (
                <p className="mt-2 text-sm text-slate-600">
                  Pagarás en una página segura. Reservamos tus productos durante{" "}
                  {LIMITS.orderReservationMinutes} minutos.
                </p>
              )}
            </div>
          </Form>
        </section>
      </div>
    </div>
  );
}
