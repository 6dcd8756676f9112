import { data } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/return";
import { useActionToast } from "~/components/forms/use-action-toast";
import { dispatchIntent, formAction } from "~/lib/action.server";
import type { Result } from "~/lib/failure";
import type { ToastInput } from "~/lib/toast";
import { userContext } from "~/lib/context";
import { pageTitle } from "~/lib/page-title";
import {
  acceptReturn,
  loadAdminReturn,
  receiveReturn,
  refundReturn,
  rejectReturn,
  retryReturnRefund,
} from "~/modules/returns/admin-returns.server";
import {
  acceptReturnSchema,
  adminReturnPath,
  receiveReturnSchema,
  refundReturnSchema,
  rejectReturnSchema,
  RETURN_INTENTS,
  retryRefundSchema,
} from "~/modules/returns/admin-schemas";
import {
  AdminReturnHeading,
  ReturnActionsCard,
  ReturnCard,
  ReturnDetailsCard,
  ReturnHistory,
  ReturnLines,
  ReturnRefunds,
} from "~/modules/returns/components/admin-return";
import { RETURN_STATUS_LABELS } from "~/modules/returns/status";

export const meta: Route.MetaFunction = ({ params, matches }) => [
  { title: pageTitle(matches, `Devolución ${params.number} · Administración`) },
];

export async function loader({ params }: Route.LoaderArgs) {
  const found = await loadAdminReturn(params.number);
  if (!found) throw data(null, { status: 404 });
  return found;
}

const moved = (status: keyof typeof RETURN_STATUS_LABELS, extra = "") => ({
  title: "Devolución actualizada",
  description: `La devolución está ahora «${RETURN_STATUS_LABELS[status]}».${extra}`,
});

export async function action({ request, params, context }: Route.ActionArgs) {
  // The admin layout's guard has run: an admin is signed in.
  const admin = context.get(userContext)!;
  /** A step of the return's workflow: its form, one call, then back to the return with a toast. */
  const step =
    <Schema extends z.ZodType, T extends { number: string }>(
      intent: string,
      schema: Schema,
      run: (value: z.output<Schema>) => Promise<Result<T>>,
      toast: (done: T) => ToastInput,
      failureTitle = "No se pudo actualizar la devolución",
    ) =>
    (formData: FormData) =>
      formAction(formData, {
        schema,
        intent,
        failureTitle,
        run,
        onSuccess: (done) => ({ redirectTo: adminReturnPath(done.number), toast: toast(done) }),
      });
  const { number } = params;
  return dispatchIntent(request, {
    [RETURN_INTENTS.accept]: step(
      RETURN_INTENTS.accept,
      acceptReturnSchema,
      ({ from }) => acceptReturn(number, from, admin),
      () => moved("accepted", " Hemos enviado al cliente cómo devolver los artículos."),
    ),
    [RETURN_INTENTS.reject]: step(
      RETURN_INTENTS.reject,
      rejectReturnSchema,
      (value) => rejectReturn(number, value, admin),
      () => moved("rejected", " Hemos enviado el motivo al cliente."),
    ),
    [RETURN_INTENTS.receive]: step(
      RETURN_INTENTS.receive,
      receiveReturnSchema,
      (value) => receiveReturn(number, value, admin),
      ({ detail }) => moved("received", detail ? ` ${detail}` : ""),
    ),
    [RETURN_INTENTS.refund]: step(
      RETURN_INTENTS.refund,
      refundReturnSchema,
      ({ requestKey }) => refundReturn(number, requestKey, admin),
      () => ({
        title: "Reembolso solicitado",
        description:
          "El proveedor de pago está devolviendo el dinero; la devolución pasará a «Reembolsada» cuando lo confirme.",
      }),
      "No se pudo reembolsar",
    ),
    [RETURN_INTENTS.retry]: step(
      RETURN_INTENTS.retry,
      retryRefundSchema,
      ({ refundId }) => retryReturnRefund(number, refundId, admin),
      () => ({
        title: "Reembolso reintentado",
        description: "Se ha pedido de nuevo al proveedor de pago.",
      }),
      "No se pudo reintentar el reembolso",
    ),
  });
}

/** Buttons without fields of their own show their refusal above the actions. */
const PLAIN_INTENTS: string[] = [
  RETURN_INTENTS.accept,
  RETURN_INTENTS.refund,
  RETURN_INTENTS.retry,
];

export default function AdminReturnPage({ loaderData: ret, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const intent = actionData?.intent;
  const formError =
    intent && PLAIN_INTENTS.includes(intent)
      ? Object.values(actionData?.result.error ?? {}).flat()[0]
      : undefined;
  return (
    <>
      <AdminReturnHeading ret={ret} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <ReturnActionsCard
            ret={ret}
            lastResult={actionData?.result}
            intent={intent}
            formError={formError ?? undefined}
          />
          <ReturnCard id="articulos-devolucion" title="Artículos devueltos">
            <ReturnLines lines={ret.lines} />
          </ReturnCard>
          <ReturnCard id="reembolsos-devolucion" title="Reembolsos">
            <ReturnRefunds refunds={ret.refunds} />
          </ReturnCard>
        </div>
        <div className="space-y-6">
          <ReturnDetailsCard ret={ret} />
          <ReturnCard id="historial-devolucion" title="Historial">
            <ReturnHistory history={ret.history} />
          </ReturnCard>
        </div>
      </div>
    </>
  );
}
