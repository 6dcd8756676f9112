import { describe, expect, it } from "vitest";
import {
  announcedPrice,
  lowestAppliedPriceBefore,
  lowestPriceText,
  nextPreviousPrice,
  previousPriceWarning,
  type AppliedPricePoint,
} from "./omnibus";

const at = (iso: string) => new Date(iso);
const point = (iso: string, cents: number | null): AppliedPricePoint => ({
  appliedPriceCents: cents,
  recordedAt: at(iso),
});

describe("lowestAppliedPriceBefore (the fake clock: explicit dates)", () => {
  // 100 € since January; 80 € from 1 March; 90 € from 10 March.
  const history = [
    point("2026-01-01T10:00:00Z", 10_000),
    point("2026-03-01T10:00:00Z", 8_000),
    point("2026-03-10T10:00:00Z", 9_000),
  ];

  it("counts a price applied inside the window", () => {
    expect(lowestAppliedPriceBefore(history, at("2026-03-20T10:00:00Z"))).toBe(8_000);
  });

  it("counts the 80 € up to 30 days after it ended, and no longer after that", () => {
    // 80 € was in force until 10 March 10:00: the window before 9 April 09:59 still opens on it.
    expect(lowestAppliedPriceBefore(history, at("2026-04-09T09:59:59Z"))).toBe(8_000);
    // Exactly 30 days after it ended the window opens on the 90 € then in force.
    expect(lowestAppliedPriceBefore(history, at("2026-04-09T10:00:00Z"))).toBe(9_000);
    expect(lowestAppliedPriceBefore(history, at("2026-04-09T10:00:01Z"))).toBe(9_000);
  });

  it("counts the price in force when the window opens, even if set long before", () => {
    const longAgo = [point("2025-01-01T00:00:00Z", 5_000), point("2026-03-15T00:00:00Z", 7_000)];
    expect(lowestAppliedPriceBefore(longAgo, at("2026-03-20T00:00:00Z"))).toBe(5_000);
  });

  it("excludes the moment itself and anything later", () => {
    const h = [point("2026-03-01T00:00:00Z", 10_000), point("2026-03-20T00:00:00Z", 6_000)];
    expect(lowestAppliedPriceBefore(h, at("2026-03-20T00:00:00Z"))).toBe(10_000);
  });

  it("uses a young product's prices since creation, and nothing before its first price", () => {
    const young = [point("2026-03-10T00:00:00Z", 12_000), point("2026-03-12T00:00:00Z", 11_000)];
    expect(lowestAppliedPriceBefore(young, at("2026-03-15T00:00:00Z"))).toBe(11_000);
    expect(lowestAppliedPriceBefore(young, at("2026-03-10T00:00:00Z"))).toBeNull();
    expect(lowestAppliedPriceBefore([], at("2026-03-10T00:00:00Z"))).toBeNull();
  });

  it("ignores rows without a price and accepts any order", () => {
    const h = [
      point("2026-03-12T00:00:00Z", null),
      point("2026-03-05T00:00:00Z", 4_000),
      point("2026-01-01T00:00:00Z", null),
    ];
    expect(lowestAppliedPriceBefore(h, at("2026-03-20T00:00:00Z"))).toBe(4_000);
    expect(lowestAppliedPriceBefore(h.slice(0, 1), at("2026-03-20T00:00:00Z"))).toBeNull();
  });
});

describe("nextPreviousPrice", () => {
  const step = {
    appliedBefore: 10_000,
    appliedAfter: 7_000,
    announcesReduction: true,
    storedPrevious: null,
    lowestBefore: 10_000,
  };

  it("fixes a new reduction's previous price at the window's lowest", () => {
    expect(nextPreviousPrice(step)).toBe(10_000);
  });

  it("takes the general rule again for a successive reduction (the earlier one counts)", () => {
    // 100 € → 80 € on sale → 60 €: the 80 € applied in the window is the new previous price.
    expect(
      nextPreviousPrice({
        ...step,
        appliedBefore: 8_000,
        appliedAfter: 6_000,
        lowestBefore: 8_000,
      }),
    ).toBe(8_000);
  });

  it("announces nothing when the window's lowest is not above the new price", () => {
    expect(nextPreviousPrice({ ...step, lowestBefore: 7_000 })).toBeNull();
    expect(nextPreviousPrice({ ...step, lowestBefore: 6_500 })).toBeNull();
    expect(nextPreviousPrice({ ...step, lowestBefore: null })).toBeNull();
  });

  it("ends the reduction when the price goes back up or the sale ends", () => {
    expect(
      nextPreviousPrice({
        ...step,
        appliedBefore: 6_000,
        appliedAfter: 7_000,
        storedPrevious: 9_000,
      }),
    ).toBeNull();
    expect(nextPreviousPrice({ ...step, announcesReduction: false })).toBeNull();
  });

  it("keeps the previous price when the applied price does not move", () => {
    expect(nextPreviousPrice({ ...step, appliedAfter: 10_000, storedPrevious: 12_000 })).toBe(
      12_000,
    );
  });

  it("announces nothing for a subject without an earlier price", () => {
    expect(nextPreviousPrice({ ...step, appliedBefore: null })).toBeNull();
  });
});

describe("announcedPrice", () => {
  const base = {
    priceCents: 10_000,
    salePriceCents: 7_000,
    isOnSale: true,
    previousPriceCents: 9_000,
  };
  it("strikes through the previous price, not the regular one", () => {
    expect(announcedPrice(base)).toEqual({ currentCents: 7_000, previousCents: 9_000 });
  });
  it("announces no reduction without a previous price above the sale price", () => {
    expect(announcedPrice({ ...base, previousPriceCents: null }).previousCents).toBeNull();
    expect(announcedPrice({ ...base, previousPriceCents: 7_000 }).previousCents).toBeNull();
    expect(announcedPrice({ ...base, isOnSale: false })).toEqual({
      currentCents: 10_000,
      previousCents: null,
    });
  });
  it("words the lowest price as the law asks", () => {
    expect(lowestPriceText(5_995)).toBe("Precio más bajo de los últimos 30 días: 59,95\u00a0€");
  });
});

describe("previousPriceWarning", () => {
  const entered = { priceCents: 10_000, salePriceCents: 7_000, isOnSale: true };
  const saved = { appliedCents: 10_000, previousPriceCents: null, lowestBeforeNowCents: 10_000 };

  it("says nothing when the regular price will be struck through, or off sale", () => {
    expect(previousPriceWarning(entered, saved)).toBeNull();
    expect(previousPriceWarning({ ...entered, isOnSale: false }, saved)).toBeNull();
  });

  it("names the lower price of the last 30 days that will be shown instead", () => {
    expect(previousPriceWarning(entered, { ...saved, lowestBeforeNowCents: 8_500 })).toBe(
      "Se mostrará tachado 85,00\u00a0€, no 100,00\u00a0€: la ley (Ley 7/1996, art. 20) obliga a anunciar como precio anterior el más bajo aplicado en los 30 días antes de la rebaja.",
    );
  });

  it("warns that no reduction will be announced, and why", () => {
    expect(previousPriceWarning(entered, null)).toMatch(
      /^No se anunciará ninguna rebaja: .* aún no se ha vendido a otro precio/,
    );
    expect(previousPriceWarning(entered, { ...saved, lowestBeforeNowCents: 6_900 })).toMatch(
      /^No se anunciará ninguna rebaja: .*\(69,00\u00a0€\) no es mayor que el de oferta/,
    );
    expect(previousPriceWarning(entered, { ...saved, appliedCents: 6_000 })).toMatch(
      /el precio sube respecto al actual \(60,00\u00a0€\)/,
    );
  });
});
