import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Env } from "./env.server";
import { getEnv } from "./env.server";
import { log } from "./log.server";

/** One message: Spanish, HTML and plain text (see email-layout.ts). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes (e.g. the visitor who asked for a service), when not the sender. */
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe on marketing e-mails (RFC 2369, RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Delivers the message (SMTP) or writes it to the outbox; rejects when that fails. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

type MailerEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">;

/**
 * `SMTP_URL` set: nodemailer's SMTP transport. Otherwise every message is written as an `.eml`
 * file (RFC 5322, opens in any mail client) under `DATA_DIR/outbox` and logged with its path
 * and subject, so a shop owner running it locally can read what customers would receive.
 */
export function createMailer(env: MailerEnv): Mailer {
  if (env.SMTP_URL) {
    // Settings in the URL's query string (e.g. ?pool=true) take precedence over these.
    const transport = nodemailer.createTransport(
      {
        url: env.SMTP_URL,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      },
      { from: env.MAIL_FROM },
    );
    return {
      async send(mail) {
        const info = (await transport.sendMail(mail)) as { messageId?: string };
        log("info", "e-mail sent", { subject: mail.subject, messageId: info.messageId });
      },
      close: () => transport.close(),
    };
  }
  return createOutboxMailer(path.join(env.DATA_DIR, "outbox"), env.MAIL_FROM);
}

function createOutboxMailer(dir: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "windows",
  });
  return {
    async send(mail) {
      const info = (await transport.sendMail({ ...mail, from })) as { message: Buffer };
      // The links in it are secrets (reset tokens): only the owner of the folder reads them.
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(dir, `${stamp}-${crypto.randomBytes(4).toString("hex")}.eml`);
      await fs.writeFile(file, info.message, { mode: 0o600 });
      log("info", "e-mail written to the outbox", { path: file, subject: mail.subject });
    },
    close: () => transport.close(),
  };
}

let current: Mailer | undefined;
const pending = new Set<Promise<void>>();

export function getMailer(): Mailer {
  current ??= createMailer(getEnv());
  return current;
}

/** Replaces the mailer (tests); `undefined` makes the next use build one from the env again. */
export function setMailer(mailer: Mailer | undefined) {
  current?.close();
  current = mailer;
}

/**
 * Sends without making the request wait for the mail server (a slow SMTP server must not slow
 * sign-up, nor show in the reset request's timing whether an account exists). A failure is
 * logged; the customer can ask for the link again.
 */
export function sendInBackground(mail: OutgoingMail): void {
  inBackground(
    getMailer()
      .send(mail)
      .catch((error: unknown) => {
        log("error", "e-mail not sent", { subject: mail.subject, error: String(error) });
      }),
  );
}

/** Lets a sending that must not throw run on after the request; flushMail waits for it. */
export function inBackground(sending: Promise<void>): void {
  const tracked = sending.finally(() => pending.delete(tracked));
  pending.add(tracked);
}

/** Waits for the messages still being sent (graceful shutdown, tests). */
export async function flushMail(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
