/*
 * The queue of order e-mails on a real database, delivered to a real SMTP server on loopback
 * that can refuse for now (451) or for good (550): a message the server refuses is kept and
 * tried again when due, never before, and given up after its last try; sent ones lose their
 * body and go after the keeping period.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LIMITS } from "~/lib/constants";
import { createMailer, flushMail, setMailer } from "~/lib/mail.server";
import { startSmtpServer, type TestSmtpServer } from "../../tests/helpers/mail";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-database";
import { getDb } from "./client.server";
import {
  queueMail,
  queuedMailAbout,
  retryQueuedMail,
  retryQueuedMailNow,
} from "./mail-queue.server";
import { mailQueue } from "./schema";

let testDb: TestDatabase;
let smtp: TestSmtpServer;

/** Sends the shop's mail to the SMTP server at `url`. */
function mailTo(url: string) {
  setMailer(
    createMailer({
      SMTP_URL: url,
      MAIL_FROM: "Tienda <hola@tienda.test>",
      DATA_DIR: testDb.dataDir,
    }),
  );
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtpServer();
  mailTo(smtp.url);
});
afterAll(async () => {
  await flushMail();
  setMailer(undefined);
  await smtp?.close();
  await testDb?.cleanup();
});
beforeEach(async () => {
  await getDb().delete(mailQueue);
  smtp.messages.length = 0;
  smtp.refusing = null;
  smtp.refused = 0;
});

const CONFIRMATION = {
  to: "lucia@ejemplo.es",
  subject: "Pedido P-2026-ABCD0001 confirmado",
  html: "<p>Gracias por tu pedido</p>",
  text: "Gracias por tu pedido",
};

async function queued(reference: string) {
  await queueMail(CONFIRMATION, { kind: "order_confirmation", reference });
  await flushMail();
  const [row] = await getDb().select().from(mailQueue).where(eq(mailQueue.reference, reference));
  return row!;
}

/** Makes the message due now, as the passing of its wait would. */
async function makeDue(id: number) {
  await getDb()
    .update(mailQueue)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(mailQueue.id, id));
}

describe("the queue of order e-mails", () => {
  it("sends at once, records it and keeps no body", async () => {
    const row = await queued("P-1");
    expect(smtp.messages.map((m) => m.subject)).toEqual([CONFIRMATION.subject]);
    expect(row.sentAt).not.toBeNull();
    expect(row.attempts).toBe(1);
    expect([row.html, row.text]).toEqual(["", ""]);
    const [status] = await queuedMailAbout("P-1");
    expect(status).toMatchObject({ kind: "order_confirmation", to: CONFIRMATION.to, attempts: 1 });
    // Nothing is due: the job sends nothing again.
    expect(await retryQueuedMail()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  it("keeps a message the server refuses for now and sends it when due, once", async () => {
    smtp.refusing = 451;
    const row = await queued("P-2");
    expect(smtp.refused).toBe(1);
    expect(row.sentAt).toBeNull();
    expect(row.failedAt).toBeNull();
    expect(row.lastError).toMatch(
      /^el servidor de correo lo ha rechazado por ahora \(respuesta: .*451/,
    );
    expect(row.html).toBe(CONFIRMATION.html);
    // Its first wait, not sooner.
    const waitMs = row.nextAttemptAt.getTime() - row.createdAt.getTime();
    expect(waitMs).toBeGreaterThanOrEqual(LIMITS.queuedMailRetryDelaysSeconds[0] * 1000 - 1000);
    expect(await retryQueuedMail()).toBe(0);
    expect(smtp.refused).toBe(1);

    smtp.refusing = null;
    await makeDue(row.id);
    expect(await retryQueuedMail()).toBe(1);
    expect(smtp.messages.map((m) => m.text.trim())).toEqual([CONFIRMATION.text]);
    const [after] = await queuedMailAbout("P-2");
    expect(after).toMatchObject({ attempts: 2, failedAt: null, lastError: null });
    expect(after!.sentAt).not.toBeNull();
    expect(await retryQueuedMail()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  it("waits longer after each refusal and gives up after the last try", async () => {
    smtp.refusing = 451;
    const row = await queued("P-3");
    const tries = LIMITS.queuedMailRetryDelaysSeconds.length + 1;
    for (let attempt = 2; attempt <= tries; attempt += 1) {
      await makeDue(row.id);
      expect(await retryQueuedMail()).toBe(1);
      const [now] = await getDb().select().from(mailQueue).where(eq(mailQueue.id, row.id));
      expect(now!.attempts).toBe(attempt);
      if (attempt < tries) {
        const [wait] = await getDb()
          .select({
            seconds: sql<number>`extract(epoch FROM ${mailQueue.nextAttemptAt} - now())`.mapWith(
              Number,
            ),
          })
          .from(mailQueue)
          .where(eq(mailQueue.id, row.id));
        const delay = LIMITS.queuedMailRetryDelaysSeconds[attempt - 1]!;
        expect(wait!.seconds).toBeGreaterThan(delay - 5);
        expect(wait!.seconds).toBeLessThanOrEqual(delay);
      }
    }
    const [given] = await getDb().select().from(mailQueue).where(eq(mailQueue.id, row.id));
    expect(given!.failedAt).not.toBeNull();
    expect(smtp.refused).toBe(tries);
    await makeDue(row.id);
    expect(await retryQueuedMail()).toBe(0);
    expect(smtp.refused).toBe(tries);
  });

  it("gives up at once when the server refuses for good (5xx)", async () => {
    smtp.refusing = 550;
    const row = await queued("P-4");
    expect(row.failedAt).not.toBeNull();
    expect(row.lastError).toMatch(
      /^el servidor de correo lo ha rechazado de forma definitiva \(respuesta: .*550/,
    );
    await makeDue(row.id);
    expect(await retryQueuedMail()).toBe(0);
    expect(smtp.refused).toBe(1);
  });

  it("keeps a message when the mail server cannot be reached, and says so", async () => {
    const closed = await startSmtpServer();
    const url = closed.url;
    await closed.close();
    mailTo(url);
    try {
      const row = await queued("P-9");
      expect(row).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
      expect(row.lastError).toMatch(/^no se pudo conectar con el servidor de correo \(respuesta: /);
    } finally {
      mailTo(smtp.url);
    }
  });

  it("deletes rows sent or given up more than the keeping period ago", async () => {
    const old = await queued("P-5");
    const recent = await queued("P-6");
    await getDb()
      .update(mailQueue)
      .set({
        sentAt: sql`now() - make_interval(days => ${LIMITS.queuedMailKeepDays + 1})`,
      })
      .where(eq(mailQueue.id, old.id));
    await retryQueuedMail();
    const left = await getDb().select({ id: mailQueue.id }).from(mailQueue);
    expect(left.map((row) => row.id)).toEqual([recent.id]);
  });

  it("sends a message again at the admin's request: only its order's, only unsent, never twice at once", async () => {
    smtp.refusing = 550;
    const row = await queued("P-7");
    expect(row.failedAt).not.toBeNull();
    // Another order's page cannot name it.
    expect(await retryQueuedMailNow(row.id, "P-8")).toMatchObject({ kind: "not_found" });
    // Held by another instance's try: not sent twice.
    await getDb()
      .update(mailQueue)
      .set({ lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(mailQueue.id, row.id));
    expect(await retryQueuedMailNow(row.id, "P-7")).toMatchObject({ kind: "conflict" });
    expect(smtp.refused).toBe(1);
    await getDb().update(mailQueue).set({ lockedUntil: null }).where(eq(mailQueue.id, row.id));

    // Refused for good again: still given up, the try counted.
    expect(await retryQueuedMailNow(row.id, "P-7")).toEqual({ ok: true, delivered: false });
    const [again] = await queuedMailAbout("P-7");
    expect(again).toMatchObject({ attempts: 2, sentAt: null });
    expect(again!.failedAt).not.toBeNull();

    smtp.refusing = null;
    expect(await retryQueuedMailNow(row.id, "P-7")).toEqual({ ok: true, delivered: true });
    expect(smtp.messages.map((m) => m.subject)).toEqual([CONFIRMATION.subject]);
    const [sent] = await queuedMailAbout("P-7");
    expect(sent).toMatchObject({ attempts: 3, failedAt: null });
    expect(sent!.sentAt).not.toBeNull();
    expect(await retryQueuedMailNow(row.id, "P-7")).toMatchObject({ kind: "conflict" });
    expect(smtp.messages).toHaveLength(1);
  });
});
