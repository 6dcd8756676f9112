/**
 * The server's background work. Periodic jobs run once per period across all instances
 * (scheduled_jobs, ADR 0031); the e-mail outbox's delivery runs on every instance (they share
 * its queue with FOR UPDATE SKIP LOCKED, ADR 0016).
 */
import { LIMITS } from "~/lib/constants";
import { madridYear } from "~/lib/dates";
import { log } from "~/lib/log.server";
import { maintainEmbeddedCatalogue } from "~/db/maintenance.server";
import { retryQueuedMail } from "~/db/mail-queue.server";
import { startJobScheduler, type ScheduledJob } from "~/db/scheduled-jobs.server";
import { sweepUnusedImages } from "~/modules/media/media.server";
import { sweepOldVisitorCarts } from "~/modules/cart/cart.server";
import { expireReservations } from "~/modules/orders/fulfilment.server";
import { recoverInterruptedRows, startOutboxWorker } from "~/modules/promotions/outbox.server";
import {
  countRecordsSentInYear,
  invoicingReady,
  issuePendingInvoices,
  sendPendingRecords,
} from "~/modules/invoicing/index.server";
import { VERIFACTU_LIMITS } from "~/modules/invoicing/verifactu-constants";

export async function startBackgroundJobs(env: {
  VERIFACTU_MODE: string;
  SCHEDULED_JOBS_PERIOD_MS?: number;
}) {
  // VERI*FACTU: once records were sent this year, a VERI*FACTU system must keep sending.
  if (env.VERIFACTU_MODE === "off" && (await countRecordsSentInYear(madridYear())) > 0) {
    log(
      "warn",
      "VERIFACTU_MODE is off, but invoicing records were sent to the AEAT this year: a VERI*FACTU system must keep sending until the year ends (new records are kept as not_sent)",
      { year: madridYear() },
    );
  }
  const period = (ms: number) => env.SCHEDULED_JOBS_PERIOD_MS ?? ms;
  const jobs: ScheduledJob[] = [
    // Reservations past their time give their stock back.
    {
      name: "expire-reservations",
      periodMs: period(LIMITS.reservationSweepIntervalMs),
      run: expireReservations,
    },
    {
      name: "sweep-visitor-carts",
      periodMs: period(LIMITS.reservationSweepIntervalMs),
      run: sweepOldVisitorCarts,
    },
    // Paid orders whose invoice failed to issue (ADR 0026) get it as soon as it can be.
    {
      name: "issue-pending-invoices",
      periodMs: period(LIMITS.reservationSweepIntervalMs),
      run: async () => (await invoicingReady()) && (await issuePendingInvoices()),
    },
    // Uploaded images nothing uses; the embedded database gets the vacuum PostgreSQL runs itself.
    {
      name: "sweep-unused-images",
      periodMs: period(LIMITS.unusedImageSweepIntervalMs),
      run: async () => {
        await sweepUnusedImages();
        await maintainEmbeddedCatalogue();
      },
    },
    // Order e-mails the mail server did not take yet, tried again (ADR 0039).
    {
      name: "retry-queued-mail",
      periodMs: period(LIMITS.queuedMailRetryIntervalMs),
      run: retryQueuedMail,
    },
    // Outbox rows a dead worker left `sending` are failed, never re-sent (ADR 0016).
    {
      name: "recover-outbox",
      periodMs: period(LIMITS.outboxRecoveryIntervalMs),
      run: recoverInterruptedRows,
    },
  ];
  // VERI*FACTU (test or production): pending records go to the AEAT in chain order, never
  // before the wait the AEAT asked for (sendPendingRecords keeps that, and an advisory lock).
  if (env.VERIFACTU_MODE !== "off") {
    jobs.push({
      name: "send-verifactu-records",
      periodMs: period(VERIFACTU_LIMITS.pollIntervalMs),
      run: sendPendingRecords,
    });
  }
  const scheduler = startJobScheduler(jobs);
  const outbox = startOutboxWorker({ recoverInterrupted: false });
  return {
    async stop() {
      await scheduler.stop();
      await outbox.stop();
    },
  };
}
