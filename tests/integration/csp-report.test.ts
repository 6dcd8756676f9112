/** The CSP is strict (no inline <style>) and its violations are logged, a line each. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const violationLines = () => server.output.filter((line) => line.includes('"csp violation"'));

function report(ip: string, blocked: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/csp-informe`, {
    method: "POST",
    headers: { "Content-Type": "application/csp-report", "X-Forwarded-For": ip, ...headers },
    body: JSON.stringify({
      "csp-report": {
        "document-uri": `${server.url}/restablecer-contrasena?token=secreto-del-documento`,
        "blocked-uri": blocked,
        "effective-directive": "script-src-elem",
        "violated-directive": "script-src-elem",
        disposition: "enforce",
        "line-number": 3,
      },
    }),
  });
}

describe("Content-Security-Policy", () => {
  it("allows no inline <style>, and names the report endpoints", async () => {
    const response = await fetch(`${server.url}/login`);
    const policy = response.headers.get("Content-Security-Policy") ?? "";
    const directives = new Map(
      policy.split(";").map((d) => {
        const [name = "", ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get("style-src")).toEqual(["'self'"]);
    expect(directives.get("style-src-elem")).toEqual(["'self'", expect.stringMatching(/^'nonce-/)]);
    expect(directives.get("report-uri")).toEqual(["/csp-informe"]);
    expect(directives.get("report-to")).toEqual(["csp"]);
    expect(response.headers.get("Reporting-Endpoints")).toBe(`csp="${server.url}/csp-informe"`);
  });
});

describe("POST /csp-informe", () => {
  it("logs a violation as one line without query values, even from another site", async () => {
    const response = await report("2001:db8::c1", "https://evil.example/x.js?robado=galleta", {
      Origin: "null",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(response.status).toBe(204);
    // The line reaches the test through the server's stdout pipe, a moment after the answer.
    await expect.poll(() => violationLines().length).toBe(1);
    const lines = violationLines();
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: "warn",
      blocked: "https://evil.example/x.js",
      document: `${server.url}/restablecer-contrasena`,
      directive: "script-src-elem",
      line: 3,
    });
    expect(lines[0]).not.toContain("galleta");
    expect(lines[0]).not.toContain("secreto-del-documento");
  });

  it("reads the Reporting API's batches too", async () => {
    const before = violationLines().length;
    const response = await fetch(`${server.url}/csp-informe`, {
      method: "POST",
      headers: { "Content-Type": "application/reports+json", "X-Forwarded-For": "2001:db8::c2" },
      body: JSON.stringify([
        {
          type: "csp-violation",
          url: `${server.url}/`,
          body: {
            documentURL: `${server.url}/`,
            blockedURL: "inline",
            effectiveDirective: "style-src-elem",
            disposition: "enforce",
          },
        },
      ]),
    });
    expect(response.status).toBe(204);
    await expect.poll(() => violationLines().length).toBe(before + 1);
    expect(violationLines().slice(before)).toEqual([
      expect.stringContaining('"directive":"style-src-elem"'),
    ]);
  });

  it("stops logging a client that floods it, and refuses a large body", async () => {
    const before = violationLines().length;
    for (let i = 0; i < 30; i++) {
      expect((await report("2001:db8::c3", `https://cdn.example/${i}.js`)).status).toBe(204);
    }
    await expect.poll(() => violationLines().length - before).toBe(20);

    const big = await fetch(`${server.url}/csp-informe`, {
      method: "POST",
      headers: { "Content-Type": "application/csp-report", "X-Forwarded-For": "2001:db8::c4" },
      body: JSON.stringify({ "csp-report": { "blocked-uri": "x".repeat(20_000) } }),
    });
    expect(big.status).toBe(413);
  });
});
