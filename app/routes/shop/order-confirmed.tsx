import { CircleCheck } from "~/components/icons/circle-check";
import { Clock } from "~/components/icons/clock";
import { CircleX } from "~/components/icons/circle-x";
import { useEffect } from "react";
import { data, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/order-confirmed";
import { buttonVariants } from "~/components/ui/button";
import { showToast } from "~/components/ui/toaster";
import { CACHE } from "~/lib/cache";
import { LIMITS } from "~/lib/constants";
import { formatCents } from "~/lib/money";
import { cn } from "~/lib/utils";
import { findOrderBySession } from "~/modules/orders/checkout.server";
import { CHECKOUT_MESSAGES } from "~/modules/orders/checkout-schema";
import { noindexMeta } from "~/lib/page-title";

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Pedido confirmado");

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CACHE.privateNoStore });

/** Where Stripe (or the test page) sends the customer: the order of the payment session. */
export async function loader({ request }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  const order = sessionId && sessionId.length <= 255 ? await findOrderBySession(sessionId) : null;
  if (!order) {
    throw data(
      { message: "No encontramos ningún pedido con ese pago. Revisa el enlace o tus pedidos." },
      { status: 404, headers: { "Cache-Control": CACHE.privateNoStore } },
    );
  }
  const paid = order.status !== "pending_payment" && order.status !== "cancelled";
  return data(
    {
      number: order.number,
      state: paid ? "paid" : order.status === "cancelled" ? "cancelled" : "pending",
      email: order.email,
      totalCents: order.totalCents,
    } as const,
    { headers: { "Cache-Control": CACHE.privateNoStore } },
  );
}

/** While the payment is being confirmed, look again every few seconds (for a minute at most). */
function useRefreshWhilePending(pending: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!pending) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      if (tries > 30) clearInterval(timer);
      else void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the revalidator changes on each call
  }, [pending]);
}

export default function OrderConfirmedPage({ loaderData }: Route.ComponentProps) {
  const { number, state, email, totalCents } = loaderData;
  useRefreshWhilePending(state === "pending");
  useEffect(() => {
    if (state === "paid") {
      showToast({
        title: CHECKOUT_MESSAGES.confirmed.title,
        description: `Tu pedido ${number} está en marcha.`,
        durationMs: LIMITS.toastConfirmationMs,
      });
    }
  }, [state, number]);

  const links = (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      <Link to="/productos" className={buttonVariants({ size: "lg" })}>
        Seguir comprando
      </Link>
      <Link to="/pedidos" className={cn(buttonVariants({ variant: "outline", size: "lg" }))}>
        Ver mis pedidos
      </Link>
    </div>
  );

  return (
    <div className="mx-auto max-w-xl px-4 py-12 text-center">
      {state === "paid" ? (
        <>
          <CircleCheck aria-hidden="true" className="mx-auto size-14 text-green-700" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">¡Pedido Confirmado!</h1>
          <p className="mt-3 text-slate-700">
            Gracias por tu compra. Hemos recibido el pago de {formatCents(totalCents)} y te hemos
            enviado la confirmación a <strong>{email}</strong>.
          </p>
        </>
      ) : state === "pending" ? (
        <>
          <Clock aria-hidden="true" className="mx-auto size-14 text-amber-600" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Estamos confirmando tu pago</h1>
          <p role="status" className="mt-3 text-slate-700">
            El proveedor de pago aún no nos ha confirmado el cobro. Suele tardar unos segundos: esta
            página se actualizará sola, y te enviaremos un correo a <strong>{email}</strong> en
            cuanto llegue.
          </p>
        </>
      ) : (
        <>
          <CircleX aria-hidden="true" className="mx-auto size-14 text-red-700" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">El pago no se completó</h1>
          <p className="mt-3 text-slate-700">
            Este pedido se canceló sin cobrarse. Tus productos siguen en el carrito si quieres
            intentarlo de nuevo.
          </p>
        </>
      )}
      <p className="mt-6 rounded-lg bg-slate-100 px-4 py-3 text-slate-800">
        Número de pedido: <strong className="font-mono text-lg">{number}</strong>
      </p>
      {state === "cancelled" ? (
        <div className="mt-8">
          <Link to="/checkout" className={buttonVariants({ size: "lg" })}>
            Volver al carrito
          </Link>
        </div>
      ) : (
        links
      )}
    </div>
  );
}
