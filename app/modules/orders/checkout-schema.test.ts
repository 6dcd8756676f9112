import { ZONE_CHECKOUT_MESSAGES } from "./zone-checkout";
import { describe, expect, it } from "vitest";
import { getZodConstraint } from "@conform-to/zod/v4";
import { TAX_ID_MESSAGES } from "~/lib/tax-id";
import { VALENCIA_BILLING } from "../../../tests/helpers/checkout";
import { MADRID_ADDRESS } from "../../../tests/helpers/place-order";
import { fieldErrorsOf, parseForm } from "../../../tests/helpers/schema-forms";
import {
  checkoutInputOf,
  checkoutSchema,
  INVOICE_REQUIRED_MESSAGE,
  needsCompleteInvoice,
} from "./checkout-schema";
import { newOrderNumber } from "./order-number";

const VALID = {
  fullName: "Ana Pérez",
  email: "Ana@Ejemplo.es",
  addressLine1: "Calle Mayor 1",
  postalCode: "28013",
  city: "Madrid",
  province: "28",
  shownTotalCents: "2495",
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

describe("checkout form: «Necesito factura completa (con NIF)»", () => {
  it("unticked: the billing fields are neither required nor checked, and no recipient", () => {
    const parsed = parseForm(checkoutSchema, { ...VALID, billingTaxId: "12345678A" });
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    expect(checkoutInputOf(parsed.value)).toEqual({ ...MADRID_ADDRESS, shownTotalCents: 2495 });
  });

  it("ticked: every billing field is required and the NIF is checked", () => {
    const errors = fieldErrorsOf(checkoutSchema, { ...VALID, wantsInvoice: "on" });
    expect(Object.keys(errors).sort()).toEqual(Object.keys(VALENCIA_BILLING).sort());
    expect(
      fieldErrorsOf(checkoutSchema, {
        ...VALID,
        wantsInvoice: "on",
        ...VALENCIA_BILLING,
        billingTaxId: "B64717839",
      }),
    ).toEqual({ billingTaxId: [TAX_ID_MESSAGES.check] });
  });

  it("ticked: the billing errors show together with the shipping ones", () => {
    const errors = fieldErrorsOf(checkoutSchema, {
      ...VALID,
      fullName: "",
      wantsInvoice: "on",
      ...VALENCIA_BILLING,
      billingTaxId: "12345678A",
    });
    expect(errors).toEqual({
      fullName: ["Escribe tu nombre completo."],
      billingTaxId: [TAX_ID_MESSAGES.check],
    });
  });

  it("ticked and valid: the recipient, with the normalised NIF and the address on one line", () => {
    const parsed = parseForm(checkoutSchema, {
      ...VALID,
      wantsInvoice: "on",
      ...VALENCIA_BILLING,
      billingTaxId: "b 64717838",
    });
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    expect(checkoutInputOf(parsed.value).billing).toEqual({
      name: "Ferretería Ejemplo S.L.",
      taxId: "B64717838",
      address: "Calle del Prado 5, 46001 Valencia (Valencia/València)",
    });
  });

  it("needs the total the page showed, as whole cents", () => {
    for (const shownTotalCents of ["", "12,50", "-1", "abc"]) {
      expect(errorsOf({ ...VALID, shownTotalCents }).shownTotalCents, shownTotalCents).toEqual([
        ZONE_CHECKOUT_MESSAGES.shownTotalMissing,
      ]);
    }
    const { shownTotalCents: _shown, ...withoutTotal } = VALID;
    expect(errorsOf(withoutTotal).shownTotalCents).toEqual([
      ZONE_CHECKOUT_MESSAGES.shownTotalMissing,
    ]);
  });

  it("the billing fields have constraints but are not required in the HTML", () => {
    const constraint = getZodConstraint(checkoutSchema);
    for (const name of Object.keys(VALENCIA_BILLING))
      expect(constraint[name]?.required).toBe(false);
    expect(constraint.fullName?.required).toBe(true);
  });

  it("over 3.000 € (IVA included) a complete invoice is needed (RD 1619/2012 art. 4.2)", () => {
    expect(needsCompleteInvoice(300_000)).toBe(false);
    expect(needsCompleteInvoice(300_001)).toBe(true);
    expect(INVOICE_REQUIRED_MESSAGE).toContain("3.000,00");
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
