/*
 * Reading the e-mails the shop sends: a real SMTP server on loopback (SMTP_URL), or the .eml
 * files of the outbox folder (no SMTP_URL). Both are parsed by mailparser, as a mail client
 * would, so tests see the decoded subject, text and HTML.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The SMTP envelope (SMTP server only). */
  envelopeTo?: string[];
  /** Every header as written (lower-cased names, folded lines joined). */
  headers: Record<string, string>;
}

function toReceived(parsed: ParsedMail, envelopeTo?: string[]): ReceivedMail {
  const addresses = (value: ParsedMail["to"]) =>
    (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
      group.value.map((a) => a.address ?? ""),
    );
  return {
    to: addresses(parsed.to),
    from: parsed.from?.text ?? "",
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : "",
    envelopeTo,
    headers: Object.fromEntries(
      parsed.headerLines.map(({ key, line }) => [
        key,
        line
          .slice(line.indexOf(":") + 1)
          .replace(/\r?\n[ \t]+/g, " ")
          .trim(),
      ]),
    ),
  };
}

export interface TestSmtpServer {
  /** The SMTP_URL to give the shop. */
  url: string;
  messages: ReceivedMail[];
  /**
   * While set, every message is answered with this SMTP code instead of being kept: 451 is a
   * mail server's «not now», 550 its «never».
   */
  refusing: number | null;
  /** How many messages were refused. */
  refused: number;
  close(): Promise<void>;
}

/** An SMTP server on 127.0.0.1 that keeps every message it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const state: TestSmtpServer = {
    url: "",
    messages,
    refusing: null,
    refused: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
      simpleParser(stream)
        .then((parsed) => {
          if (state.refusing !== null) {
            state.refused += 1;
            const refusal = new Error("Refused by the test server") as Error & {
              responseCode: number;
            };
            refusal.responseCode = state.refusing;
            callback(refusal);
            return;
          }
          messages.push(toReceived(parsed, envelopeTo));
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  return state;
}

/** The messages written to `dataDir/outbox`, oldest first, with their file paths. */
export async function readOutbox(dataDir: string): Promise<(ReceivedMail & { file: string })[]> {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort();
  return Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      return { ...toReceived(await simpleParser(fs.readFileSync(file))), file };
    }),
  );
}

/**
 * Waits (up to `timeoutMs`) until `read()` holds a message to `to` whose subject matches, and
 * returns the newest such message. The shop sends in the background, after answering.
 */
export async function waitForMail(
  read: () => ReceivedMail[] | Promise<ReceivedMail[]>,
  to: string,
  subject: RegExp,
  { count = 1, timeoutMs = 10_000 } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const matching = (await read()).filter(
      (m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject),
    );
    if (matching.length >= count) return matching.at(-1)!;
    if (Date.now() > deadline) {
      throw new Error(`no ${count}× e-mail "${subject}" to ${to} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Messages to `to` whose subject matches (for "nothing was sent" checks). */
export async function mailsTo(
  read: () => ReceivedMail[] | Promise<ReceivedMail[]>,
  to: string,
  subject: RegExp,
): Promise<ReceivedMail[]> {
  return (await read()).filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
}

/** The link to `baseUrl + pathname` in a message's plain text (throws when there is none). */
export function linkIn(mail: Pick<ReceivedMail, "text">, baseUrl: string, pathname: string) {
  const escaped = (baseUrl + pathname).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const match = new RegExp(`${escaped}\\?token=[^\\s"<>]+`).exec(mail.text);
  if (!match) throw new Error(`no ${pathname} link in:\n${mail.text}`);
  return match[0];
}

/**
 * A confirmation token as better-auth signs it (HS256 JWT over {email, userId}), with any
 * expiry: lets a test present a link that expired without waiting a day for one.
 */
export function signVerificationToken(
  secret: string,
  claims: { email: string; userId?: string },
  expiresAt: Date,
): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const iat = Math.floor(expiresAt.getTime() / 1000) - 3600;
  const header = encode({ alg: "HS256" });
  const payload = encode({ ...claims, iat, exp: Math.floor(expiresAt.getTime() / 1000) });
  const signature = crypto
    .createHmac("sha256", secret)
    .update(`${header}.${payload}`)
    .digest("base64url");
  return `${header}.${payload}.${signature}`;
}
