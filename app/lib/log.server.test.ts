import { captureLog } from "../../tests/helpers/log-capture";
import { describe, expect, it } from "vitest";
import { log, redact, redactText } from "./log.server";

describe("redact", () => {
  it("never writes a secret field, at any depth, whatever its name's case", () => {
    const fields = redact({
      password: "Tomate-Rosa-2026",
      newPassword: "x",
      user: {
        email: "a@b.es",
        sessionToken: "tok",
        headers: { Cookie: "c=1", Authorization: "Bearer abc" },
      },
      list: [{ apiKey: "k", client_secret: "s", otp: "123456" }],
      AUTH_SECRET: "z",
    });
    const text = JSON.stringify(fields);
    for (const secret of [
      "Tomate-Rosa-2026",
      '"tok"',
      "c=1",
      "Bearer abc",
      '"k"',
      '"s"',
      "123456",
      '"z"',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(fields).toMatchObject({ user: { email: "a@b.es" } });
  });

  it("keeps query names but not their values, in URLs and paths", () => {
    expect(redactText("GET /restablecer-contrasena?token=abc123&x=1 failed")).toBe(
      "GET /restablecer-contrasena?token=[redacted]&x=[redacted] failed",
    );
    expect(redactText("fetch https://api.example/v1?key=k&q=ñ")).toBe(
      "fetch https://api.example/v1?key=[redacted]&q=[redacted]",
    );
  });

  it("removes secrets written inside text", () => {
    const text = redactText(
      "cookie tienda.session_token=abc.def; header Authorization: Bearer xyz password=hunter2",
    );
    for (const secret of ["abc.def", "xyz", "hunter2"]) expect(text).not.toContain(secret);
  });

  it("logs a database error without its parameters (message, stack and cause)", () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: "22021",
    });
    const error = new Error(
      'Failed query: insert into "review" ("comment") values ($1)\nparams: mi comentario privado,42',
      { cause },
    );
    const fields = redact({ error, asText: String(error) });
    const text = JSON.stringify(fields);
    expect(text).not.toContain("mi comentario privado");
    expect(text).toContain("Failed query: insert into");
    expect(text).toContain("22021");
  });
});

describe("log", () => {
  it("writes one JSON line per event, redacted", () => {
    const capture = captureLog();
    const written = capture.lines;
    try {
      log("warn", "sign-in failed", {
        email: "a@b.es",
        password: "secreta",
        error: new Error("multi\nline\nparams: x"),
      });
    } finally {
      capture.restore();
    }
    expect(written).toHaveLength(1);
    const entry = JSON.parse(written[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: "warn", msg: "sign-in failed", email: "a@b.es" });
    expect(typeof entry.time).toBe("string");
    expect(written[0]).not.toContain("secreta");
  });
});
