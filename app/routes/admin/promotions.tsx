import { getFormProps, useForm } from "@conform-to/react";
import { pageTitle } from "~/lib/page-title";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  FilePenLine as filePenLineIcon,
  MailCheck as mailCheckIcon,
  RefreshCw as refreshCwIcon,
  Send as sendIcon,
} from "lucide";
import { icon } from "~/components/ui/icons";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/promotions";
import { AdminInputField, AdminTextareaField } from "~/components/admin/fields";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { LIMITS } from "~/lib/constants";
import { userContext } from "~/lib/context";
import { formatDateTime } from "~/lib/dates";
import { readFormData } from "~/lib/forms.server";
import { log } from "~/lib/log.server";
import { redirectWithToast } from "~/lib/toast.server";
import { wakeOutboxWorker } from "~/modules/promotions/outbox.server";
import {
  countEligibleRecipients,
  getDraft,
  HISTORY_LIMIT,
  listDrafts,
  listSentPromotions,
  saveDraft,
  sendPromotion,
  sendTestPromotion,
} from "~/modules/promotions/promotions.server";
import {
  CONFIRM_PARAM,
  confirmSendQuestion,
  PROMOTION_INTENTS,
  PROMOTION_MESSAGES,
  promotionSchema,
  promotionSendSchema,
  testSentDescription,
} from "~/modules/promotions/schemas";
import type { Actor } from "~/modules/activity/activity.server";
import { formatNumber } from "~/lib/numbers";

const FilePenLine = icon(filePenLineIcon);
const MailCheck = icon(mailCheckIcon);
const RefreshCw = icon(refreshCwIcon);
const Send = icon(sendIcon);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Promociones · Administración") },
];

const PATH = "/admin/promociones";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const showAll = url.searchParams.get("borradores") === "todos";
  const editId = Number(url.searchParams.get("borrador"));
  const confirmStep = url.searchParams.get(CONFIRM_PARAM) === "1";
  const [recipients, drafts, history, editing] = await Promise.all([
    countEligibleRecipients(),
    listDrafts(showAll ? LIMITS.promotionDraftsListed : LIMITS.promotionDraftsKept),
    listSentPromotions(HISTORY_LIMIT),
    Number.isInteger(editId) && editId > 0 ? getDraft(editId) : Promise.resolve(null),
  ]);
  return {
    recipients,
    showAll,
    totalDrafts: drafts.total,
    drafts: drafts.drafts.map((d) => ({
      id: d.id,
      title: d.title,
      atIso: d.updatedAt.toISOString(),
      atLabel: formatDateTime(d.updatedAt),
    })),
    editing: editing
      ? {
          id: editing.id,
          title: editing.title,
          body: editing.body,
          version: editing.updatedAt.toISOString(),
        }
      : null,
    /** The confirmation step of the draft being edited (without JavaScript too). */
    confirming: Boolean(editing) && confirmStep,
    adminEmail: context.get(userContext)!.email,
    history: history.map((p) => ({
      ...p,
      sentAt: undefined,
      atIso: p.sentAt?.toISOString() ?? null,
      atLabel: p.sentAt ? formatDateTime(p.sentAt) : null,
    })),
  };
}

const editPath = (id: number, confirm = false) =>
  `${PATH}?borrador=${id}${confirm ? `&${CONFIRM_PARAM}=1` : ""}`;

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  // The admin layout's guard has run: an admin is signed in.
  const admin = context.get(userContext)!;
  if (formData.get("intent") === PROMOTION_INTENTS.send) return sendAction(formData, admin);

  const submission = parseWithZod(formData, { schema: promotionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { intent, next, ...input } = submission.value;

  if (intent === PROMOTION_INTENTS.test) {
    const tested = await sendTestPromotion(admin, input);
    if (!tested.ok && tested.reason !== "mail_failed") {
      if (tested.reason === "not_found") throw data(null, { status: 404 });
      return data(submission.reply({ formErrors: [PROMOTION_MESSAGES.notDraft] }), {
        status: 409,
      });
    }
    const back = editPath(tested.id, next === CONFIRM_PARAM);
    return tested.ok
      ? redirectWithToast(back, {
          title: PROMOTION_MESSAGES.testSentTitle,
          description: testSentDescription(admin.email),
        })
      : redirectWithToast(back, {
          title: PROMOTION_MESSAGES.testFailedTitle,
          description: PROMOTION_MESSAGES.testFailedDescription,
          variant: "destructive",
        });
  }

  if (intent === PROMOTION_INTENTS.review && (await countEligibleRecipients()) === 0) {
    // Nobody to send to: said at once, nothing saved; what was typed stays in the form.
    return data(
      submission.reply({
        formErrors: [
          `${PROMOTION_MESSAGES.noRecipientsTitle}: ${PROMOTION_MESSAGES.noRecipientsDescription}`,
        ],
      }),
      { status: 400 },
    );
  }
  const saved = await saveDraft(admin, input);
  if (!saved.ok) {
    if (saved.reason === "not_found") throw data(null, { status: 404 });
    return data(submission.reply({ formErrors: [PROMOTION_MESSAGES.notDraft] }), {
      status: 409,
    });
  }
  // «Enviar promoción»: the confirmation step, a page of its own (works without JavaScript).
  if (intent === PROMOTION_INTENTS.review) return redirect(editPath(saved.id, true));
  return redirectWithToast(editPath(saved.id), {
    title: PROMOTION_MESSAGES.draftSaved,
    description: `«${input.title}» se ha guardado como borrador.`,
  });
}

/** «Enviar ahora» on the confirmation step: queues the reviewed draft for its recipients. */
async function sendAction(formData: FormData, admin: Actor) {
  const parsed = promotionSendSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return redirectWithToast(PATH, {
      title: PROMOTION_MESSAGES.sendErrorTitle,
      description: PROMOTION_MESSAGES.invalidRequest,
      variant: "destructive",
    });
  }
  const { id } = parsed.data;
  let sent: Awaited<ReturnType<typeof sendPromotion>>;
  try {
    sent = await sendPromotion(admin, parsed.data);
  } catch (error) {
    // 'Error de Envío' (spec §8): nothing was queued; the draft is kept.
    log("error", "promotion not queued", { error: String(error) });
    return redirectWithToast(editPath(id, true), {
      title: PROMOTION_MESSAGES.sendErrorTitle,
      description: PROMOTION_MESSAGES.sendErrorDescription,
      variant: "destructive",
    });
  }
  if (!sent.ok) {
    if (sent.reason === "not_found") throw data(null, { status: 404 });
    const toast =
      sent.reason === "no_recipients"
        ? {
            title: PROMOTION_MESSAGES.noRecipientsTitle,
            description: PROMOTION_MESSAGES.noRecipientsDescription,
          }
        : sent.reason === "changed"
          ? {
              title: PROMOTION_MESSAGES.changedTitle,
              description: PROMOTION_MESSAGES.changedDescription,
            }
          : { title: PROMOTION_MESSAGES.sendErrorTitle, description: PROMOTION_MESSAGES.notDraft };
    const back = sent.reason === "not_draft" ? PATH : editPath(id, true);
    return redirectWithToast(back, { ...toast, variant: "destructive" });
  }
  wakeOutboxWorker();
  const count = sent.recipients ?? 0;
  return redirectWithToast(PATH, {
    title: PROMOTION_MESSAGES.queuedTitle,
    description: `«${sent.title ?? ""}» se está enviando a ${formatNumber(count)} destinatario${count === 1 ? "" : "s"}.`,
  });
}

const card = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";

/** An alert whose text starts with one of the spec's titles ("Campos Vacíos: …"). */
function TitledAlert({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {messages.map((message) => {
        const [title, ...rest] = message.split(": ");
        return rest.length ? (
          <p key={message}>
            <strong className="font-semibold">{title}</strong>: {rest.join(": ")}
          </p>
        ) : (
          <p key={message}>{message}</p>
        );
      })}
    </div>
  );
}

function PromotionForm({
  editing,
  recipients,
  adminEmail,
  lastResult,
}: {
  editing: Route.ComponentProps["loaderData"]["editing"];
  recipients: number;
  adminEmail: string;
  lastResult: Route.ComponentProps["actionData"];
}) {
  const navigation = useNavigation();
  const busyIntent =
    navigation.state === "submitting" && navigation.formAction?.startsWith(PATH)
      ? navigation.formData?.get("intent")
      : null;
  const [form, fields] = useForm({
    id: `promocion-${editing?.id ?? "nueva"}`,
    lastResult: busyIntent ? null : lastResult,
    constraint: getZodConstraint(promotionSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: editing ? { title: editing.title, body: editing.body } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: promotionSchema }),
  });
  // The spec's "Campos Vacíos" (and the send errors) are form errors, shown above the fields.
  const alerts = form.errors ?? [];
  return (
    <Form method="post" action={PATH} {...getFormProps(form)} className="space-y-4">
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <TitledAlert id={form.errorId} messages={alerts} />
      <AdminInputField label="Título" field={fields.title} required autoComplete="off" />
      <AdminTextareaField
        label="Cuerpo del mensaje"
        field={fields.body}
        required
        rows={8}
        hint="Texto sin formato. Deja una línea en blanco entre párrafos. Cada correo incluye un enlace para darse de baja."
      />
      <p className="text-sm text-slate-700">
        Se enviará a <strong>{formatNumber(recipients)}</strong> destinatario
        {recipients === 1 ? "" : "s"}: clientes que aceptaron recibir correos promocionales y
        suscriptores confirmados de la newsletter. Antes de enviarla podrás revisarla y enviarte una
        prueba a <strong className="break-all">{adminEmail}</strong>.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          name="intent"
          value={PROMOTION_INTENTS.save}
          variant="outline"
          disabled={Boolean(busyIntent)}
        >
          <FilePenLine aria-hidden />
          {busyIntent === PROMOTION_INTENTS.save ? "Guardando..." : "Guardar borrador"}
        </Button>
        <Button
          type="submit"
          name="intent"
          value={PROMOTION_INTENTS.test}
          variant="outline"
          disabled={Boolean(busyIntent)}
        >
          <MailCheck aria-hidden />
          {busyIntent === PROMOTION_INTENTS.test ? "Enviando prueba..." : "Enviarme una prueba"}
        </Button>
        <Button
          type="submit"
          name="intent"
          value={PROMOTION_INTENTS.review}
          disabled={Boolean(busyIntent)}
        >
          <Send aria-hidden />
          Enviar promoción…
        </Button>
        {editing ? (
          <Link
            to={PATH}
            className="inline-flex h-10 items-center px-2 text-sm font-medium text-slate-700 underline-offset-2 hover:underline"
          >
            Nueva promoción
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * The confirmation step (issue 23): what will be sent, to how many, and the final button —
 * plain forms that post, so it works without JavaScript too.
 */
function ConfirmSend({
  draft,
  recipients,
  adminEmail,
}: {
  draft: NonNullable<Route.ComponentProps["loaderData"]["editing"]>;
  recipients: number;
  adminEmail: string;
}) {
  const navigation = useNavigation();
  const busyIntent =
    navigation.state === "submitting" && navigation.formAction?.startsWith(PATH)
      ? navigation.formData?.get("intent")
      : null;
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
          <Form method="post" action={PATH}>
            <input type="hidden" name="intent" value={PROMOTION_INTENTS.send} />
            <input type="hidden" name="id" value={draft.id} />
            <input type="hidden" name="version" value={draft.version} />
            <Button type="submit" disabled={Boolean(busyIntent)}>
              <Send aria-hidden />
              {busyIntent === PROMOTION_INTENTS.send ? "Enviando..." : "Enviar ahora"}
            </Button>
          </Form>
        ) : null}
        <Form method="post" action={PATH}>
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
        <Link
          to={`${PATH}?borrador=${draft.id}`}
          className="inline-flex h-10 items-center px-2 text-sm font-medium text-slate-700 underline-offset-2 hover:underline"
        >
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

type HistoryRow = Route.ComponentProps["loaderData"]["history"][number];

function Progress({ row }: { row: HistoryRow }) {
  const done = row.sent + row.failed;
  const percent = row.recipients > 0 ? Math.round((done / row.recipients) * 100) : 100;
  const labelId = `progreso-${row.id}`;
  return (
    <div className="space-y-1">
      <p id={labelId} className="text-sm text-slate-700">
        {`«${row.title}»: ${formatNumber(done)} de ${formatNumber(row.recipients)} procesados (${percent} %)`}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={row.recipients}
        aria-valuenow={done}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

const STATUS_LABELS: Record<HistoryRow["status"], string> = {
  sending: "Enviando",
  sent: "Enviada",
  failed: PROMOTION_MESSAGES.sendErrorTitle,
};
const STATUS_CLASSES: Record<HistoryRow["status"], string> = {
  sending: "bg-amber-100 text-amber-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
};

export default function AdminPromotionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { recipients, drafts, totalDrafts, showAll, editing, confirming, adminEmail, history } =
    loaderData;
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
          {sending.length > 0 ? (
            <section aria-labelledby="en-envio" className={card}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="en-envio" className="text-lg font-semibold text-slate-900">
                  Envío en curso
                </h2>
                <Link
                  to={PATH}
                  reloadDocument
                  className={`${linkClass} inline-flex items-center gap-1 text-sm`}
                >
                  <RefreshCw aria-hidden className="size-4" /> Actualizar
                </Link>
              </div>
              <div className="mt-3 space-y-4">
                {sending.map((row) => (
                  <Progress key={row.id} row={row} />
                ))}
              </div>
            </section>
          ) : null}
          {confirming && editing ? (
            <section aria-labelledby="confirmar" className={card}>
              <h2 id="confirmar" className="mb-4 text-lg font-semibold text-slate-900">
                Confirmar el envío
              </h2>
              <ConfirmSend draft={editing} recipients={recipients} adminEmail={adminEmail} />
            </section>
          ) : (
            <section aria-labelledby="redactar" className={card}>
              <h2 id="redactar" className="mb-4 text-lg font-semibold text-slate-900">
                {editing ? "Editar borrador" : "Nueva promoción"}
              </h2>
              <PromotionForm
                key={editing?.id ?? "nueva"}
                editing={editing}
                recipients={recipients}
                adminEmail={adminEmail}
                lastResult={actionData}
              />
            </section>
          )}
        </div>

        <section aria-labelledby="borradores" className={card}>
          <h2 id="borradores" className="text-lg font-semibold text-slate-900">
            {showAll ? "Todos los borradores" : "Últimos borradores"}
          </h2>
          {drafts.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">Aún no hay borradores guardados.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100">
              {drafts.map((draft) => (
                <li key={draft.id} className="py-2">
                  <Link to={`${PATH}?borrador=${draft.id}`} className={`${linkClass} break-words`}>
                    {draft.title}
                  </Link>
                  <p className="text-xs text-slate-600">
                    Guardado el <time dateTime={draft.atIso}>{draft.atLabel}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
          {!showAll && totalDrafts > drafts.length ? (
            <Link
              to={`${PATH}?borradores=todos`}
              className={`${linkClass} mt-3 inline-block text-sm`}
            >
              {`Ver todos los borradores (${formatNumber(totalDrafts)})`}
            </Link>
          ) : null}
          {showAll ? (
            <Link to={PATH} className={`${linkClass} mt-3 inline-block text-sm`}>
              Ver solo los últimos
            </Link>
          ) : null}
        </section>
      </div>

      <section aria-labelledby="historial" className={`${card} mt-6`}>
        <h2 id="historial" className="text-lg font-semibold text-slate-900">
          Historial de envíos
        </h2>
        {history.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">Todavía no se ha enviado ninguna promoción.</p>
        ) : (
          // Scrolls sideways on a phone: focusable, so keyboard users can scroll it too.
          <div
            className="mt-3 overflow-x-auto"
            tabIndex={0}
            role="group"
            aria-labelledby="historial"
          >
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-700">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Promoción
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Estado
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-semibold">
                    Enviados
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-semibold">
                    Fallidos
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Fecha
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    Enviada por
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {history.map((row) => (
                  <tr key={row.id}>
                    <td className="py-2 pr-3 break-words text-slate-900">{row.title}</td>
                    <td className="py-2 pr-3">
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[row.status]}`}
                      >
                        {STATUS_LABELS[row.status]}
                      </span>
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">
                      {`${formatNumber(row.sent)} de ${formatNumber(row.recipients)}`}
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">
                      {formatNumber(row.failed)}
                    </td>
                    <td className="py-2 pr-3 text-slate-700">
                      {row.atIso ? <time dateTime={row.atIso}>{row.atLabel}</time> : "—"}
                    </td>
                    <td className="py-2 text-slate-700">{row.sentBy ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
