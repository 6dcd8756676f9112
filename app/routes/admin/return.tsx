import { data } from "react-router";
import type { Route } from "./+types/return";
import { useActionToast } from "~/components/forms/use-action-toast";
import { dispatchIntent, formAction } from "~/lib/action.server";
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
  const back = (number: string) => ({ redirectTo: adminReturnPath(number) });
  const failureTitle = "No se pudo actualizar la devolución";
  return dispatchIntent(request, {
    [RETURN_INTENTS.accept]: (formData: FormData) =>
      formAction(formData, {
        schema: acceptReturnSchema,
        intent: RETURN_INTENTS.accept,
        failureTitle,
        run: ({ from }) => acceptReturn(params.number, from, admin),
        onSuccess: ({ number }) => ({
          ...back(number),
          toast: moved("accepted", " Hemos enviado al cliente cómo devolver los artículos."),
        }),
      }),
    [RETURN_INTENTS.reject]: (formData: FormData) =>
      formAction(formData, {
        schema: rejectReturnSchema,
        intent: RETURN_INTENTS.reject,
        failureTitle,
        run: (value) => rejectReturn(params.number, value, admin),
        onSuccess: ({ number }) => ({
          ...back(number),
          toast: moved("rejected", " Hemos enviado el motivo al cliente."),
        }),
      }),
    [RETURN_INTENTS.receive]: (formData: FormData) =>
      formAction(formData, {
        schema: receiveReturnSchema,
        intent: RETURN_INTENTS.receive,
        failureTitle,
        run: (value) => receiveReturn(params.number, value, admin),
        onSuccess: ({ number, detail }) => ({
          ...back(number),
          toast: moved("received", detail ? ` ${detail}` : ""),
        }),
      }),
    [RETURN_INTENTS.refund]: (formData: FormData) =>
      formAction(formData, {
        schema: refundReturnSchema,
        intent: RETURN_INTENTS.refund,
        failureTitle: "No se pudo reembolsar",
        run: ({ requestKey }) => refundReturn(params.number, requestKey, admin),
        onSuccess: ({ number }) => ({
          ...back(number),
          toast: {
            title: "Reembolso solicitado",
            description:
              "El proveedor de pago está devolviendo el dinero; la devolución pasará a «Reembolsada» cuando lo confirme.",
          },
        }),
      }),
    [RETURN_INTENTS.retry]: (formData: FormData) =>
      formAction(formData, {
        schema: retryRefundSchema,
        intent: RETURN_INTENTS.retry,
        failureTitle: "No se pudo reintentar el reembolso",
        run: ({ refundId }) => retryReturnRefund(params.number, refundId, admin),
        onSuccess: ({ number }) => ({
          ...back(number),
          toast: {
            title: "Reembolso reintentado",
            description: "Se ha pedido de nuevo al proveedor de pago.",
          },
        }),
      }),
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
