import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import {
  CONFIRM_PARAM,
  confirmSendQuestion,
  draftPath,
  PROMOTION_INTENTS,
  PROMOTION_MESSAGES,
  PROMOTIONS_PATH,
} from "../schemas";
import { MailCheck, Send, TitledAlert, useBusyIntent } from "./promotion-form";
import { quietLinkClass, type EditingDraft } from "./promotion-types";

/**
 * The confirmation step: what will be sent, to how many, and the final button — plain forms
 * that post, so it works without JavaScript too.
 */
export function ConfirmSend({
  draft,
  recipients,
  adminEmail,
}: {
  draft: EditingDraft;
  recipients: number;
  adminEmail: string;
}) {
  const busyIntent = useBusyIntent();
  const paragraphs = draft.body.split(/\r?\n\s*\r?\n/).filter((p) => p.trim());
  return (
    <div className="space-y-4">
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
        <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">Asunto</p>
        <p className="font-semibold break-words text-slate-900">{draft.title}</p>
        <p className="mt-3 text-xs font-medium tracking-wide text-slate-600 uppercase">Texto</p>
        <div className="max-h-64 space-y-2 overflow-y-auto text-sm break-words whitespace-pre-line text-slate-800">
          {paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      </div>
      {recipients === 0 ? (
        <TitledAlert
          id="sin-destinatarios"
          messages={[
            `${PROMOTION_MESSAGES.noRecipientsTitle}: ${PROMOTION_MESSAGES.noRecipientsDescription}`,
          ]}
        />
      ) : (
        <p className="text-base font-medium text-slate-900">{confirmSendQuestion(recipients)}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {recipients > 0 ? (
          <Form method="post" action={PROMOTIONS_PATH}>
            <input type="hidden" name="intent" value={PROMOTION_INTENTS.send} />
            <input type="hidden" name="id" value={draft.id} />
            <input type="hidden" name="version" value={draft.version} />
            <Button type="submit" disabled={Boolean(busyIntent)}>
              <Send aria-hidden />
              {busyIntent === PROMOTION_INTENTS.send ? "Enviando..." : "Enviar ahora"}
            </Button>
          </Form>
        ) : null}
        <Form method="post" action={PROMOTIONS_PATH}>
          <input type="hidden" name="intent" value={PROMOTION_INTENTS.test} />
          <input type="hidden" name="id" value={draft.id} />
          <input type="hidden" name="title" value={draft.title} />
          <input type="hidden" name="body" value={draft.body} />
          <input type="hidden" name="next" value={CONFIRM_PARAM} />
          <Button type="submit" variant="outline" disabled={Boolean(busyIntent)}>
            <MailCheck aria-hidden />
            {busyIntent === PROMOTION_INTENTS.test ? "Enviando prueba..." : "Enviarme una prueba"}
          </Button>
        </Form>
        <Link to={draftPath(draft.id)} className={quietLinkClass}>
          Volver a editar
        </Link>
      </div>
      <p className="text-sm text-slate-600">
        La prueba llega solo a <span className="break-all">{adminEmail}</span>, con «[Prueba]» en el
        asunto. Una vez enviada, la promoción ya no se puede modificar.
      </p>
    </div>
  );
}
