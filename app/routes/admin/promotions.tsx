import { useEffect } from "react";
import { data, useRevalidator } from "react-router";
import type { Route } from "./+types/promotions";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useActionToast } from "~/components/forms/use-action-toast";
import { dispatchIntent, formAction } from "~/lib/action.server";
import { LIMITS } from "~/lib/constants";
import { userContext } from "~/lib/context";
import { conflict, invalid, ok } from "~/lib/failure";
import { log } from "~/lib/log.server";
import { formatNumber } from "~/lib/numbers";
import { ConfirmSend } from "~/modules/promotions/components/promotion-confirm";
import { PromotionForm } from "~/modules/promotions/components/promotion-form";
import {
  DraftList,
  SendHistory,
  SendingProgress,
} from "~/modules/promotions/components/promotion-lists";
import { cardClass } from "~/modules/promotions/components/promotion-types";
import { wakeOutboxWorker } from "~/modules/promotions/outbox.server";
import {
  countEligibleRecipients,
  loadPromotionsPage,
  saveDraft,
  sendPromotion,
  sendTestPromotion,
} from "~/modules/promotions/promotions.server";
import {
  CONFIRM_PARAM,
  draftPath,
  PROMOTION_INTENTS,
  PROMOTION_MESSAGES as M,
  PROMOTIONS_PATH,
  promotionSchema,
  promotionSendSchema,
  testSentDescription,
} from "~/modules/promotions/schemas";

export const meta: Route.MetaFunction = adminMeta("Promociones");

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await loadPromotionsPage(new URL(request.url).searchParams);
  return { ...page, adminEmail: context.get(userContext)!.email };
}

/** The titles of the «Enviar ahora» refusals the confirmation step shows as a toast. */
const SEND_REFUSAL_TITLES: Record<string, string> = {
  [M.noRecipientsDescription]: M.noRecipientsTitle,
  [M.changedDescription]: M.changedTitle,
};

export async function action({ request, context }: Route.ActionArgs) {
  // The admin layout's guard has run: an admin is signed in.
  const admin = context.get(userContext)!;
  const draftAction = (formData: FormData) =>
    formAction(formData, {
      schema: promotionSchema,
      // «Enviar promoción…» with nobody to send to: said at once, nothing saved, nothing lost.
      authorize: async ({ intent }) =>
        intent === PROMOTION_INTENTS.review && (await countEligibleRecipients()) === 0
          ? invalid(`${M.noRecipientsTitle}: ${M.noRecipientsDescription}`)
          : null,
      run: async (value) => {
        if (value.intent === PROMOTION_INTENTS.test) return sendTestPromotion(admin, value);
        const saved = await saveDraft(admin, value);
        return saved.ok ? ok({ id: saved.id, mailed: true }) : saved;
      },
      onSuccess: ({ id, mailed }, { intent, next, title }) => {
        if (intent === PROMOTION_INTENTS.review) return { redirectTo: draftPath(id, true) };
        if (intent === PROMOTION_INTENTS.save) {
          const description = `«${title}» se ha guardado como borrador.`;
          return { redirectTo: draftPath(id), toast: { title: M.draftSaved, description } };
        }
        const toast = mailed
          ? { title: M.testSentTitle, description: testSentDescription(admin.email) }
          : {
              title: M.testFailedTitle,
              description: M.testFailedDescription,
              variant: "destructive" as const,
            };
        return { redirectTo: draftPath(id, next === CONFIRM_PARAM), toast };
      },
    });
  return dispatchIntent(request, {
    [PROMOTION_INTENTS.save]: draftAction,
    [PROMOTION_INTENTS.test]: draftAction,
    [PROMOTION_INTENTS.review]: draftAction,
    // «Enviar ahora» on the confirmation step: queues the reviewed draft for its recipients.
    [PROMOTION_INTENTS.send]: (formData) =>
      formAction(formData, {
        schema: promotionSendSchema,
        run: async (reviewed) => {
          try {
            return await sendPromotion(admin, reviewed);
          } catch (error) {
            // 'Error de Envío' (spec §8): nothing was queued; the draft is kept.
            log("error", "promotion not queued", { error: String(error) });
            return conflict(M.sendErrorDescription);
          }
        },
        onSuccess: ({ title, recipients }) => {
          wakeOutboxWorker();
          const to = `${formatNumber(recipients)} destinatario${recipients === 1 ? "" : "s"}`;
          const description = `«${title}» se está enviando a ${to}.`;
          return { redirectTo: PROMOTIONS_PATH, toast: { title: M.queuedTitle, description } };
        },
        // The step is a plain button: a refusal goes back to it (or to the page) with a toast.
        onFailure: (failure, formData) => {
          if (failure.kind === "not_found") throw data(null, { status: 404 });
          // A hand-made post and a promotion sent already go back to the page; the rest, the step.
          const handMade = failure.kind === "invalid";
          const redirectTo =
            handMade || failure.message === M.notDraft
              ? PROMOTIONS_PATH
              : draftPath(Number(formData.get("id")), true);
          const description = handMade ? M.invalidRequest : failure.message;
          const title = SEND_REFUSAL_TITLES[failure.message] ?? M.sendErrorTitle;
          return { redirectTo, toast: { title, description, variant: "destructive" } };
        },
      }),
  });
}

export default function AdminPromotionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { recipients, drafts, totalDrafts, showAll, editing, confirming, adminEmail, history } =
    loaderData;
  useActionToast(actionData);
  const sending = history.filter((row) => row.status === "sending");
  const revalidator = useRevalidator();
  // While a promotion is sending the page refreshes its numbers (without JavaScript: reload).
  useEffect(() => {
    if (sending.length === 0) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") {
        void revalidator.revalidate();
      }
    }, LIMITS.promotionProgressRefreshMs);
    return () => clearInterval(timer);
  }, [sending.length, revalidator]);

  return (
    <>
      <AdminPageHeader
        title="Promociones"
        description="Escribe un correo promocional, guárdalo como borrador o envíalo a los clientes que aceptaron recibirlos."
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <SendingProgress sending={sending} />
          {confirming && editing ? (
            <section aria-labelledby="confirmar" className={cardClass}>
              <h2 id="confirmar" className="mb-4 text-lg font-semibold text-slate-900">
                Confirmar el envío
              </h2>
              <ConfirmSend draft={editing} recipients={recipients} adminEmail={adminEmail} />
            </section>
          ) : (
            <section aria-labelledby="redactar" className={cardClass}>
              <h2 id="redactar" className="mb-4 text-lg font-semibold text-slate-900">
                {editing ? "Editar borrador" : "Nueva promoción"}
              </h2>
              <PromotionForm
                key={editing?.id ?? "nueva"}
                editing={editing}
                recipients={recipients}
                adminEmail={adminEmail}
                lastResult={actionData?.result}
              />
            </section>
          )}
        </div>
        <DraftList drafts={drafts} totalDrafts={totalDrafts} showAll={showAll} />
      </div>
      <SendHistory history={history} />
    </>
  );
}
