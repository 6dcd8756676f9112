/**
 * Periodic jobs run once per period across every app instance (ADR 0031). Each instance ticks;
 * a tick claims the due jobs in one UPDATE that moves their `next_run_at` a period ahead, so of
 * several instances ticking at once exactly one gets each run. Works the same on PGlite.
 */
import os from "node:os";
import { sql } from "drizzle-orm";
import { scheduledJobs } from "~/db/schema";
import { log } from "~/lib/log.server";
import { getDb } from "./client.server";

export interface ScheduledJob {
  name: string;
  periodMs: number;
  run: () => Promise<unknown>;
}

export interface JobScheduler {
  /** Stops ticking and waits for the runs under way. */
  stop(): Promise<void>;
}

/** Names this process in `scheduled_jobs.last_instance`. */
const INSTANCE = `${os.hostname()}:${process.pid}`;

/** Adds the jobs the table has never seen, due at once (once per process, not per tick). */
async function registerJobs(jobs: readonly Pick<ScheduledJob, "name">[]) {
  await getDb()
    .insert(scheduledJobs)
    .values(jobs.map((job) => ({ name: job.name, nextRunAt: sql`now()` })))
    .onConflictDoNothing();
}

/** Claims the due jobs among `jobs` for this instance; returns their names. */
async function claimDueJobs(jobs: readonly Pick<ScheduledJob, "name" | "periodMs">[]) {
  if (jobs.length === 0) return [];
  const periods = sql.join(
    jobs.map((job) => sql`(${job.name}::text, ${job.periodMs / 1000}::float8)`),
    sql`, `,
  );
  const result = await getDb().execute(sql`
    UPDATE scheduled_jobs j
       SET next_run_at = now() + make_interval(secs => p.seconds),
           run_count = j.run_count + 1,
           last_started_at = now(),
           last_instance = ${INSTANCE}
      FROM (VALUES ${periods}) AS p(name, seconds)
     WHERE j.name = p.name
       -- Due, or set further ahead than a period by an instance with a longer one (a period
       -- shortened in LIMITS or by SCHEDULED_JOBS_PERIOD_MS applies at once).
       AND (j.next_run_at <= now() OR j.next_run_at > now() + make_interval(secs => p.seconds))
    RETURNING j.name`);
  return (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
}

async function recordOutcome(name: string, error: unknown) {
  await getDb().execute(sql`
    UPDATE scheduled_jobs
       SET last_finished_at = now(), last_error = ${error === undefined ? null : String(error).slice(0, 500)}
     WHERE name = ${name}`);
}

/** Runs a claimed job and records how it ended; never throws. */
async function runClaimed(job: ScheduledJob) {
  let failure: unknown;
  try {
    await job.run();
  } catch (error) {
    failure = error;
    log("error", "scheduled job failed", { job: job.name, error: String(error) });
  }
  await recordOutcome(job.name, failure).catch((error: unknown) =>
    log("error", "scheduled job outcome not recorded", { job: job.name, error: String(error) }),
  );
}

/**
 * Ticks about every `tickMs` (a fraction of the shortest period, so a run is late by at most
 * one and a half times that)
 * and starts the jobs this instance claimed, each on its own: a long image sweep does not hold
 * back the reservations. A job still running here is not claimed again. A failed run is logged
 * and kept in the table; the job runs again at its next period.
 */
export function startJobScheduler(jobs: readonly ScheduledJob[]): JobScheduler {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const shortest = Math.min(...jobs.map((job) => job.periodMs));
  const tickMs = Math.min(Math.max(Math.floor(shortest / 4), 50), 15_000);
  const running = new Map<string, Promise<void>>();
  let claiming: Promise<void> | undefined;
  let registered = false;
  const tick = () => {
    claiming ??= (async () => {
      // Until it succeeds once (the database may be down at start-up).
      if (!registered) {
        await registerJobs(jobs);
        registered = true;
      }
      const idle = jobs.filter((job) => !running.has(job.name));
      for (const name of await claimDueJobs(idle)) {
        const run = runClaimed(byName.get(name)!).finally(() => running.delete(name));
        running.set(name, run);
      }
    })()
      .catch((error: unknown) =>
        log("error", "job scheduler tick failed", { error: String(error) }),
      )
      .finally(() => (claiming = undefined));
  };
  // Each wait is drawn between half and one and a half ticks. Instances started together then
  // do not tick in step, and each gets its turn at the due jobs; with fixed ticks, the instance
  // whose tick fell first after a due time would claim every period.
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(
      () => {
        tick();
        schedule();
      },
      Math.round(tickMs * (0.5 + Math.random())),
    );
    timer.unref();
  };
  tick();
  schedule();
  return {
    async stop() {
      clearTimeout(timer);
      await claiming;
      await Promise.all(running.values());
    },
  };
}
