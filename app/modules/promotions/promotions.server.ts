import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { emailOutbox, promotions, users } from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import { formatDateTime } from "~/lib/dates";
import { versionOf } from "~/lib/edit-version";
import { conflict, notFound, ok, type Result } from "~/lib/failure";
import { getDb, type Database } from "~/db/client.server";
import { log } from "~/lib/log.server";
import { getMailer } from "~/lib/mail.server";
import { recordActivity, type Actor } from "~/modules/activity/index.server";
import { getMailIdentity } from "~/modules/settings/index.server";
import { promotionMail } from "./promotion-mail.server";
import { CONFIRM_PARAM, PROMOTION_MESSAGES, type PromotionInput } from "./schemas";

/*
 * Promotions (ADR 0016): drafts, the eligible recipients, a test to the admin, and
 * sending a reviewed draft — which only queues one email_outbox row per recipient; the outbox
 * worker delivers them.
 */

/**
 * Everyone a promotion goes to, as one query: accounts that accepted marketing e-mails (not
 * banned, their address confirmed: anyone can register someone else's address, and consent to
 * commercial e-mail must be the address owner's, LSSI art. 21), plus confirmed newsletter
 * subscribers who have not unsubscribed; one row per lower-cased address.
 */
export const eligibleRecipientsSql: SQL = sql`
  SELECT lower(u.email) AS email
    FROM ${users} u
    JOIN user_preferences p ON p.user_id = u.id
   WHERE p.receive_marketing_emails AND u.email_verified AND NOT u.banned
  UNION
  SELECT lower(s.email) AS email
    FROM newsletter_subscribers s
   WHERE s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL`;

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export async function countEligibleRecipients(db: Database = getDb()): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM (${eligibleRecipientsSql}) r`,
  );
  return Number(row?.count ?? 0);
}

/** The draft (or sent promotion) `id`, locked for the transaction; undefined when there is none. */
async function lockPromotion(tx: Database, id: number) {
  const [row] = await tx
    .select({ status: promotions.status, title: promotions.title, version: promotions.version })
    .from(promotions)
    .where(eq(promotions.id, id))
    .for("update");
  return row;
}

/** A locked promotion that may still be edited or sent: a draft (not gone, not sent). */
function editable<T extends { status: string }>(row: T | undefined): Result<{ draft: T }> {
  if (!row) return notFound(PROMOTION_MESSAGES.notFound);
  return row.status === "draft" ? ok({ draft: row }) : conflict(PROMOTION_MESSAGES.notDraft);
}

async function upsertDraft(
  tx: Database,
  actor: Actor,
  input: Pick<PromotionInput, "id" | "title" | "body">,
): Promise<Result<{ id: number; created: boolean }>> {
  if (input.id === undefined) {
    const [row] = await tx
      .insert(promotions)
      .values({ title: input.title, body: input.body, createdBy: actor.id })
      .returning({ id: promotions.id });
    return ok({ id: row!.id, created: true });
  }
  const locked = editable(await lockPromotion(tx, input.id));
  if (!locked.ok) return locked;
  await tx
    .update(promotions)
    .set({ title: input.title, body: input.body, updatedAt: new Date() })
    .where(eq(promotions.id, input.id));
  return ok({ id: input.id, created: false });
}

/** «Guardar borrador»: a new draft, or the draft being edited (a sent one cannot change). */
export async function saveDraft(
  actor: Actor,
  input: Pick<PromotionInput, "id" | "title" | "body">,
): Promise<Result<{ id: number }>> {
  return getDb().transaction(async (tx) => {
    const saved = await upsertDraft(tx, actor, input);
    if (!saved.ok) return saved;
    await recordActivity(
      actor,
      {
        action: saved.created ? "create" : "update",
        entityType: "promotion",
        entityId: saved.id,
        summary: `Borrador de promoción «${input.title}» guardado`,
      },
      tx,
    );
    return ok({ id: saved.id });
  });
}

/** A promotion queued for its recipients: what the admin's toast says. */
export type QueuedPromotion = { id: number; title: string; recipients: number };

/**
 * «Enviar ahora», the confirmation step's button: queues one outbox row per eligible recipient
 * for the draft the admin reviewed and marks it `sending`, in one transaction. `version` is the
 * draft's edit version the confirmation showed: a draft changed since (another tab, another
 * admin) is not sent unseen. With no recipient nothing is queued.
 */
export async function sendPromotion(
  actor: Actor,
  input: { id: number; version: string },
): Promise<Result<QueuedPromotion>> {
  try {
    return await queuePromotion(actor, input);
  } catch (error) {
    if (error instanceof NoRecipients) return conflict(PROMOTION_MESSAGES.noRecipientsDescription);
    throw error;
  }
}

class NoRecipients extends Error {}

function queuePromotion(
  actor: Actor,
  input: { id: number; version: string },
): Promise<Result<QueuedPromotion>> {
  return getDb().transaction(async (tx) => {
    const locked = editable(await lockPromotion(tx, input.id));
    if (!locked.ok) return locked;
    const { draft } = locked;
    if (versionOf(draft.version) !== input.version) {
      return conflict(PROMOTION_MESSAGES.changedDescription);
    }
    const [queued] = await queryRows<{ count: number }>(
      tx,
      sql`
      WITH inserted AS (
        INSERT INTO email_outbox (promotion_id, to_email)
        SELECT ${input.id}, r.email FROM (${eligibleRecipientsSql}) r
        ON CONFLICT DO NOTHING
        RETURNING 1
      )
      SELECT count(*)::int AS count FROM inserted`,
    );
    const recipients = Number(queued?.count ?? 0);
    // Nobody to send to: nothing queued, the draft stays a draft.
    if (recipients === 0) throw new NoRecipients();
    await tx
      .update(promotions)
      .set({
        status: "sending",
        sentBy: actor.id,
        sentAt: new Date(),
        recipientCount: recipients,
        updatedAt: new Date(),
      })
      .where(eq(promotions.id, input.id));
    await recordActivity(
      actor,
      {
        action: "send",
        entityType: "promotion",
        entityId: input.id,
        summary: `Promoción «${draft.title}» enviada a ${recipients} destinatario${recipients === 1 ? "" : "s"}`,
      },
      tx,
    );
    return ok({ id: input.id, title: draft.title, recipients });
  });
}

/**
 * «Enviarme una prueba»: saves the text as a draft and sends it, marked as a test, to the
 * signed-in admin's own address only — at once, so a mail server's refusal is shown (`mailed`
 * false: the draft is saved all the same). Nothing is queued for the recipients.
 */
export async function sendTestPromotion(
  actor: Actor,
  input: Pick<PromotionInput, "id" | "title" | "body">,
): Promise<Result<{ id: number; mailed: boolean }>> {
  const saved = await saveDraft(actor, input);
  if (!saved.ok) return saved;
  const mail = promotionMail(await getMailIdentity(), actor.email, input, { test: true });
  try {
    await getMailer().send(mail);
  } catch (error) {
    log("warn", "promotion test e-mail not sent", { promotionId: saved.id, error: String(error) });
    return ok({ id: saved.id, mailed: false });
  }
  return ok({ id: saved.id, mailed: true });
}

export interface DraftRow {
  id: number;
  title: string;
  body: string;
  updatedAt: Date;
  /** What the confirmation step hands back to sendPromotion (lib/edit-version.ts). */
  version: number;
}

const draftColumns = {
  id: promotions.id,
  title: promotions.title,
  body: promotions.body,
  updatedAt: promotions.updatedAt,
  version: promotions.version,
};

export async function listDrafts(limit: number): Promise<{ drafts: DraftRow[]; total: number }> {
  const db = getDb();
  const [drafts, [total]] = await Promise.all([
    db
      .select(draftColumns)
      .from(promotions)
      .where(eq(promotions.status, "draft"))
      .orderBy(desc(promotions.updatedAt), desc(promotions.id))
      .limit(limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(promotions)
      .where(eq(promotions.status, "draft")),
  ]);
  return { drafts, total: Number(total?.count ?? 0) };
}

export async function getDraft(id: number): Promise<DraftRow | null> {
  const [row] = await getDb()
    .select(draftColumns)
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.status, "draft")));
  return row ?? null;
}

export interface SentPromotion {
  id: number;
  title: string;
  status: "sending" | "sent" | "failed";
  sentAt: Date | null;
  sentBy: string | null;
  recipients: number;
  sent: number;
  failed: number;
  /** Still queued or being delivered. */
  pending: number;
}

/** Promotions that were sent (or are sending), newest first, with their delivery counts. */
export async function listSentPromotions(limit: number): Promise<SentPromotion[]> {
  const db = getDb();
  const sender = alias(users, "sender");
  const rows = await db
    .select({
      id: promotions.id,
      title: promotions.title,
      status: promotions.status,
      sentAt: promotions.sentAt,
      sentByName: sender.name,
      sentByEmail: sender.email,
      recipients: promotions.recipientCount,
    })
    .from(promotions)
    .leftJoin(sender, eq(sender.id, promotions.sentBy))
    .where(inArray(promotions.status, ["sending", "sent", "failed"]))
    .orderBy(desc(promotions.sentAt), desc(promotions.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const counts = await db
    .select({
      promotionId: emailOutbox.promotionId,
      status: emailOutbox.status,
      count: sql<number>`count(*)::int`,
    })
    .from(emailOutbox)
    .where(
      inArray(
        emailOutbox.promotionId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(emailOutbox.promotionId, emailOutbox.status);
  return rows.map((row) => {
    const of = (status: string) =>
      Number(counts.find((c) => c.promotionId === row.id && c.status === status)?.count ?? 0);
    return {
      id: row.id,
      title: row.title,
      status: row.status as SentPromotion["status"],
      sentAt: row.sentAt,
      sentBy: row.sentByName || row.sentByEmail || null,
      recipients: row.recipients,
      sent: of("sent"),
      failed: of("failed"),
      pending: of("pending") + of("sending"),
    };
  });
}

export const HISTORY_LIMIT = LIMITS.promotionHistoryShown;

/** What /admin/promociones shows for its URL: audience, drafts, the draft edited, the history. */
export async function loadPromotionsPage(searchParams: URLSearchParams) {
  const showAll = searchParams.get("borradores") === "todos";
  const editId = Number(searchParams.get("borrador"));
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
          version: versionOf(editing.version),
        }
      : null,
    /** The confirmation step of the draft being edited (without JavaScript too). */
    confirming: Boolean(editing) && searchParams.get(CONFIRM_PARAM) === "1",
    history: history.map(({ sentAt, ...p }) => ({
      ...p,
      atIso: sentAt?.toISOString() ?? null,
      atLabel: sentAt ? formatDateTime(sentAt) : null,
    })),
  };
}
