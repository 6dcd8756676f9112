import { getZodConstraint } from "@conform-to/zod/v4";
import { useSubmittingTo } from "~/components/forms/use-submitting";
import { lazy, Suspense } from "react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/order-tracking";
import { FormErrors, TextField } from "~/components/forms/field";
import { EmailField, SubmitButton } from "~/components/forms/form-parts";
import { useLightForm } from "~/components/forms/lazy-validation";
import { CACHE } from "~/lib/cache";
import { requestInfoContext } from "~/lib/context";
import { formAction } from "~/lib/action.server";
import { throttledOrderLookup } from "~/modules/orders/index.server";
import { orderReturnsPanel } from "~/modules/returns/index.server";
// Not through returns/ui: that also brings the return form (zod, dialogs) this page never shows.
import { OrderReturnsCard } from "~/modules/returns/components/order-returns-card";
import { trackOrderSchema } from "~/modules/orders/schemas";
import { trackOrder } from "~/modules/orders/tracking.server";
import { pageTitle } from "~/lib/page-title";

const PATH = "/pedidos/seguimiento";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Seguimiento de pedidos") },
  { name: "description", content: "Consulta el estado de tu pedido con su número y tu correo." },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CACHE.privateNoStore });

/** A link from the "on its way" e-mail fills in the number. */
export function loader({ request }: Route.LoaderArgs) {
  return {
    number: new URL(request.url).searchParams.get("numero")?.slice(0, 40) ?? "",
    constraint: getZodConstraint(trackOrderSchema),
  };
}

/** Parse → throttle → look the order up → shown on the page itself (no redirect). */
export async function action({ request, context }: Route.ActionArgs) {
  const { ip, requestId } = context.get(requestInfoContext);
  return formAction(request, {
    schema: trackOrderSchema,
    // The shared guest look-up throttle (orders/tracking-throttle.server.ts).
    ...throttledOrderLookup({ ip, requestId }, ({ number, email }) => trackOrder(number, email)),
    // The order's returns and, in its period, «Desistir del contrato aquí» (which carries the
    // number and the e-mail typed to the guest's withdrawal page, checked again there).
    onSuccess: async ({ order }, { email }, reply) =>
      data({
        order,
        returns: await orderReturnsPanel(order.number),
        access: { number: order.number, email },
        result: reply(),
      }),
  });
}

/**
 * The found order appears only after a search: its code loads with it (ADR 0007). The server
 * renders it at once (a search without JavaScript), and the browser hydrates that HTML when the
 * code is there.
 */
const TrackedOrder = import.meta.env.SSR
  ? (await import("~/modules/orders/components/tracked-order")).TrackedOrder
  : lazy(() =>
      import("~/modules/orders/components/tracked-order").then((m) => ({
        default: m.TrackedOrder,
      })),
    );

/** zod and the schema load after hydration (ADR 0007). */
const loadTrackOrderSchema = () =>
  import("~/modules/orders/schemas").then((m) => m.trackOrderSchema);

export default function OrderTrackingPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useSubmittingTo(PATH);
  const [form, fields] = useLightForm({
    lastResult: busy ? null : actionData?.result,
    defaultValue: { number: loaderData.number },
    constraint: loaderData.constraint,
    loadSchema: loadTrackOrderSchema,
  });
  const order = actionData && "order" in actionData ? actionData.order : null;

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Seguimiento de pedidos</h1>
      <p className="mt-1 text-slate-700">
        Escribe el número de tu pedido (está en el correo de confirmación) y el correo electrónico
        con el que lo hiciste.
      </p>
      <Form method="post" {...form.props} className="mt-6 space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label="Número de pedido" field={fields.number} placeholder="P-2026-7K3M9Q" />
        <EmailField field={fields.email} />
        <SubmitButton busy={busy} busyLabel="Buscando...">
          Buscar pedido
        </SubmitButton>
      </Form>

      {order ? (
        <Suspense fallback={null}>
          <TrackedOrder order={order} />
        </Suspense>
      ) : null}
      {order && actionData && "returns" in actionData && actionData.returns ? (
        <OrderReturnsCard
          className="mt-6"
          panel={actionData.returns}
          withdraw={{
            action: "/pedidos/desistimiento",
            hidden: { ...actionData.access, intent: "abrir" },
          }}
          claim={{ action: "/pedidos/garantia", hidden: { ...actionData.access, intent: "abrir" } }}
        />
      ) : null}

      <p className="mt-8 text-sm text-slate-700">
        ¿Tienes cuenta?{" "}
        <Link
          to={`/login?redirectTo=${encodeURIComponent("/perfil/pedidos")}`}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Inicia sesión
        </Link>{" "}
        para ver todos tus pedidos con su dirección de envío.
      </p>
    </div>
  );
}
