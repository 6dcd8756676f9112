import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { noindexMeta } from "~/lib/page-title";
import type { Route } from "./+types/unsubscribe";
import { SubmitButton } from "~/components/forms/form-parts";
import { TOKEN_PAGE_HEADERS } from "~/lib/cache";
import { formAction } from "~/lib/action.server";
import { checkUnsubscribeToken, unsubscribe } from "~/modules/promotions/newsletter.server";
import { NEWSLETTER_MESSAGES } from "~/modules/promotions/newsletter-messages";

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Darse de baja");

export const headers: Route.HeadersFunction = () => TOKEN_PAGE_HEADERS;

/** GET never changes anything: the link in the e-mail shows what the button will do. */
export async function loader({ request }: Route.LoaderArgs) {
  const check = checkUnsubscribeToken(new URL(request.url).searchParams.get("token"));
  if (!check.ok) return data({ email: null }, { status: 400, headers: TOKEN_PAGE_HEADERS });
  return data({ email: check.email }, { headers: TOKEN_PAGE_HEADERS });
}

/**
 * The button, and RFC 8058's one-click POST (body `List-Unsubscribe=One-Click`) that mail
 * providers send from their servers without cookies: the signed token in the URL is all it
 * takes (the cross-site guard lets this path through, server/app.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  // The body (the button's empty form, or `List-Unsubscribe=One-Click`) says nothing more: it
  // is not read, so that a provider's POST in any encoding still unsubscribes.
  return formAction(new FormData(), {
    schema: z.object({}),
    run: () => unsubscribe(token),
    onSuccess: () => data({ done: true }),
  });
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  let title: string;
  let body: React.ReactNode;
  const done = actionData && "done" in actionData;
  if (done) {
    title = "Te has dado de baja";
    body = (
      <p className="mt-3 text-slate-700">
        No volverás a recibir correos con ofertas ni la newsletter en{" "}
        <strong className="break-all">{loaderData.email}</strong>. Los correos de tus pedidos y de
        tu cuenta te seguirán llegando.
      </p>
    );
  } else if (!loaderData.email || actionData) {
    title = NEWSLETTER_MESSAGES.unsubscribeInvalidTitle;
    body = <p className="mt-3 text-slate-700">{NEWSLETTER_MESSAGES.unsubscribeInvalid}</p>;
  } else {
    title = "Darse de baja";
    body = (
      <>
        <p className="mt-3 text-slate-700">
          Dejarás de recibir correos con ofertas y la newsletter en{" "}
          <strong className="break-all">{loaderData.email}</strong>.
        </p>
        <Form method="post" className="mt-6">
          <SubmitButton busy={busy} busyLabel="Procesando...">
            Darme de baja
          </SubmitButton>
        </Form>
      </>
    );
  }
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {body}
      <Link to="/" className="mt-6 font-semibold text-brand-700 underline-offset-2 hover:underline">
        Volver a la tienda
      </Link>
    </div>
  );
}
