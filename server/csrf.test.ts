import type { Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { crossSiteRequestGuard } from "./csrf";

function run(method: string, headers: Record<string, string>) {
  const guard = crossSiteRequestGuard("https://tienda.example");
  const req = {
    method,
    protocol: "https",
    get: (name: string) => headers[name] ?? (name === "Host" ? "tienda.example" : undefined),
  } as unknown as Request;
  const res = { status: vi.fn().mockReturnThis(), type: vi.fn().mockReturnThis(), send: vi.fn() };
  const next = vi.fn();
  guard(req, res as unknown as Response, next);
  return {
    passed: next.mock.calls.length === 1,
    status: res.status.mock.calls[0]?.[0] as number | undefined,
  };
}

describe("crossSiteRequestGuard", () => {
  it("lets safe methods through whatever their origin", () => {
    expect(run("GET", { "Sec-Fetch-Site": "cross-site" }).passed).toBe(true);
  });
  it("lets same-origin posts through", () => {
    expect(
      run("POST", { "Sec-Fetch-Site": "same-origin", Origin: "https://tienda.example" }).passed,
    ).toBe(true);
    expect(run("POST", { Origin: "https://tienda.example" }).passed).toBe(true);
    expect(run("POST", {}).passed).toBe(true); // not a browser
  });
  it.each([
    [{ "Sec-Fetch-Site": "cross-site" }],
    [{ "Sec-Fetch-Site": "same-site" }],
    [{ Origin: "https://evil.example" }],
    [{ Origin: "null" }],
    [{ "Sec-Fetch-Site": "same-origin", Origin: "http://tienda.example" }],
  ])("refuses %o with 403", (headers) => {
    expect(run("POST", headers)).toEqual({ passed: false, status: 403 });
  });
});

describe("crossSiteRequestGuard exempt paths", () => {
  it("lets a token-authorised path through from anywhere, without its Origin header", () => {
    const guard = crossSiteRequestGuard("https://tienda.example", {
      exemptPaths: ["/newsletter/baja"],
    });
    const make = (path: string) => {
      const headers: Record<string, string | undefined> = { origin: "https://correo.example" };
      const req = {
        method: "POST",
        path,
        protocol: "https",
        headers,
        get: (name: string) =>
          name === "Origin" ? headers.origin : name === "Host" ? "tienda.example" : undefined,
      } as unknown as Request;
      const res = {
        status: vi.fn().mockReturnThis(),
        type: vi.fn().mockReturnThis(),
        send: vi.fn(),
      };
      const next = vi.fn();
      guard(req, res as unknown as Response, next);
      return { passed: next.mock.calls.length === 1, origin: headers.origin };
    };
    expect(make("/newsletter/baja")).toEqual({ passed: true, origin: undefined });
    expect(make("/newsletter")).toEqual({ passed: false, origin: "https://correo.example" });
  });
});
