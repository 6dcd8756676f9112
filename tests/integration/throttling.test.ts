/*
 * Throttling an attacker cannot turn into a lock-out (ADR 0023), over HTTP against the
 * production build: each BrowserClient is its own address (X-Forwarded-For), so a test plays
 * an attacker at some addresses and the owner at another. Order tracking's part is in
 * orders.test.ts (it needs the demo orders).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS, SLOW_DOWNS } from "~/lib/constants";
import { TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import { progressiveDelayMs } from "~/lib/throttle";
import { SIGN_IN_SECOND_STEP_MESSAGE } from "~/modules/accounts/sign-in-throttle.server";
import { BrowserClient } from "../helpers/browser-client";
import { textOf, unescapeHtml } from "../helpers/html";
import { linkIn, startSmtpServer, waitForMail, type TestSmtpServer } from "../helpers/mail";
import { startServer, type TestServer } from "../helpers/server";

const PASSWORD = "Calabaza-Asada-71";
const WRONG = "Nope-Nope-Nope-1";
const NEW_PASSWORD = "Nabo-Asado-Lento-2";
const RESET_SUBJECT = /^Restablece tu contraseña de Tienda$/;

let smtp: TestSmtpServer;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // The tests send up to 100 sign-ins at once to prove the counters atomic: load shedding
  // (ADR 0032) would refuse some of them before they reach the counters.
  server = await startServer({ env: { SMTP_URL: smtp.url, MAX_CONCURRENT_REQUESTS: "0" } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

let counter = 0;
function newEmail() {
  counter += 1;
  return `dueno.${Date.now()}.${counter}@ejemplo.es`;
}

const client = () => new BrowserClient(server.url);

async function register(email: string) {
  const response = await client().post("/registro", {
    fullName: "Dueña de la Cuenta",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: "on",
  });
  expect(response.status).toBe(302);
}

async function login(from: BrowserClient, email: string, password = PASSWORD) {
  const started = performance.now();
  const response = await from.post("/login", { email, password });
  return { status: response.status, html: unescapeHtml(await response.text()), started };
}

/** The server's JSON log lines with that message (whatever else a line carries). */
function logLines(msg: string): Record<string, unknown>[] {
  return server.output.flatMap((line) => {
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      return entry.msg === msg ? [entry] : [];
    } catch {
      return [];
    }
  });
}

const sorted = (statuses: number[]) => [...statuses].sort((a, b) => a - b);

describe("sign-in", () => {
  it("an attacker at one address cannot stop the owner signing in from another", async () => {
    const email = newEmail();
    await register(email);
    const attacker = client();
    const limit = RATE_LIMITS.loginPerAccountIp.limit;
    // All at once, as a script would: the counters are atomic, so exactly `limit` get a check.
    const attempts = await Promise.all(
      Array.from({ length: limit + 2 }, () => login(attacker, email, WRONG)),
    );
    expect(sorted(attempts.map((a) => a.status))).toEqual([...Array(limit).fill(400), 429, 429]);
    expect(attempts.find((a) => a.status === 429)!.html).toContain(TOO_MANY_ATTEMPTS);
    // That (account, address) pair is blocked, even with the right password.
    expect((await login(attacker, email)).status).toBe(429);

    // The owner, elsewhere, gets in with the right password (after a short wait at most).
    const owner = client();
    expect((await login(owner, email)).status).toBe(302);
    expect((await owner.get("/perfil")).status).toBe(200);

    // Every failure is logged with the account, the address and the request id; the block too,
    // by the kind of its key; never a password.
    const failures = logLines("sign-in failed").filter((line) => line.email === email);
    expect(failures).toHaveLength(limit);
    for (const line of failures) {
      expect(line).toMatchObject({ ip: attacker.ip, reason: "invalid_credentials" });
      expect(line.requestId).toEqual(expect.any(String));
    }
    const blocks = logLines("throttle").filter(
      (line) => line.email === email && line.decision === "block",
    );
    expect(blocks.map((line) => line.key)).toEqual(["account_ip", "account_ip", "account_ip"]);
    expect(blocks.every((line) => line.ip === attacker.ip)).toBe(true);
    const everything = server.output.join("\n");
    expect(everything).not.toContain(WRONG);
    expect(everything).not.toContain(PASSWORD);
  });

  it("blocks one address that fails at many accounts, and only that address", async () => {
    const email = newEmail();
    await register(email);
    const sprayer = client();
    const limit = RATE_LIMITS.loginPerIp.limit;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 1; i += 1) {
      statuses.push((await login(sprayer, newEmail(), WRONG)).status);
    }
    expect(statuses).toEqual([...Array(limit).fill(400), 429]);
    const blocked = await login(sprayer, email);
    expect(blocked.status).toBe(429);
    expect(blocked.html).toContain(TOO_MANY_ATTEMPTS);
    expect(logLines("throttle").some((l) => l.ip === sprayer.ip && l.key === "ip")).toBe(true);
    expect((await login(client(), email)).status).toBe(302);
  });

  it("slows a new client down after the account's failures, but not a known device", async () => {
    const email = newEmail();
    await register(email);
    const laptop = client();
    expect((await login(laptop, email)).status).toBe(302);

    const failures = SLOW_DOWNS.loginPerAccount.free + 2;
    for (let i = 0; i < failures; i += 1) {
      // A new address each time: no block applies, only the account's count grows.
      expect((await login(client(), email, WRONG)).status).toBe(400);
    }
    const expected = progressiveDelayMs(failures, SLOW_DOWNS.loginPerAccount);
    expect(expected).toBeGreaterThan(0);
    const phone = client();
    const slowed = await login(phone, email);
    expect(slowed.status).toBe(302);
    expect(performance.now() - slowed.started).toBeGreaterThanOrEqual(expected - 5);
    expect(logLines("throttle")).toContainEqual(
      expect.objectContaining({
        ip: phone.ip,
        decision: "slow_down",
        key: "account",
        delayMs: expected,
      }),
    );

    // The laptop signed in before: it is a known device of the account and does not wait.
    expect((await login(laptop, email)).status).toBe(302);
    expect(logLines("throttle").filter((line) => line.ip === laptop.ip)).toEqual([]);
  });

  it("a known device's cookie copied elsewhere loses its exemption after a few failures", async () => {
    const email = newEmail();
    await register(email);
    const laptop = client();
    expect((await login(laptop, email)).status).toBe(302);
    const device = [...laptop.cookies].find(([name]) => name.endsWith("_device"));
    expect(device).toBeDefined();

    // The cookie, copied to other addresses: each one fails once, within the device's limit…
    const limit = RATE_LIMITS.loginPerKnownDevice.limit;
    const copies = Array.from({ length: limit + 1 }, () => {
      const copy = client();
      copy.cookies.set(device![0], device![1]);
      return copy;
    });
    for (const copy of copies) expect((await login(copy, email, WRONG)).status).toBe(400);
    const failed = logLines("sign-in failed").filter((line) => line.email === email);
    expect(failed.slice(0, limit).every((line) => line.knownDevice === true)).toBe(true);
    // …then it counts as an unknown client again (the account's delay and cap apply).
    expect(failed[limit]).toMatchObject({ ip: copies[limit]!.ip, knownDevice: false });
    expect(logLines("throttle")).toContainEqual(
      expect.objectContaining({
        ip: copies[limit]!.ip,
        decision: "distrust_device",
        key: "device",
      }),
    );
  });

  it("past 100 failed checks an hour a new client gets the e-mailed link instead, a known device gets in", async () => {
    const email = newEmail();
    await register(email);
    const laptop = client();
    expect((await login(laptop, email)).status).toBe(302);

    // 10 addresses × 10 wrong passwords, all at once: every one of them gets its check.
    const { checkLimit } = SLOW_DOWNS.loginPerAccount;
    const perAddress = RATE_LIMITS.loginPerAccountIp.limit;
    const attackers = Array.from({ length: checkLimit / perAddress }, client);
    const attempts = await Promise.all(
      attackers.flatMap((from) =>
        Array.from({ length: perAddress }, () => login(from, email, WRONG)),
      ),
    );
    expect(attempts.map((a) => a.status)).toEqual(Array(checkLimit).fill(400));

    // The 101st gets no password check: a wrong and a right password get the same answer.
    const wrong = await login(client(), email, WRONG);
    const owner = client();
    const right = await login(owner, email);
    for (const answer of [wrong, right]) {
      expect(answer.status).toBe(429);
      expect(answer.html).toContain(SIGN_IN_SECOND_STEP_MESSAGE);
    }
    expect(owner.sessionToken()).toBeUndefined();
    expect(logLines("throttle")).toContainEqual(
      expect.objectContaining({ ip: owner.ip, decision: "second_step", key: "account" }),
    );
    expect(logLines("sign-in failed").filter((line) => line.email === email)).toHaveLength(
      checkLimit,
    );

    // A browser that signed in to the account before still gets in with the password.
    expect((await login(laptop, email)).status).toBe(302);

    // The way in offered to the new client: the e-mailed link, which signs it in.
    expect((await owner.post("/recuperar-contrasena", { email })).status).toBe(302);
    const link = linkIn(
      await waitForMail(() => smtp.messages, email, RESET_SUBJECT),
      server.url,
      "/restablecer-contrasena",
    );
    const reset = await owner.post(link.slice(server.url.length), {
      token: new URL(link).searchParams.get("token")!,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.status).toBe(302);
    expect((await owner.get("/perfil")).status).toBe(200);
    // The failures against the old password no longer count: any client signs in again.
    expect((await login(client(), email, NEW_PASSWORD)).status).toBe(302);
  });
});

describe("password reset requests", () => {
  it("an attacker asking for links cannot stop the owner getting one, nor bomb the mailbox", async () => {
    const email = newEmail();
    await register(email);
    const attacker = client();
    const perPair = RATE_LIMITS.passwordResetPerEmailIp.limit;
    const fromOne = await Promise.all(
      Array.from({ length: perPair + 1 }, () =>
        attacker.post("/recuperar-contrasena", { email }).then((r) => r.status),
      ),
    );
    expect(sorted(fromOne)).toEqual([...Array(perPair).fill(302), 429]);
    // From other addresses the answer stays the neutral one…
    for (let i = 0; i < 2; i += 1) {
      expect((await client().post("/recuperar-contrasena", { email })).status).toBe(302);
    }

    // …and so it does for the owner, who is not refused.
    const owner = client();
    const answer = await owner.post("/recuperar-contrasena", { email });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/recuperar-contrasena?enviado");
    expect(textOf(await (await owner.get("/recuperar-contrasena?enviado")).text())).toContain(
      "Si existe una cuenta con ese correo electrónico, te hemos enviado un enlace",
    );

    // Only a few e-mails went out (the rest were skipped, and logged as such)…
    const mails = RATE_LIMITS.passwordResetMailsPerEmail.limit;
    expect(
      logLines("throttle").filter((l) => l.email === email && l.decision === "skip_mail"),
    ).toHaveLength(perPair + 2 + 1 - mails);
    const newest = await waitForMail(() => smtp.messages, email, RESET_SUBJECT, { count: mails });
    // …and the newest link in the owner's mailbox works.
    const link = linkIn(newest, server.url, "/restablecer-contrasena");
    const reset = await owner.post(link.slice(server.url.length), {
      token: new URL(link).searchParams.get("token")!,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.status).toBe(302);
    expect((await owner.get("/perfil")).status).toBe(200);
    expect(
      smtp.messages.filter((m) => m.to.includes(email) && RESET_SUBJECT.test(m.subject)),
    ).toHaveLength(mails);
  });
});
