import { describe, expect, it } from "vitest";
import { addressLines, countryName } from "./order-parts";

const address = {
  fullName: "Ana Pérez",
  addressLine1: "Calle Mayor 1",
  addressLine2: null,
  postalCode: "28013",
  city: "Madrid",
  province: "Madrid",
  phone: "600000000",
};

describe("addressLines", () => {
  it("ends the address in the country's Spanish name, not its ISO code", () => {
    expect(addressLines({ ...address, country: "ES" })).toEqual([
      "Ana Pérez",
      "Calle Mayor 1",
      "28013 Madrid (Madrid), España",
    ]);
    expect(addressLines({ ...address, country: "pt" }).at(-1)).toBe(
      "28013 Madrid (Madrid), Portugal",
    );
  });

  it("keeps a country that is not a region code as written, and the phone when asked", () => {
    expect(countryName("Reino de España")).toBe("Reino de España");
    expect(addressLines({ ...address, country: "ES" }, { withPhone: true }).at(-1)).toBe(
      "Tel. 600000000",
    );
  });
});
