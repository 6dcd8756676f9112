import { data, Form } from "react-router";
import type { Route } from "./+types/order-return";
import { FormErrors, primaryButtonClass } from "~/components/forms/field";
import { CACHE } from "~/lib/cache";
import { failureReply, formAction } from "~/lib/action.server";
import { requestInfoContext } from "~/lib/context";
import { notFound, ok, rateLimited } from "~/lib/failure";
import { readFormData } from "~/lib/forms.server";
import { noindexMeta } from "~/lib/page-title";
import { TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import { TRACKING_NOT_FOUND_MESSAGE, trackOrderSchema } from "~/modules/orders";
import { throttledOrderLookup, throttleOrderLookup } from "~/modules/orders/index.server";
import {
  RETURN_REQUEST_TITLES,
  returnKindOf,
  returnReceivedToast,
  type ReturnKind,
} from "~/modules/returns";
import { returnFormView, submitReturnRequest } from "~/modules/returns/index.server";
import { RETURN_REQUEST_SCHEMAS } from "~/modules/returns/schemas";
import { ReturnRequestPanel } from "~/modules/returns/ui";

/** /pedidos/desistimiento or /pedidos/garantia. */
const PATHS: Record<ReturnKind, string> = {
  withdrawal: "/pedidos/desistimiento",
  conformity: "/pedidos/garantia",
};

export const meta: Route.MetaFunction = ({ data: page, matches }) =>
  noindexMeta(matches, RETURN_REQUEST_TITLES[page?.kind ?? "withdrawal"]);

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CACHE.privateNoStore });

export function loader({ request }: Route.LoaderArgs) {
  return { kind: returnKindOf(request) };
}

/**
 * A guest's withdrawal or claim. Every POST carries the order number and the e-mail it was
 * placed with, and every POST checks them again behind the tracking page's throttle; a wrong
 * pair gets the tracking page's one «not found» answer. `intent=abrir` (from the tracking
 * page, or the form below) shows the order's form; anything else submits it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const kind = returnKindOf(request);
  const { ip, requestId } = context.get(requestInfoContext);
  const formData = await readFormData(request);
  const access = trackOrderSchema.safeParse({
    number: formData.get("number") ?? undefined,
    email: formData.get("email") ?? undefined,
  });
  if (formData.get("intent") === "abrir" || !access.success) {
    return formAction(formData, {
      schema: trackOrderSchema,
      ...throttledOrderLookup({ ip, requestId }, async ({ number, email }) => {
        const view = await returnFormView(number, { guestEmail: email }, kind);
        return view ? ok({ view }) : notFound(TRACKING_NOT_FOUND_MESSAGE);
      }),
      onSuccess: ({ view }, { number, email }) =>
        data({ kind, view, access: { number, email }, result: undefined }),
    });
  }
  const { number, email } = access.data;
  const gate = await throttleOrderLookup({ ip, requestId, number });
  if (gate.decision.kind !== "allow") return failureReply(rateLimited(TOO_MANY_ATTEMPTS));
  const view = await returnFormView(number, { guestEmail: email }, kind);
  await gate.settle(view !== null);
  if (!view) return failureReply(notFound(TRACKING_NOT_FOUND_MESSAGE));
  const reply = await formAction(formData, {
    schema: RETURN_REQUEST_SCHEMAS[kind],
    run: (value) => submitReturnRequest(number, { guestEmail: email }, kind, value),
    onSuccess: (outcome) => ({
      redirectTo: `/pedidos/seguimiento?numero=${encodeURIComponent(view.orderNumber)}`,
      toast: returnReceivedToast(kind, outcome),
    }),
  });
  if (reply instanceof Response) return reply;
  // Refused: the form again, with the order's lines as they are now.
  const fresh = (await returnFormView(number, { guestEmail: email }, kind)) ?? view;
  return data(
    { kind, view: fresh, access: { number, email }, result: reply.data.result },
    reply.init ?? undefined,
  );
}

/** A guest's way in: the order's number and the e-mail it was placed with. */
const GUEST_FIELDS = [
  { id: "guest-number", name: "number", label: "Número de pedido", placeholder: "P-2026-7K3M9Q" },
  {
    id: "guest-email",
    name: "email",
    label: "Correo electrónico",
    type: "email",
    autoComplete: "email",
  },
] as const;

export default function GuestOrderReturnPage({ loaderData, actionData }: Route.ComponentProps) {
  const kind = loaderData.kind;
  const view = actionData && "view" in actionData ? actionData.view : null;
  const access = actionData && "access" in actionData ? actionData.access : null;
  const result = actionData?.result;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {RETURN_REQUEST_TITLES[kind]}
      </h1>
      {view && access ? (
        <ReturnRequestPanel view={view} action={PATHS[kind]} hidden={access} lastResult={result} />
      ) : (
        <>
          <p className="mt-2 text-slate-700">
            Escribe el número de tu pedido (está en el correo de confirmación) y el correo
            electrónico con el que lo hiciste.
          </p>
          <Form method="post" action={PATHS[kind]} noValidate className="mt-6 space-y-4">
            <input type="hidden" name="intent" value="abrir" />
            <FormErrors id="guest-return-errors" errors={result?.error?.[""] ?? undefined} />
            {GUEST_FIELDS.map(({ id, name, label, ...input }) => (
              <div key={name}>
                <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
                  {label}
                </label>
                <input
                  id={id}
                  name={name}
                  required
                  {...input}
                  className="w-full rounded-md border border-slate-400 px-3 py-2 text-base"
                />
                <FormErrors id={`${id}-errors`} errors={result?.error?.[name] ?? undefined} />
              </div>
            ))}
            <button type="submit" className={primaryButtonClass}>
              Continuar
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
