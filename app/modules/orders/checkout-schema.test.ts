import { describe, expect, it } from "vitest";
import { checkoutSchema } from "./checkout-schema";
import { newOrderNumber } from "./order-number";

const VALID = {
  fullName: "Ana Pérez",
  email: "Ana@Ejemplo.es",
  addressLine1: "Calle Mayor 1",
  postalCode: "28013",
  city: "Madrid",
  province: "28",
};

function errorsOf(input: Record<string, string>) {
  const result = checkoutSchema.safeParse(input);
  return result.success ? {} : result.error.flatten().fieldErrors;
}

describe("checkout form", () => {
  it("accepts a Spanish address and normalises the e-mail", () => {
    const result = checkoutSchema.parse({ ...VALID, phone: "", addressLine2: "" });
    expect(result).toMatchObject({ email: "ana@ejemplo.es", phone: null, addressLine2: null });
  });

  it("wants a 5-digit postal code of the chosen province", () => {
    expect(errorsOf({ ...VALID, postalCode: "2801" }).postalCode).toEqual([
      "El código postal debe tener 5 cifras.",
    ]);
    expect(errorsOf({ ...VALID, postalCode: "08001" }).postalCode).toEqual([
      "El código postal no corresponde a la provincia elegida.",
    ]);
    expect(errorsOf({ ...VALID, province: "53" }).province).toEqual(["Elige una provincia."]);
  });

  it("requires the name, e-mail and address in Spanish", () => {
    const errors = errorsOf({ province: "28", postalCode: "28013" });
    expect(errors.fullName).toEqual(["Escribe tu nombre completo."]);
    expect(errors.email).toEqual(["Escribe tu correo electrónico."]);
    expect(errors.addressLine1).toEqual(["Escribe la dirección de envío."]);
    expect(errors.city).toEqual(["Escribe la localidad."]);
  });
});

describe("order numbers", () => {
  it("are the Madrid year and six unambiguous random characters", () => {
    const numbers = Array.from({ length: 200 }, () =>
      newOrderNumber(new Date("2026-12-31T23:30:00Z")),
    );
    for (const number of numbers) expect(number).toMatch(/^P-2027-[2-9A-HJKMNP-Z]{6}$/);
    expect(new Set(numbers).size).toBe(200);
  });
});
