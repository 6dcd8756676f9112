import { inArray, sql } from "drizzle-orm";
import { promotions } from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import { getDb } from "~/db/client.server";
import { log } from "~/lib/log.server";
import { getMailer, type Mailer } from "~/lib/mail.server";
import { getMailIdentity } from "~/modules/settings/index.server";
import { eligibleRecipientsSql, queryRows } from "./promotions.server";
import { promotionMail } from "./promotion-mail.server";

/*
 * The e-mail outbox worker (ADR 0016). Every app instance runs one; they share the
 * queue through the database.
 *
 * At most once: a row is claimed — `sending`, `attempts + 1`, `locked_until` — in its own
 * committed statement (FOR UPDATE SKIP LOCKED, so two workers never claim the same row) BEFORE
 * the mail module is called. Then:
 *   - accepted by the mail server → `sent`;
 *   - refused in a way that proves it was not delivered (an SMTP 4xx reply, no connection at
 *     all, the outbox file not written) → `pending` again after a delay, up to
 *     LIMITS.outboxMaxAttempts tries, then `failed`;
 *   - refused for good (5xx) or an outcome we cannot know (the connection dropped after the
 *     message was handed over) → `failed`, never re-sent.
 * A row still `sending` after its lock ran out belonged to a worker that died mid-send: we
 * cannot know whether the server got it, so it is marked `failed` and never sent again.
 */

export const INTERRUPTED_ERROR =
  "Envío interrumpido (el servidor se detuvo durante el envío): no se reenvía para no duplicarlo.";
const NO_LONGER_ELIGIBLE = "El destinatario ya no acepta correos promocionales.";

interface ClaimedRow {
  id: number;
  to_email: string;
  promotion_id: number | null;
  attempts: number;
}

/** Marks as failed the rows a dead worker left `sending` (their lock has run out). */
export async function failInterruptedRows(): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    getDb(),
    sql`
    UPDATE email_outbox
       SET status = 'failed', last_error = ${INTERRUPTED_ERROR}, locked_until = NULL,
           updated_at = now()
     WHERE status = 'sending' AND locked_until < now()
    RETURNING id`,
  );
  return rows.length;
}

/** Claims up to `limit` due rows for this worker, committed before anything is sent. */
export async function claimOutboxRows(limit: number): Promise<ClaimedRow[]> {
  const rows = await queryRows<ClaimedRow>(
    getDb(),
    sql`
    UPDATE email_outbox o
       SET status = 'sending', attempts = o.attempts + 1,
           locked_until = now() + make_interval(secs => ${LIMITS.outboxLockSeconds}),
           updated_at = now()
     WHERE o.id IN (
       SELECT id FROM email_outbox
        WHERE status = 'pending' AND (locked_until IS NULL OR locked_until <= now())
        ORDER BY id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING o.id, o.to_email, o.promotion_id, o.attempts`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

async function markSent(id: number) {
  await getDb().execute(sql`
    UPDATE email_outbox
       SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL,
           updated_at = now()
     WHERE id = ${id} AND status = 'sending'`);
}

async function markFailed(id: number, error: string, retry: boolean, attempts: number) {
  const again = retry && attempts < LIMITS.outboxMaxAttempts;
  const delay = LIMITS.outboxRetryDelaySeconds * attempts;
  await getDb().execute(sql`
    UPDATE email_outbox
       SET status = ${again ? "pending" : "failed"}::outbox_status,
           last_error = ${error.slice(0, 500)},
           locked_until = ${again ? sql`now() + make_interval(secs => ${delay})` : sql`NULL`},
           updated_at = now()
     WHERE id = ${id} AND status = 'sending'`);
}

/** Whether a failed send certainly did not deliver the message (so trying again is safe). */
export function isSafeToRetry(error: unknown): boolean {
  const e = (error ?? {}) as { responseCode?: number; command?: string; code?: string };
  // An SMTP reply is a definite answer: 4xx "not now", 5xx "never".
  if (typeof e.responseCode === "number") return e.responseCode >= 400 && e.responseCode < 500;
  // Never connected: the message never left.
  if (e.command === "CONN") return true;
  // The .eml outbox (no SMTP_URL): the file could not be written.
  return ["ENOSPC", "EACCES", "EMFILE", "EROFS", "EDQUOT"].includes(e.code ?? "");
}

/**
 * The cluster's periodic recovery (ADR 0031): fails the rows dead workers left `sending` and
 * settles the promotions that leaves finished.
 */
export async function recoverInterruptedRows(): Promise<number> {
  const failed = await failInterruptedRows();
  if (failed > 0) await finishPromotions();
  return failed;
}

/** Sets `sent`/`failed` on promotions whose rows are all done. */
export async function finishPromotions(): Promise<void> {
  await getDb().execute(sql`
    UPDATE ${promotions} p
       SET status = CASE WHEN EXISTS (
             SELECT 1 FROM email_outbox o WHERE o.promotion_id = p.id AND o.status = 'sent')
           THEN 'sent'::promotion_status ELSE 'failed'::promotion_status END,
           updated_at = now(), version = p.version + 1
     WHERE p.status = 'sending'
       AND NOT EXISTS (
             SELECT 1 FROM email_outbox o
              WHERE o.promotion_id = p.id AND o.status IN ('pending', 'sending'))`);
}

async function stillEligible(emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await queryRows<{ email: string }>(
    getDb(),
    sql`
    SELECT r.email FROM (${eligibleRecipientsSql}) r
     WHERE r.email IN (${sql.join(
       emails.map((e) => sql`${e.toLowerCase()}`),
       sql`, `,
     )})`,
  );
  return new Set(rows.map((r) => r.email));
}

/** Delivers one claimed batch through the mail module. */
async function deliverBatch(rows: ClaimedRow[], mailer: Mailer): Promise<void> {
  const ids = [...new Set(rows.map((r) => r.promotion_id).filter((id) => id !== null))];
  const texts = ids.length
    ? await getDb()
        .select({ id: promotions.id, title: promotions.title, body: promotions.body })
        .from(promotions)
        .where(inArray(promotions.id, ids))
    : [];
  const eligible = await stillEligible(rows.map((r) => r.to_email));
  const identity = await getMailIdentity();
  for (const row of rows) {
    const promotion = texts.find((p) => p.id === row.promotion_id);
    if (!promotion) {
      await markFailed(row.id, "La promoción ya no existe.", false, row.attempts);
      continue;
    }
    // Unsubscribed (or opted out in /perfil) since it was queued: not sent.
    if (!eligible.has(row.to_email.toLowerCase())) {
      await markFailed(row.id, NO_LONGER_ELIGIBLE, false, row.attempts);
      continue;
    }
    const mail = promotionMail(identity, row.to_email, promotion);
    try {
      await mailer.send(mail);
    } catch (error) {
      const retry = isSafeToRetry(error);
      log("warn", "promotion e-mail not sent", {
        outboxId: row.id,
        attempt: row.attempts,
        retry,
        error: String(error),
      });
      await markFailed(row.id, String((error as Error)?.message ?? error), retry, row.attempts);
      continue;
    }
    await markSent(row.id);
  }
}

export interface OutboxWorker {
  /** Runs now (again, if a run is under way) instead of waiting for the next tick. */
  wake(): void;
  /** Works through the queue until nothing is due (tests). */
  drain(): Promise<void>;
  /** Stops ticking and waits for the message being sent. */
  stop(): Promise<void>;
}

/**
 * Starts a worker: every `intervalMs`, and whenever woken, it fails interrupted rows (unless
 * `recoverInterrupted` is false: the server runs that once per period for the whole cluster,
 * recoverInterruptedRows), claims and delivers batches until none is due, then settles the
 * promotions' statuses.
 */
export function startOutboxWorker({
  intervalMs = LIMITS.outboxPollIntervalMs,
  batchSize = LIMITS.outboxBatchSize,
  mailer = getMailer,
  autoStart = true,
  recoverInterrupted = true,
}: {
  intervalMs?: number;
  batchSize?: number;
  mailer?: () => Mailer;
  autoStart?: boolean;
  recoverInterrupted?: boolean;
} = {}): OutboxWorker {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;

  const runOnce = async () => {
    if (recoverInterrupted) await failInterruptedRows();
    while (!stopped) {
      const rows = await claimOutboxRows(batchSize);
      if (rows.length === 0) break;
      await deliverBatch(rows, mailer());
      await finishPromotions();
    }
    await finishPromotions();
  };
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = runOnce()
      .catch((error: unknown) => log("error", "outbox run failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void run();
        }
      });
    return running;
  };

  const timer = autoStart ? setInterval(() => void run(), intervalMs) : undefined;
  timer?.unref();
  if (autoStart) void run();

  const worker: OutboxWorker = {
    wake: () => void run(),
    async drain() {
      do {
        await run();
      } while (running);
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      while (running) await running;
      if (activeWorker === worker) activeWorker = undefined;
    },
  };
  activeWorker ??= worker;
  return worker;
}

let activeWorker: OutboxWorker | undefined;

/** Asks this instance's worker to start on newly queued mail now (others find it by polling). */
export function wakeOutboxWorker(): void {
  activeWorker?.wake();
}
