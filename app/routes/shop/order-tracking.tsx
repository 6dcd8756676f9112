import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Truck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/order-tracking";
import { FormErrors, primaryButtonClass, TextField } from "~/components/forms/field";
import { useLazyValidation } from "~/components/forms/lazy-validation";
import { CACHE } from "~/lib/cache";
import { RATE_LIMITS } from "~/lib/constants";
import { requestInfoContext } from "~/lib/context";
import { formatDate, formatDateTime } from "~/lib/dates";
import { readFormData } from "~/lib/forms.server";
import { formatCents } from "~/lib/money";
import { forgiveAttempts, isRateLimited, TOO_MANY_ATTEMPTS } from "~/lib/rate-limit.server";
import {
  OrderHistory,
  OrderLines,
  OrderStatusBadge,
} from "~/modules/orders/components/order-parts";
import { findTrackedOrder } from "~/modules/orders/queries.server";
import { TRACKING_NOT_FOUND_MESSAGE, trackOrderSchema } from "~/modules/orders/schemas";
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

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: trackOrderSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), order: null }, { status: 400 });
  }
  const { number, email } = submission.value;
  const { ip } = context.get(requestInfoContext);
  const keys: [string, string] = [`order-tracking:ip:${ip}`, `order-tracking:number:${number}`];
  const limited = await isRateLimited([
    [keys[0], RATE_LIMITS.orderTrackingPerIp],
    [keys[1], RATE_LIMITS.orderTrackingPerNumber],
  ]);
  if (limited) {
    return data(
      { result: submission.reply({ formErrors: [TOO_MANY_ATTEMPTS] }), order: null },
      { status: 429 },
    );
  }
  const order = await findTrackedOrder(number, email);
  // One answer for a wrong number and for a wrong e-mail: nothing tells which it was.
  if (!order) {
    return data(
      { result: submission.reply({ formErrors: [TRACKING_NOT_FOUND_MESSAGE] }), order: null },
      { status: 404 },
    );
  }
  await forgiveAttempts(keys);
  return {
    result: submission.reply(),
    order: {
      number: order.number,
      status: order.status,
      dateIso: order.createdAt.toISOString(),
      date: formatDate(order.createdAt),
      total: formatCents(order.totalCents),
      trackingNumber: order.trackingNumber,
      lines: order.lines,
      history: order.history.map((entry) => ({
        id: entry.id,
        toStatus: entry.toStatus,
        atIso: entry.createdAt.toISOString(),
        atLabel: formatDateTime(entry.createdAt),
      })),
    },
  };
}

/** zod and the schema load after hydration (ADR 0007). */
const loadTrackOrderSchema = () =>
  import("~/modules/orders/schemas").then((m) => m.trackOrderSchema);

export default function OrderTrackingPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === PATH;
  const [form, fields] = useForm({
    lastResult: busy ? null : actionData?.result,
    defaultValue: { number: loaderData.number },
    constraint: loaderData.constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadTrackOrderSchema),
  });
  const order = actionData?.order;

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Seguimiento de pedidos</h1>
      <p className="mt-1 text-slate-700">
        Escribe el número de tu pedido (está en el correo de confirmación) y el correo electrónico
        con el que lo hiciste.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label="Número de pedido" field={fields.number} placeholder="P-2026-7K3M9Q" />
        <TextField
          label="Correo electrónico"
          field={fields.email}
          type="email"
          autoComplete="email"
        />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? "Buscando..." : "Buscar pedido"}
        </button>
      </Form>

      {order ? (
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
            Realizado el <time dateTime={order.dateIso}>{order.date}</time> · Total {order.total}{" "}
            (IVA incluido)
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
