/*
 * The e2e run's mail server: a real SMTP server on loopback (smtp-server) that the shop under
 * test delivers to (SMTP_URL), writing every message it accepts as an .eml file into the
 * outbox folder the specs read (.tmp/e2e/outbox) — the same files the shop would write itself
 * without SMTP_URL, so every spec reads mail one way while all of it crosses real SMTP.
 * Started by playwright.config.ts as a webServer (it waits for the port).
 */
import { Buffer } from "node:buffer";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { SMTPServer } from "smtp-server";

const port = Number(process.env.SMTP_SINK_PORT);
const dir = path.resolve(process.env.SMTP_SINK_DIR ?? ".tmp/e2e/outbox");

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("error", callback);
    stream.on("end", () => {
      try {
        fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
        const stamp = new Date().toISOString().replace(/[:.]/g, "-");
        const file = path.join(dir, `${stamp}-${crypto.randomBytes(4).toString("hex")}.eml`);
        // Written whole, then renamed: a reader never sees half a message.
        fs.writeFileSync(`${file}.part`, Buffer.concat(chunks), { mode: 0o600 });
        fs.renameSync(`${file}.part`, file);
        callback();
      } catch (error) {
        callback(error);
      }
    });
  },
});
server.listen(port, "127.0.0.1", () =>
  process.stdout.write(`smtp sink on 127.0.0.1:${port} → ${dir}\n`),
);
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
