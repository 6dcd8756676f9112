/*
 * Promotions, their outbox and the newsletter on a real database, with the e-mails delivered to
 * a real SMTP server on loopback: recipients, queueing, delivery, a worker that died mid-send,
 * two workers at once, refusals and retries, unsubscribe and double opt-in.
 */
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import { conflict, invalid, notFound, ok } from "~/lib/failure";
import { getDb } from "~/db/client.server";
import { createMailer, flushMail, setMailer, type Mailer } from "~/lib/mail.server";
import {
  startSmtpServer,
  waitForMail,
  linkIn,
  type TestSmtpServer,
} from "../../../tests/helpers/mail";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-database";
import {
  claimOutboxRows,
  INTERRUPTED_ERROR,
  isSafeToRetry,
  startOutboxWorker,
} from "./outbox.server";
import { confirmSubscription, requestSubscription, unsubscribe } from "./newsletter.server";
import {
  countEligibleRecipients,
  getDraft,
  saveDraft,
  sendPromotion as sendReviewed,
} from "./promotions.server";
import { getPreferences, savePreferences } from "~/modules/accounts/profile.server";
import { createToken, verifyToken } from "./tokens.server";
import { NEWSLETTER_MESSAGES } from "./newsletter-messages";
import { PROMOTION_MESSAGES } from "./schemas";
import { versionOf } from "~/lib/edit-version";

const UNSUBSCRIBE_INVALID = invalid(NEWSLETTER_MESSAGES.unsubscribeInvalid);

let testDb: TestDatabase;
let smtp: TestSmtpServer;
let mailer: Mailer;
const ADMIN = { id: "admin-1", email: "admin@ejemplo.es" };

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtpServer();
  mailer = createMailer({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Tienda <hola@tienda.test>",
    DATA_DIR: testDb.dataDir,
  });
  setMailer(mailer);
  await getDb().insert(schema.users).values({ id: ADMIN.id, email: ADMIN.email, role: "admin" });
});
afterAll(async () => {
  await flushMail();
  setMailer(undefined);
  await smtp?.close();
  await testDb?.cleanup();
});

/**
 * What the admin does in /admin/promociones: the text is saved as a draft, the confirmation
 * step shows it, and «Enviar ahora» sends that version of it.
 */
async function sendPromotion(
  actor: typeof ADMIN,
  input: { id?: number; title: string; body: string },
) {
  const saved = await saveDraft(actor, input);
  if (!saved.ok) return saved;
  const draft = await getDraft(saved.id);
  return sendReviewed(actor, { id: saved.id, version: versionOf(draft!.version) });
}

/** Each test starts with no audience and an empty queue. */
beforeEach(async () => {
  const db = getDb();
  await db.delete(schema.emailOutbox);
  await db.delete(schema.promotions);
  await db.delete(schema.newsletterSubscribers);
  await db.delete(schema.userPreferences);
  await db.execute(sql`DELETE FROM users WHERE id <> ${ADMIN.id}`);
  smtp.messages.length = 0;
});
afterEach(async () => {
  await flushMail();
});

let userCount = 0;
async function customer(
  email: string,
  prefs: { marketing?: boolean; newsletter?: boolean; banned?: boolean; verified?: boolean } = {},
) {
  userCount += 1;
  const id = `user-${userCount}`;
  await getDb()
    .insert(schema.users)
    .values({
      id,
      email,
      name: `Cliente ${userCount}`,
      banned: prefs.banned ?? false,
      emailVerified: prefs.verified ?? true,
    });
  await getDb()
    .insert(schema.userPreferences)
    .values({
      userId: id,
      receiveMarketingEmails: prefs.marketing ?? false,
      receiveNewsletter: prefs.newsletter ?? false,
    });
  return id;
}

async function subscriber(email: string, state: "pending" | "confirmed" | "unsubscribed") {
  await getDb()
    .insert(schema.newsletterSubscribers)
    .values({
      email,
      confirmedAt: state === "pending" ? null : new Date(),
      unsubscribedAt: state === "unsubscribed" ? new Date() : null,
    });
}

async function outboxRows(promotionId?: number) {
  return getDb()
    .select()
    .from(schema.emailOutbox)
    .where(promotionId ? eq(schema.emailOutbox.promotionId, promotionId) : undefined)
    .orderBy(schema.emailOutbox.id);
}

async function promotionStatus(id: number) {
  const [row] = await getDb()
    .select({ status: schema.promotions.status })
    .from(schema.promotions)
    .where(eq(schema.promotions.id, id));
  return row?.status;
}

function worker(options: { batchSize?: number; mailer?: Mailer } = {}) {
  return startOutboxWorker({
    autoStart: false,
    batchSize: options.batchSize,
    mailer: () => options.mailer ?? mailer,
  });
}

/** Sends through a worker that is then stopped. */
async function deliverAll(options: { batchSize?: number; mailer?: Mailer } = {}) {
  const w = worker(options);
  await w.drain();
  await w.stop();
}

const countTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email)).length;

async function threeRecipients() {
  await customer("ana@ejemplo.es", { marketing: true });
  await customer("bruno@ejemplo.es", { marketing: true });
  await subscriber("carla@ejemplo.es", "confirmed");
}

describe("eligible recipients", () => {
  it("are accounts that accepted marketing e-mails plus confirmed subscribers, once per address", async () => {
    await customer("ana@ejemplo.es", { marketing: true });
    await customer("Bea@Ejemplo.es", { marketing: true });
    await customer("carlos@ejemplo.es", { newsletter: true }); // newsletter box only, no row
    await customer("dora@ejemplo.es", { marketing: true, banned: true });
    await customer("eva@ejemplo.es");
    // Registered, not confirmed: possibly by someone else (LSSI art. 21 asks the owner's consent).
    await customer("ines@ejemplo.es", { marketing: true, verified: false });
    await subscriber("bea@ejemplo.es", "confirmed"); // same person as Bea@Ejemplo.es
    await subscriber("fede@ejemplo.es", "confirmed");
    await subscriber("gala@ejemplo.es", "pending");
    await subscriber("hugo@ejemplo.es", "unsubscribed");
    expect(await countEligibleRecipients()).toBe(3); // ana, bea, fede
  });
});

describe("sending a promotion", () => {
  it("refuses with no recipient: nothing queued, the draft stays a draft", async () => {
    await subscriber("gala@ejemplo.es", "pending");
    const result = await sendPromotion(ADMIN, { title: "Rebajas", body: "Todo al 50 %." });
    expect(result).toEqual(conflict(PROMOTION_MESSAGES.noRecipientsDescription));
    const rows = await getDb().select().from(schema.promotions);
    expect(rows.map((r) => [r.title, r.status])).toEqual([["Rebajas", "draft"]]);
    expect(await outboxRows()).toEqual([]);
  });

  it("sends only the version the admin reviewed: a draft changed since is refused", async () => {
    await threeRecipients();
    const saved = await saveDraft(ADMIN, { title: "Revisada", body: "Versión 1" });
    const id = saved.ok ? saved.id : 0;
    const shown = (await getDraft(id))!;
    const reviewed = versionOf(shown.version);
    await saveDraft(ADMIN, { id, title: "Revisada", body: "Versión 2" });
    expect(await sendReviewed(ADMIN, { id, version: reviewed })).toEqual(
      conflict(PROMOTION_MESSAGES.changedDescription),
    );
    // Even when the change left `updated_at` as it was (another instance's clock).
    await getDb()
      .update(schema.promotions)
      .set({ updatedAt: shown.updatedAt })
      .where(eq(schema.promotions.id, id));
    expect(await sendReviewed(ADMIN, { id, version: reviewed })).toEqual(
      conflict(PROMOTION_MESSAGES.changedDescription),
    );
    expect(await outboxRows()).toEqual([]);
    expect(await sendReviewed(ADMIN, { id: 999_999, version: reviewed })).toEqual(
      notFound(PROMOTION_MESSAGES.notFound),
    );
  });

  it("queues one row per recipient, records the activity, and the worker delivers them by SMTP with one-click unsubscribe headers", async () => {
    await threeRecipients();
    await customer("dani@ejemplo.es"); // did not accept marketing e-mails
    const draft = await saveDraft(ADMIN, { title: "Borrador", body: "Primera versión" });
    expect(draft.ok).toBe(true);
    const id = draft.ok ? draft.id : 0;
    const result = await sendPromotion(ADMIN, {
      id,
      title: "Rebajas de invierno",
      body: "Hasta un 50 % en abrigos.\n\nSolo esta semana.",
    });
    expect(result).toEqual({ ok: true, id, title: "Rebajas de invierno", recipients: 3 });
    expect(await promotionStatus(id)).toBe("sending");
    const queued = await outboxRows(id);
    expect(queued.map((r) => r.toEmail).sort()).toEqual([
      "ana@ejemplo.es",
      "bruno@ejemplo.es",
      "carla@ejemplo.es",
    ]);
    expect(queued.every((r) => r.status === "pending")).toBe(true);

    const activity = await getDb()
      .select()
      .from(schema.activityLog)
      .where(
        and(
          eq(schema.activityLog.entityType, "promotion"),
          eq(schema.activityLog.entityId, String(id)),
        ),
      )
      .orderBy(schema.activityLog.id);
    expect(activity.map((a) => [a.action, a.actorId])).toEqual([
      ["create", ADMIN.id],
      ["update", ADMIN.id],
      ["send", ADMIN.id],
    ]);

    await deliverAll();
    expect(smtp.messages).toHaveLength(3);
    const mail = await waitForMail(
      () => smtp.messages,
      "carla@ejemplo.es",
      /^Rebajas de invierno$/,
    );
    expect(mail.text).toContain("Hasta un 50 % en abrigos.");
    expect(mail.text).toContain("Solo esta semana.");
    const link = linkIn(mail, "http://localhost:3000", "/newsletter/baja");
    expect(mail.headers["list-unsubscribe"]).toBe(`<${link}>`);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.html).toContain("Darme de baja");

    expect((await outboxRows(id)).map((r) => [r.status, r.attempts])).toEqual([
      ["sent", 1],
      ["sent", 1],
      ["sent", 1],
    ]);
    expect(await promotionStatus(id)).toBe("sent");
    // A sent promotion can be neither edited nor sent again.
    expect(await sendPromotion(ADMIN, { id, title: "Otra vez", body: "x" })).toEqual(
      conflict(PROMOTION_MESSAGES.notDraft),
    );
  });

  it("never sends twice across a restart: a row a dead worker left 'sending' is failed, the rest resume once", async () => {
    await threeRecipients();
    const result = await sendPromotion(ADMIN, { title: "Reinicio", body: "Texto" });
    const id = result.ok ? result.id : 0;

    // The first server claims one row and dies before (or while) handing it to the mail server.
    const [claimed] = await claimOutboxRows(1);
    expect(claimed).toBeDefined();
    // Its lock runs out (the time a live worker would have needed to finish).
    await getDb().execute(
      sql`UPDATE email_outbox SET locked_until = now() - interval '1 second' WHERE id = ${claimed!.id}`,
    );

    // The restarted server's worker.
    await deliverAll();
    const rows = await outboxRows(id);
    const interrupted = rows.find((r) => r.id === claimed!.id)!;
    expect(interrupted.status).toBe("failed");
    expect(interrupted.lastError).toBe(INTERRUPTED_ERROR);
    expect(countTo(claimed!.to_email)).toBe(0);
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(2);
    expect(smtp.messages).toHaveLength(2);
    expect(await promotionStatus(id)).toBe("sent");

    // Yet another restart: nothing is due, nothing is sent again.
    await deliverAll();
    expect(smtp.messages).toHaveLength(2);
  });

  it("a row still locked by a live worker is left alone by another", async () => {
    await threeRecipients();
    await sendPromotion(ADMIN, { title: "Bloqueo", body: "Texto" });
    const [claimed] = await claimOutboxRows(1);
    await deliverAll();
    const [row] = await getDb()
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.id, claimed!.id));
    expect(row!.status).toBe("sending");
    expect(smtp.messages).toHaveLength(2);
  });

  it("two workers at once deliver every message exactly once", async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `cliente${i}@ejemplo.es`);
    for (const email of emails) await subscriber(email, "confirmed");
    const result = await sendPromotion(ADMIN, { title: "Concurrencia", body: "Texto" });
    expect(result.ok && result.recipients).toBe(12);
    const a = worker({ batchSize: 2 });
    const b = worker({ batchSize: 2 });
    await Promise.all([a.drain(), b.drain()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(smtp.messages).toHaveLength(12);
    for (const email of emails) expect(countTo(email)).toBe(1);
    expect((await outboxRows()).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });
});

describe("delivery failures", () => {
  let refusing: SMTPServer;
  let refusingMailer: Mailer;
  const accepted: string[] = [];
  beforeAll(async () => {
    refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith("lleno")) {
          return callback(
            Object.assign(new Error("Buzón lleno, inténtalo luego"), { responseCode: 452 }),
          );
        }
        if (address.address.startsWith("noexiste")) {
          return callback(Object.assign(new Error("No existe ese buzón"), { responseCode: 550 }));
        }
        callback();
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          accepted.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    const { port } = refusing.server.address() as AddressInfo;
    refusingMailer = createMailer({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: "Tienda <hola@tienda.test>",
      DATA_DIR: testDb.dataDir,
    });
  });
  afterAll(async () => {
    refusingMailer?.close();
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
  });

  it("records each failure; a temporary refusal is retried a bounded number of times, a permanent one never", async () => {
    await subscriber("lleno@ejemplo.es", "confirmed");
    await subscriber("noexiste@ejemplo.es", "confirmed");
    await subscriber("bien@ejemplo.es", "confirmed");
    const result = await sendPromotion(ADMIN, { title: "Fallos", body: "Texto" });
    const id = result.ok ? result.id : 0;

    for (let run = 1; run <= LIMITS.outboxMaxAttempts + 1; run += 1) {
      await deliverAll({ mailer: refusingMailer });
      // The retry delay passes.
      await getDb().execute(
        sql`UPDATE email_outbox SET locked_until = now() - interval '1 second' WHERE status = 'pending'`,
      );
    }
    const rows = await outboxRows(id);
    const by = (email: string) => rows.find((r) => r.toEmail === email)!;
    expect(by("bien@ejemplo.es")).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(by("noexiste@ejemplo.es")).toMatchObject({ status: "failed", attempts: 1 });
    expect(by("noexiste@ejemplo.es").lastError).toContain("550");
    expect(by("lleno@ejemplo.es")).toMatchObject({
      status: "failed",
      attempts: LIMITS.outboxMaxAttempts,
    });
    expect(by("lleno@ejemplo.es").lastError).toContain("452");
    expect(accepted.filter((a) => a === "bien@ejemplo.es")).toHaveLength(1);
    expect(await promotionStatus(id)).toBe("sent");
  });

  it("marks the promotion failed ('Error de Envío') when nothing could be delivered", async () => {
    await subscriber("noexiste@ejemplo.es", "confirmed");
    const result = await sendPromotion(ADMIN, { title: "Todo falla", body: "Texto" });
    await deliverAll({ mailer: refusingMailer });
    expect(await promotionStatus(result.ok ? result.id : 0)).toBe("failed");
  });

  it("retries only what certainly was not delivered", () => {
    expect(isSafeToRetry({ responseCode: 421 })).toBe(true);
    expect(isSafeToRetry({ responseCode: 550 })).toBe(false);
    expect(isSafeToRetry({ code: "ESOCKET", command: "CONN" })).toBe(true);
    // The connection dropped after the message was handed over: maybe delivered.
    expect(isSafeToRetry({ code: "ECONNECTION", command: "DATA" })).toBe(false);
    expect(isSafeToRetry({ code: "ETIMEDOUT" })).toBe(false);
  });
});

describe("unsubscribe links", () => {
  it("a valid token turns every marketing e-mail off for the address at once", async () => {
    const userId = await customer("ana@ejemplo.es", { marketing: true, newsletter: true });
    await subscriber("ana@ejemplo.es", "confirmed");
    await customer("bruno@ejemplo.es", { marketing: true });
    const result = await sendPromotion(ADMIN, { title: "Baja", body: "Texto" });
    const id = result.ok ? result.id : 0;

    expect(await unsubscribe(createToken("unsubscribe", "ANA@ejemplo.es"))).toEqual(ok());
    const [prefs] = await getDb()
      .select()
      .from(schema.userPreferences)
      .where(eq(schema.userPreferences.userId, userId));
    expect(prefs).toMatchObject({ receiveMarketingEmails: false, receiveNewsletter: false });
    const [sub] = await getDb()
      .select()
      .from(schema.newsletterSubscribers)
      .where(eq(schema.newsletterSubscribers.email, "ana@ejemplo.es"));
    expect(sub!.unsubscribedAt).not.toBeNull();
    expect(await countEligibleRecipients()).toBe(1);

    // Already queued for her: not sent.
    await deliverAll();
    expect(countTo("ana@ejemplo.es")).toBe(0);
    expect(countTo("bruno@ejemplo.es")).toBe(1);
    const rows = await outboxRows(id);
    expect(rows.find((r) => r.toEmail === "ana@ejemplo.es")?.status).toBe("failed");
  });

  it("a forged, altered or wrong-purpose token changes nothing", async () => {
    await customer("ana@ejemplo.es", { marketing: true });
    const good = createToken("unsubscribe", "ana@ejemplo.es");
    const [body] = good.split(".");
    const otherBody = Buffer.from(
      JSON.stringify({ p: "unsubscribe", e: "bruno@ejemplo.es" }),
    ).toString("base64url");
    expect(await unsubscribe(`${otherBody}.${good.split(".")[1]}`)).toEqual(UNSUBSCRIBE_INVALID);
    expect(await unsubscribe(`${body}.AAAA`)).toEqual(UNSUBSCRIBE_INVALID);
    expect(
      await unsubscribe(createToken("unsubscribe", "ana@ejemplo.es", { secret: "x".repeat(40) })),
    ).toEqual(UNSUBSCRIBE_INVALID);
    expect(
      await unsubscribe(
        createToken("newsletter-confirm", "ana@ejemplo.es", {
          expiresAt: new Date(Date.now() + 60_000),
        }),
      ),
    ).toEqual(UNSUBSCRIBE_INVALID);
    expect(await unsubscribe(null)).toEqual(UNSUBSCRIBE_INVALID);
    expect(await countEligibleRecipients()).toBe(1);
  });
});

describe("newsletter double opt-in", () => {
  it("e-mails a confirmation link, sends nothing to the address before it is followed, and the link confirms", async () => {
    await requestSubscription("Nueva@Ejemplo.es");
    const mail = await waitForMail(
      () => smtp.messages,
      "nueva@ejemplo.es",
      /^Confirma tu suscripción/,
    );
    expect(await countEligibleRecipients()).toBe(0);
    expect(await sendPromotion(ADMIN, { title: "Antes", body: "x" })).toEqual(
      conflict(PROMOTION_MESSAGES.noRecipientsDescription),
    );

    const link = linkIn(mail, "http://localhost:3000", "/newsletter/confirmar");
    const token = new URL(link).searchParams.get("token");
    expect(await confirmSubscription(token)).toBe("confirmed");
    expect(await confirmSubscription(token)).toBe("confirmed"); // twice: nothing more happens
    expect(await countEligibleRecipients()).toBe(1);

    // Signing up again while subscribed: no new e-mail (the form answers the same anyway).
    await requestSubscription("nueva@ejemplo.es");
    await flushMail();
    expect(smtp.messages.filter((m) => m.to.includes("nueva@ejemplo.es"))).toHaveLength(1);
  });

  it("refuses expired and forged confirmation tokens", async () => {
    const expired = createToken("newsletter-confirm", "vieja@ejemplo.es", {
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(await confirmSubscription(expired)).toBe("expired");
    const valid = createToken("newsletter-confirm", "vieja@ejemplo.es", {
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await confirmSubscription(`${valid}x`)).toBe("invalid");
    expect(await confirmSubscription(createToken("unsubscribe", "vieja@ejemplo.es"))).toBe(
      "invalid",
    );
    expect(verifyToken("newsletter-confirm", "basura")).toMatchObject({
      ok: false,
      kind: "invalid",
    });
    expect(await countEligibleRecipients()).toBe(0);
  });

  it("the /perfil box subscribes a verified account at once, an unverified one by the confirmation e-mail", async () => {
    const verified = await customer("vera@ejemplo.es");
    expect(
      await savePreferences(verified, { receiveMarketingEmails: false, receiveNewsletter: true }),
    ).toEqual({ ok: true });
    expect(await countEligibleRecipients()).toBe(1);

    const unverified = await customer("ulises@ejemplo.es", { verified: false });
    expect(
      await savePreferences(unverified, { receiveMarketingEmails: false, receiveNewsletter: true }),
    ).toEqual({ ok: true });
    await waitForMail(() => smtp.messages, "ulises@ejemplo.es", /^Confirma tu suscripción/);
    expect(await countEligibleRecipients()).toBe(1);

    // A footer sign-up confirmed elsewhere shows in the box; unticking ends it.
    await getDb().delete(schema.userPreferences).where(eq(schema.userPreferences.userId, verified));
    expect(await getPreferences(verified)).toEqual({
      receiveMarketingEmails: false,
      receiveNewsletter: true,
      emailVerified: true,
    });
    expect(
      await savePreferences(verified, { receiveMarketingEmails: false, receiveNewsletter: false }),
    ).toEqual({ ok: true });
    expect(await getPreferences(verified)).toEqual({
      receiveMarketingEmails: false,
      receiveNewsletter: false,
      emailVerified: true,
    });
    expect(await countEligibleRecipients()).toBe(0);
  });
});
