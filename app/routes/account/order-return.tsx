import { ArrowLeft as arrowLeftIcon } from "lucide";
import { data, Link } from "react-router";
import type { Route } from "./+types/order-return";
import { icon } from "~/components/ui/icons";
import { accountMeta } from "~/components/layout/account-links";
import { formAction } from "~/lib/action.server";
import { userContext } from "~/lib/context";
import { siteNameOf } from "~/lib/page-title";
import { logRefusal } from "~/modules/accounts/middleware.server";
import { normalizeOrderNumber } from "~/modules/orders";
import { returnFormView, submitReturnRequest } from "~/modules/returns/index.server";
import { conformityClaimSchema, withdrawalSchema } from "~/modules/returns/schemas";
import { ReturnRequestForm } from "~/modules/returns/ui";
import type { ReturnKind } from "~/modules/returns";

const ArrowLeft = icon(arrowLeftIcon);

/** /perfil/pedidos/:number/desistimiento or …/garantia. */
function kindOf(request: Request): ReturnKind {
  return new URL(request.url).pathname.endsWith("/garantia") ? "conformity" : "withdrawal";
}

const TITLES: Record<ReturnKind, string> = {
  withdrawal: "Desistir del contrato",
  conformity: "Informar de un problema con un producto",
};

export const meta: Route.MetaFunction = ({ data: page, matches }) =>
  accountMeta(page ? TITLES[page.kind] : "Pedido", siteNameOf(matches));

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  const view = await returnFormView(params.number, { userId: user.id }, kindOf(request));
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
  const kind = kindOf(request);
  const number = normalizeOrderNumber(params.number);
  if (!(await returnFormView(number, { userId: user.id }, kind))) {
    logRefusal(context, request, "order_not_owned_or_unknown");
    throw data(null, { status: 404 });
  }
  return formAction(request, {
    schema: kind === "withdrawal" ? withdrawalSchema : conformityClaimSchema,
    run: (value) => submitReturnRequest(number, { userId: user.id }, kind, value),
    onSuccess: ({ returnNumber, acknowledged }) => ({
      redirectTo: `/perfil/pedidos/${number}`,
      toast: {
        title:
          kind === "withdrawal"
            ? `Hemos recibido tu desistimiento (${returnNumber})`
            : `Hemos recibido tu reclamación (${returnNumber})`,
        description: acknowledged
          ? "Te hemos enviado el justificante por correo electrónico."
          : "Está registrado; el justificante por correo electrónico aún no ha podido enviarse.",
      },
    }),
  });
}

export default function OrderReturnPage({ loaderData: view, actionData }: Route.ComponentProps) {
  const withdrawal = view.kind === "withdrawal";
  return (
    <>
      <Link
        to={`/perfil/pedidos/${view.orderNumber}`}
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Pedido {view.orderNumber}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{TITLES[view.kind]}</h1>
      {view.closed ? (
        <p className="mt-4 text-slate-700">{view.closed}</p>
      ) : (
        <>
          <p className="mt-2 text-slate-700">
            {withdrawal
              ? `Pedido ${view.orderNumber}. Puedes desistir hasta el ${view.deadline}. Elige los productos y las unidades que devuelves; te enviaremos por correo el justificante con la fecha y la hora de recepción.`
              : `Pedido ${view.orderNumber}. Elige los productos afectados y describe el problema; te enviaremos por correo el justificante y te diremos cómo seguir.`}
          </p>
          <ReturnRequestForm
            action={
              withdrawal
                ? `/perfil/pedidos/${view.orderNumber}/desistimiento`
                : `/perfil/pedidos/${view.orderNumber}/garantia`
            }
            kind={view.kind}
            lines={view.lines}
            lastResult={actionData?.result}
          />
        </>
      )}
    </>
  );
}
