/**
 * E-mails that must reach the customer even when the mail server is down for a while (ADR 0039):
 * the order's confirmation (the contract's confirmation on a durable medium, TRLGDCU art. 98.7),
 * its shipping, a withdrawal's acknowledgement, return statuses and refunds, and the shop's
 * notice of a new order. Each is stored before the first try, so a refusal or a restart loses
 * nothing; a due message is tried again by the `retry-queued-mail` job, with growing waits, until
 * the mail server takes it or refuses it for good (a 5xx reply) or every try is used. At least once: a message the server took but
 * whose answer was lost is sent again, which costs a duplicate, not a missing confirmation.
 */
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { LIMITS } from "~/lib/constants";
import { conflict, notFound, ok, type Result } from "~/lib/failure";
import { log } from "~/lib/log.server";
import { getMailer, inBackground, type OutgoingMail } from "~/lib/mail.server";
import { getDb } from "./client.server";
import { mailQueue } from "./schema";
import { pick } from "~/db/pick";

export type QueuedMailKind =
  | "order_confirmation"
  | "order_notice"
  | "order_shipped"
  | "return_acknowledgement"
  | "return_status"
  | "refund";

/** What each kind of message is, in Spanish (the admin's order page, the data export). */
export const QUEUED_MAIL_KIND_LABELS: Record<QueuedMailKind, string> = {
  order_confirmation: "Confirmación del pedido",
  order_notice: "Aviso de nuevo pedido a la tienda",
  order_shipped: "Pedido enviado",
  return_acknowledgement: "Justificante de desistimiento o reclamación",
  return_status: "Estado de una devolución",
  refund: "Reembolso",
};

/**
 * Stores the message and tries it at once. `reference` is the order's number, which the admin's
 * order page lists the messages by. The caller does not wait for the mail server unless it
 * passes `waitForFirstTry` (a receipt the customer is told about); the answer is then whether
 * that try delivered it. Never throws: a message that cannot be stored is sent once, as before
 * the queue.
 */
export async function queueMail(
  mail: Omit<OutgoingMail, "headers">,
  about: { kind: QueuedMailKind; reference?: string },
  { waitForFirstTry = false } = {},
): Promise<boolean> {
  let id: number;
  try {
    const [row] = await getDb()
      .insert(mailQueue)
      .values({
        kind: about.kind,
        reference: about.reference ?? null,
        toEmail: mail.to,
        replyTo: mail.replyTo ?? null,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      })
      .returning({ id: mailQueue.id });
    id = row!.id;
  } catch (error) {
    log("error", "e-mail not queued: sent without retries", {
      kind: about.kind,
      reference: about.reference,
      error: String(error),
    });
    return firstTry(
      getMailer()
        .send(mail)
        .then(
          () => true,
          (sendError: unknown) => {
            log("error", "e-mail not sent", { kind: about.kind, error: String(sendError) });
            return false;
          },
        ),
      waitForFirstTry,
    );
  }
  return firstTry(deliverQueuedMail(id), waitForFirstTry);
}

/** A try that never rejects: awaited (whether it delivered), or left to run in the background. */
async function firstTry(delivered: Promise<boolean>, wait: boolean): Promise<boolean> {
  if (wait) return delivered;
  inBackground(delivered.then(() => undefined));
  return false;
}

/** Not sent, and held by no instance (or its lock ran out). */
const unsentAndFree = () =>
  and(
    isNull(mailQueue.sentAt),
    or(isNull(mailQueue.lockedUntil), lt(mailQueue.lockedUntil, sql`now()`)),
  );

/** Neither sent nor given up, and held by no instance. */
const dueAndFree = () => and(isNull(mailQueue.failedAt), unsentAndFree());

/** A mail server's definite «never» (5xx): trying again would be refused again. */
function refusedForGood(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/**
 * What went wrong, in Spanish for the admin's order page, followed by the mail server's own
 * answer (often in English), which is what its operator will ask for.
 */
function sendErrorText(error: unknown): string {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  const reason =
    typeof responseCode === "number" && responseCode >= 500
      ? "el servidor de correo lo ha rechazado de forma definitiva"
      : typeof responseCode === "number" && responseCode >= 400
        ? "el servidor de correo lo ha rechazado por ahora"
        : code === "EAUTH"
          ? "el servidor de correo no ha aceptado el usuario o la contraseña de SMTP_URL"
          : code === "ECONNECTION" || code === "ETIMEDOUT" || code === "ESOCKET" || code === "EDNS"
            ? "no se pudo conectar con el servidor de correo"
            : "error al enviarlo";
  return `${reason} (respuesta: ${String(error)})`.slice(0, 500);
}

/** The wait before the try after `attempts` failed ones; null when none is left. */
function retryDelaySeconds(attempts: number): number | null {
  return LIMITS.queuedMailRetryDelaysSeconds[attempts - 1] ?? null;
}

/**
 * Tries one message, if it is still unsent and no other instance holds it: claims it for
 * `queuedMailLockSeconds`, sends it, then records the outcome. Whether it was delivered now;
 * never throws.
 */
export async function deliverQueuedMail(id: number): Promise<boolean> {
  return (await tryQueuedMail(id, { evenIfGivenUp: false })) === "sent";
}

/** `busy`: not claimed (sent, given up unless `evenIfGivenUp`, or held by another instance). */
async function tryQueuedMail(
  id: number,
  { evenIfGivenUp }: { evenIfGivenUp: boolean },
): Promise<"sent" | "failed" | "busy"> {
  try {
    const [claimed] = await getDb()
      .update(mailQueue)
      .set({
        attempts: sql`${mailQueue.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${LIMITS.queuedMailLockSeconds})`,
        ...(evenIfGivenUp ? { failedAt: null } : {}),
      })
      .where(and(eq(mailQueue.id, id), evenIfGivenUp ? unsentAndFree() : dueAndFree()))
      .returning();
    if (!claimed) return "busy";
    try {
      await getMailer().send({
        to: claimed.toEmail,
        subject: claimed.subject,
        html: claimed.html,
        text: claimed.text,
        ...(claimed.replyTo ? { replyTo: claimed.replyTo } : {}),
      });
    } catch (error) {
      const delay = refusedForGood(error) ? null : retryDelaySeconds(claimed.attempts);
      await getDb()
        .update(mailQueue)
        .set({
          lockedUntil: null,
          lastError: sendErrorText(error),
          ...(delay === null
            ? { failedAt: sql`now()` }
            : { nextAttemptAt: sql`now() + make_interval(secs => ${delay})` }),
        })
        .where(eq(mailQueue.id, id));
      log(delay === null ? "error" : "warn", "queued e-mail not sent", {
        kind: claimed.kind,
        reference: claimed.reference,
        attempt: claimed.attempts,
        retryInSeconds: delay,
        error: String(error),
      });
      return "failed";
    }
    // The body is no longer needed once the mail server has it (RGPD art. 5.1.c).
    await getDb()
      .update(mailQueue)
      .set({ sentAt: sql`now()`, lockedUntil: null, lastError: null, html: "", text: "" })
      .where(eq(mailQueue.id, id));
    return "sent";
  } catch (error) {
    // The database itself failed: the row stays due (or locked until its lock runs out).
    log("error", "queued e-mail not recorded", { id, error: String(error) });
    return "failed";
  }
}

/**
 * The periodic job: tries every due message, one at a time, then deletes the rows sent or given
 * up more than `queuedMailKeepDays` ago.
 */
export async function retryQueuedMail(): Promise<number> {
  const due = await getDb()
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(and(dueAndFree(), sql`${mailQueue.nextAttemptAt} <= now()`))
    .orderBy(mailQueue.nextAttemptAt)
    .limit(LIMITS.queuedMailBatchSize);
  for (const { id } of due) await deliverQueuedMail(id);
  await getDb()
    .delete(mailQueue)
    .where(
      sql`coalesce(${mailQueue.sentAt}, ${mailQueue.failedAt}) < now() - make_interval(days => ${LIMITS.queuedMailKeepDays})`,
    );
  return due.length;
}

/**
 * The admin's «Reintentar envío» of one message about `reference` that is not sent yet (waiting
 * for its next try, or given up): it is tried now, whatever its schedule. A try that fails counts
 * like any other: the tries left follow the usual waits, and a 5xx reply or the last try gives it
 * up again. Whether that try delivered it.
 */
export async function retryQueuedMailNow(
  id: number,
  reference: string,
): Promise<Result<{ delivered: boolean }>> {
  const [message] = await getDb()
    .select({ sentAt: mailQueue.sentAt })
    .from(mailQueue)
    .where(and(eq(mailQueue.id, id), eq(mailQueue.reference, reference)));
  if (!message) return notFound(QUEUED_MAIL_MESSAGES.notFound);
  if (message.sentAt) return conflict(QUEUED_MAIL_MESSAGES.alreadySent);
  const outcome = await tryQueuedMail(id, { evenIfGivenUp: true });
  // Another instance holds it: its try is under way, and the page will show how it went.
  if (outcome === "busy") return conflict(QUEUED_MAIL_MESSAGES.beingSent);
  return ok({ delivered: outcome === "sent" });
}

export const QUEUED_MAIL_MESSAGES = {
  notFound: "Ese correo no existe o ya no se guarda.",
  alreadySent: "Ese correo ya se entregó al servidor de correo.",
  beingSent: "Ese correo se está enviando en este momento. Recarga la página en un minuto.",
} as const;

export type QueuedMailStatus = Awaited<ReturnType<typeof queuedMailAbout>>[number];

/** The messages about one order, oldest first (the admin's order page). */
export async function queuedMailAbout(reference: string) {
  const rows = await getDb()
    .select({
      id: mailQueue.id,
      kind: mailQueue.kind,
      to: mailQueue.toEmail,
      ...pick(mailQueue, "attempts", "sentAt", "failedAt", "nextAttemptAt", "lastError"),
    })
    .from(mailQueue)
    .where(eq(mailQueue.reference, reference))
    .orderBy(mailQueue.id);
  return rows.map((row) => ({ ...row, kind: row.kind as QueuedMailKind }));
}

/** The messages to one address, whatever its case, newest first (the customer's data export). */
export async function queuedMailTo(email: string) {
  const rows = await getDb()
    .select(pick(mailQueue, "kind", "subject", "reference", "sentAt", "failedAt", "createdAt"))
    .from(mailQueue)
    .where(sql`lower(${mailQueue.toEmail}) = ${email.toLowerCase()}`)
    .orderBy(desc(mailQueue.id));
  return rows.map((row) => ({ ...row, kind: row.kind as QueuedMailKind }));
}
