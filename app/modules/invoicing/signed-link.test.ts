import { describe, expect, it } from "vitest";
import { signInvoiceLink, signedInvoiceUrl, verifyInvoiceLink } from "./signed-link.server";

const SECRET = "a-test-secret-of-at-least-thirty-two-characters";

describe("a guest's signed invoice link", () => {
  const signature = signInvoiceLink("F2026-000001", 7, SECRET);

  it("opens the invoice it was made for, of its order", () => {
    expect(verifyInvoiceLink("F2026-000001", 7, signature, SECRET)).toBe(true);
  });

  it("does not open the same invoice number under another order", () => {
    expect(verifyInvoiceLink("F2026-000001", 8, signature, SECRET)).toBe(false);
  });

  it("does not open another invoice of the same order", () => {
    expect(verifyInvoiceLink("F2026-000002", 7, signature, SECRET)).toBe(false);
    expect(verifyInvoiceLink("C2026-000001", 7, signature, SECRET)).toBe(false);
  });

  it("refuses an altered, truncated, missing or oversized signature", () => {
    const last = signature.at(-1) === "A" ? "B" : "A";
    expect(verifyInvoiceLink("F2026-000001", 7, signature.slice(0, -1) + last, SECRET)).toBe(false);
    expect(verifyInvoiceLink("F2026-000001", 7, signature.slice(0, -1), SECRET)).toBe(false);
    expect(verifyInvoiceLink("F2026-000001", 7, "", SECRET)).toBe(false);
    expect(verifyInvoiceLink("F2026-000001", 7, null, SECRET)).toBe(false);
    expect(verifyInvoiceLink("F2026-000001", 7, signature.repeat(3), SECRET)).toBe(false);
  });

  it("is bound to the shop's secret", () => {
    expect(verifyInvoiceLink("F2026-000001", 7, signature, `${SECRET}-other`)).toBe(false);
  });

  it("the e-mail's address carries the number and the signature", () => {
    const url = signedInvoiceUrl("F2026-000001", 7, "https://tienda.example");
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe("https://tienda.example/facturas/F2026-000001");
    expect(verifyInvoiceLink("F2026-000001", 7, parsed.searchParams.get("firma"))).toBe(true);
  });
});
