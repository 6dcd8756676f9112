import { ArrowLeft } from "~/components/icons/arrow-left";
import { data, Link } from "react-router";
import type { Route } from "./+types/order-return";
import { accountMeta } from "~/components/layout/account-links";
import { formAction } from "~/lib/action.server";
import { userContext } from "~/lib/context";
import { siteNameOf } from "~/lib/page-title";
import { logRefusal } from "~/modules/accounts/middleware.server";
import { normalizeOrderNumber } from "~/modules/orders";
import { returnFormView, submitReturnRequest } from "~/modules/returns/index.server";
import { RETURN_REQUEST_SCHEMAS } from "~/modules/returns/schemas";
import { ReturnRequestPanel } from "~/modules/returns/ui";
import { RETURN_REQUEST_TITLES, returnKindOf, returnReceivedToast } from "~/modules/returns";

export const meta: Route.MetaFunction = ({ data: page, matches }) =>
  accountMeta(page ? RETURN_REQUEST_TITLES[page.kind] : "Pedido", siteNameOf(matches));

/** /perfil/pedidos/:number/desistimiento or …/garantia. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  const view = await returnFormView(params.number, { userId: user.id }, returnKindOf(request));
  // Someone else's order answers exactly like an unknown one (and both are logged).
  if (!view) {
    logRefusal(context, request, "order_not_owned_or_unknown");
    throw data(null, { status: 404 });
  }
  return view;
}

/** «Confirmar desistimiento» / «Enviar reclamación»: recorded, acknowledged by e-mail. */
export async function action({ params, context, request }: Route.ActionArgs) {
  const user = context.get(userContext)!;
  const kind = returnKindOf(request);
  const number = normalizeOrderNumber(params.number);
  if (!(await returnFormView(number, { userId: user.id }, kind))) {
    logRefusal(context, request, "order_not_owned_or_unknown");
    throw data(null, { status: 404 });
  }
  return formAction(request, {
    schema: RETURN_REQUEST_SCHEMAS[kind],
    run: (value) => submitReturnRequest(number, { userId: user.id }, kind, value),
    onSuccess: (outcome) => ({
      redirectTo: `/perfil/pedidos/${number}`,
      toast: returnReceivedToast(kind, outcome),
    }),
  });
}

export default function OrderReturnPage({ loaderData: view, actionData }: Route.ComponentProps) {
  return (
    <>
      <Link
        to={`/perfil/pedidos/${view.orderNumber}`}
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Pedido {view.orderNumber}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {RETURN_REQUEST_TITLES[view.kind]}
      </h1>
      <ReturnRequestPanel
        view={view}
        action={
          view.kind === "withdrawal"
            ? `/perfil/pedidos/${view.orderNumber}/desistimiento`
            : `/perfil/pedidos/${view.orderNumber}/garantia`
        }
        lastResult={actionData?.result}
      />
    </>
  );
}
