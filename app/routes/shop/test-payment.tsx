import { FlaskConical } from "~/components/icons/flask-conical";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/test-payment";
import { SubmitButton } from "~/components/forms/form-parts";
import { buttonVariants } from "~/components/ui/button";
import { CACHE } from "~/lib/cache";
import { requestInfoContext } from "~/lib/context";
import { formAction } from "~/lib/action.server";
import { formatCents } from "~/lib/money";
import { cn } from "~/lib/utils";
import { findOrderBySession } from "~/modules/orders/checkout.server";
import { CHECKOUT_MESSAGES } from "~/modules/orders/checkout-schema";
import { isTestMode, TEST_SESSION_PREFIX } from "~/modules/payments/provider.server";
import { sendTestPaymentEvent } from "~/modules/orders/payment-webhook.server";
import { noindexMeta } from "~/lib/page-title";

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Pago de prueba");

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CACHE.privateNoStore });

/** The test session of the page, or a 404 (also whenever Stripe is configured). */
async function testOrder(sessionId: string | null) {
  if (!isTestMode() || !sessionId?.startsWith(TEST_SESSION_PREFIX)) {
    throw data(null, { status: 404 });
  }
  const order = await findOrderBySession(sessionId);
  if (!order || order.paymentProvider !== "test") throw data(null, { status: 404 });
  return order;
}

export async function loader({ request }: Route.LoaderArgs) {
  const session = new URL(request.url).searchParams.get("session");
  const order = await testOrder(session);
  return data(
    {
      session: session!,
      number: order.number,
      status: order.status,
      email: order.email,
      totalCents: order.totalCents,
      discountCents: order.discountCents,
      couponCode: order.couponCode,
      items: order.items,
    },
    { headers: { "Cache-Control": CACHE.privateNoStore } },
  );
}

const actionSchema = z.object({
  session: z.string().max(200),
  intent: z.enum(["pay", "fail", "cancel"]),
});

/**
 * The buttons send a Stripe-shaped, signed event through the webhook's own verification and
 * handling, then go where Stripe would send the customer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { requestId } = context.get(requestInfoContext);
  return formAction(request, {
    schema: actionSchema,
    // Only the page's own buttons send this form: anything else is a bad request.
    onFailure: () => {
      throw data(null, { status: 400 });
    },
    run: async ({ session, intent }) => {
      const order = await testOrder(session);
      const sent = await sendTestPaymentEvent(
        { sessionId: session, totalCents: order.totalCents },
        intent,
        { requestId },
      );
      // Our own signed event: a refusal is a bug, not the customer's.
      if (!sent.ok) throw new Error("test payment event refused by the webhook verification");
      return sent;
    },
    onSuccess: (_sent, { session, intent }) =>
      intent === "pay"
        ? redirect(`/pedido-confirmado?session_id=${encodeURIComponent(session)}`)
        : {
            redirectTo: "/checkout",
            toast: {
              ...(intent === "fail"
                ? CHECKOUT_MESSAGES.paymentFailed
                : CHECKOUT_MESSAGES.paymentCancelled),
              variant: "destructive",
            },
          },
  });
}

export default function TestPaymentPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const open = loaderData.status === "pending_payment";
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <p className="inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
        <FlaskConical aria-hidden="true" className="size-4" />
        Modo de pruebas
      </p>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">Pago de prueba</h1>
      <p className="mt-2 text-slate-700">
        La tienda no tiene una pasarela de pago configurada. Esta página simula el pago: no se cobra
        nada de verdad.
      </p>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <p className="text-sm text-slate-600">Pedido {loaderData.number}</p>
        <ul className="mt-2 space-y-1 text-sm text-slate-800">
          {loaderData.items.map((item) => (
            <li key={item.name} className="flex justify-between gap-3">
              <span>
                {item.quantity} × {item.name}
              </span>
              <span>{formatCents(item.lineTotalCents)}</span>
            </li>
          ))}
          {loaderData.discountCents > 0 ? (
            <li className="flex justify-between gap-3">
              <span>{`Descuento (${loaderData.couponCode})`}</span>
              <span>{`−${formatCents(loaderData.discountCents)}`}</span>
            </li>
          ) : null}
        </ul>
        <p className="mt-3 flex justify-between border-t border-slate-200 pt-2 font-semibold text-slate-900">
          <span>Total</span>
          <span>{formatCents(loaderData.totalCents)}</span>
        </p>
      </div>
      {open ? (
        <Form method="post" className="mt-6 grid gap-3">
          <input type="hidden" name="session" value={loaderData.session} />
          <SubmitButton busy={busy} busyLabel="Procesando..." name="intent" value="pay">
            Pagar
          </SubmitButton>
          <div className="grid grid-cols-2 gap-3">
            <button
              type="submit"
              name="intent"
              value="fail"
              disabled={busy}
              className={buttonVariants({ variant: "outline" })}
            >
              Simular pago fallido
            </button>
            <button
              type="submit"
              name="intent"
              value="cancel"
              disabled={busy}
              className={cn(buttonVariants({ variant: "ghost" }))}
            >
              Cancelar
            </button>
          </div>
        </Form>
      ) : (
        <p role="status" className="mt-6 rounded-lg bg-slate-100 p-3 text-slate-800">
          Este pago ya no está pendiente.
        </p>
      )}
    </div>
  );
}
