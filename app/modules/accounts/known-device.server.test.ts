import { describe, expect, it } from "vitest";
import { KNOWN_DEVICE_MAX_ACCOUNTS, KNOWN_DEVICE_MAX_AGE_DAYS } from "~/lib/constants";
import { deviceCookieValue, isKnownDeviceOf, parseDeviceCookie } from "./known-device.server";

const SECRET = "unit-test-secret-0123456789abcdef0123";
const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 26, 12);

describe("known-device cookie", () => {
  it("proves a sign-in to that account only, with that secret, for a limited time", () => {
    const value = deviceCookieValue(null, "ana@example.com", SECRET, now);
    const device = parseDeviceCookie(value);
    expect(isKnownDeviceOf(device, "ana@example.com", SECRET, now + DAY)).toBe(true);
    expect(isKnownDeviceOf(device, "otra@example.com", SECRET, now)).toBe(false);
    expect(isKnownDeviceOf(device, "ana@example.com", `${SECRET}x`, now)).toBe(false);
    const tooLate = now + (KNOWN_DEVICE_MAX_AGE_DAYS + 1) * DAY;
    expect(isKnownDeviceOf(device, "ana@example.com", SECRET, tooLate)).toBe(false);
    expect(value).not.toContain("ana");
  });

  it("cannot be moved to another device or forged", () => {
    const value = deviceCookieValue(null, "ana@example.com", SECRET, now);
    const [, , entry] = value.split(".");
    const other = parseDeviceCookie(deviceCookieValue(null, "luis@example.com", SECRET, now))!;
    const moved = parseDeviceCookie(`v1.${other.nonce}.${entry}`);
    expect(isKnownDeviceOf(moved, "ana@example.com", SECRET, now)).toBe(false);
    for (const forged of [
      "",
      "v1",
      "v2.x.1:y",
      "v1.short.1:abc",
      `${value}garbage`,
      "a".repeat(5000),
    ]) {
      expect(() => parseDeviceCookie(forged)).not.toThrow();
    }
    const flipped = value.slice(0, -1) + (value.endsWith("A") ? "B" : "A");
    expect(isKnownDeviceOf(parseDeviceCookie(flipped), "ana@example.com", SECRET, now)).toBe(false);
  });

  it("keeps the device, and the latest accounts signed in on it", () => {
    let value = deviceCookieValue(null, "a0@example.com", SECRET, now);
    const nonce = parseDeviceCookie(value)!.nonce;
    for (let i = 1; i <= KNOWN_DEVICE_MAX_ACCOUNTS; i += 1) {
      value = deviceCookieValue(parseDeviceCookie(value), `a${i}@example.com`, SECRET, now + i);
    }
    const device = parseDeviceCookie(value)!;
    expect(device.nonce).toBe(nonce);
    expect(device.entries).toHaveLength(KNOWN_DEVICE_MAX_ACCOUNTS);
    expect(isKnownDeviceOf(device, "a0@example.com", SECRET, now)).toBe(false);
    expect(isKnownDeviceOf(device, `a${KNOWN_DEVICE_MAX_ACCOUNTS}@example.com`, SECRET, now)).toBe(
      true,
    );
    // Signing in again to a known account renews its entry instead of adding one.
    const two = deviceCookieValue(parseDeviceCookie(value), "a1@example.com", SECRET, now);
    const renewed = parseDeviceCookie(
      deviceCookieValue(
        parseDeviceCookie(deviceCookieValue(null, "b@example.com", SECRET, now)),
        "c@example.com",
        SECRET,
        now,
      ),
    );
    const again = parseDeviceCookie(
      deviceCookieValue(renewed, "b@example.com", SECRET, now + 60_000),
    )!;
    expect(again.entries).toHaveLength(2);
    expect(isKnownDeviceOf(again, "b@example.com", SECRET, now + 60_000)).toBe(true);
    expect(isKnownDeviceOf(again, "c@example.com", SECRET, now + 60_000)).toBe(true);
    expect(two).toContain(nonce);
  });
});
