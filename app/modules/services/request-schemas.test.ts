import { describe, expect, it } from "vitest";
import { addDays, madridToday } from "~/lib/dates";
import {
  formatPreferredDate,
  normalizeSpanishPhone,
  SERVICE_REQUEST_MESSAGES as M,
  serviceRequestSchema,
} from "./request-schemas";
import { validateServiceRequest } from "./request-validation";

describe("madridToday", () => {
  it("is the calendar day in Europe/Madrid, not in UTC", () => {
    // 23:30 UTC on 24 November is 00:30 on the 25th in Madrid (CET, UTC+1).
    expect(madridToday(new Date("2026-11-24T23:30:00Z"))).toBe("2026-11-25");
    // Summer time (CEST, UTC+2): 22:30 UTC on 30 June is already 1 July there.
    expect(madridToday(new Date("2026-06-30T22:30:00Z"))).toBe("2026-07-01");
    expect(madridToday(new Date("2026-06-30T21:30:00Z"))).toBe("2026-06-30");
  });

  it("adds calendar days across months and years", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("writes a preferred date in Spanish words, whatever the server's time zone", () => {
    expect(formatPreferredDate("2026-12-01")).toBe("martes, 1 de diciembre de 2026");
  });
});

describe("Spanish phone numbers", () => {
  it.each([
    ["612345678", "+34 612 345 678"],
    ["612 34 56 78", "+34 612 345 678"],
    ["+34 912-345-678", "+34 912 345 678"],
    ["0034 (712) 345.678", "+34 712 345 678"],
    ["812345678", "+34 812 345 678"],
  ])("accepts %s as %s", (typed, stored) => {
    expect(normalizeSpanishPhone(typed)).toBe(stored);
    const parsed = serviceRequestSchema.safeParse({
      name: "Ana",
      email: "ana@example.com",
      phone: typed,
      message: "Un mensaje suficientemente largo.",
    });
    expect(parsed.success && parsed.data.phone).toBe(stored);
  });

  it.each(["12345", "512345678", "61234567", "6123456789", "+44 20 7946 0958", "teléfono"])(
    "refuses %s",
    (typed) => {
      const form = new FormData();
      form.set("name", "Ana");
      form.set("email", "ana@example.com");
      form.set("phone", typed);
      form.set("message", "Un mensaje suficientemente largo.");
      expect(validateServiceRequest(form)).toEqual({ phone: [M.phoneInvalid] });
    },
  );
});

describe("validateServiceRequest (the browser's check, the action's schema)", () => {
  it("reports each missing required field and nothing for the optional ones", () => {
    expect(validateServiceRequest(new FormData())).toEqual({
      name: [M.nameRequired],
      email: [M.emailRequired],
      message: [M.messageRequired],
    });
  });

  it("refuses a preferred date before today in Madrid, and accepts today", () => {
    const form = new FormData();
    form.set("name", "Ana");
    form.set("email", "ana@example.com");
    form.set("message", "Un mensaje suficientemente largo.");
    form.set("preferredDate", addDays(madridToday(), -1));
    expect(validateServiceRequest(form)).toEqual({ preferredDate: [M.datePast] });
    form.set("preferredDate", madridToday());
    expect(validateServiceRequest(form)).toBeNull();
  });
});
