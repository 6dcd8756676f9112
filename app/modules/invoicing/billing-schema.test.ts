import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { VALENCIA_BILLING } from "../../../tests/helpers/checkout";
import { fieldErrorsOf, parseForm } from "../../../tests/helpers/schema-forms";
import {
  BILLING_MESSAGES,
  billingAddressLine,
  billingAddressParts,
  billingRecipientOf,
  billingSchema,
} from "./billing-schema";
import { completeInvoiceDeadline, completeInvoiceWindowOpen } from "./complete-request";
import { TAX_ID_MESSAGES } from "~/lib/tax-id";

// The NIF as a customer may type it: lower case, a dash, spaces around.
const VALID = { ...VALENCIA_BILLING, billingTaxId: " b-64717838 " };

describe("billingSchema («datos de facturación»)", () => {
  it("accepts a complete recipient, normalises the NIF and writes the address on one line", () => {
    const parsed = parseForm(billingSchema, VALID);
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    expect(billingRecipientOf(parsed.value)).toEqual({
      name: "Ferretería Ejemplo S.L.",
      taxId: "B64717838",
      address: "Calle del Prado 5, 46001 Valencia (Valencia/València)",
    });
  });

  it("tells a wrong check character from a wrong format", () => {
    expect(fieldErrorsOf(billingSchema, { ...VALID, billingTaxId: "B64717839" })).toEqual({
      billingTaxId: [TAX_ID_MESSAGES.check],
    });
    expect(fieldErrorsOf(billingSchema, { ...VALID, billingTaxId: "B6471" })).toEqual({
      billingTaxId: [TAX_ID_MESSAGES.format],
    });
    expect(fieldErrorsOf(billingSchema, { ...VALID, billingTaxId: "X2482300W" })).toEqual({});
  });

  it("requires every field, in Spanish", () => {
    expect(fieldErrorsOf(billingSchema, {})).toEqual({
      billingName: [BILLING_MESSAGES.nameRequired],
      billingTaxId: [TAX_ID_MESSAGES.empty],
      billingStreet: [BILLING_MESSAGES.streetRequired],
      billingPostalCode: [BILLING_MESSAGES.postalCode],
      billingCity: [BILLING_MESSAGES.cityRequired],
      billingProvince: [BILLING_MESSAGES.province],
    });
  });

  it("wants the postal code of the chosen province", () => {
    expect(fieldErrorsOf(billingSchema, { ...VALID, billingPostalCode: "28013" })).toEqual({
      billingPostalCode: [BILLING_MESSAGES.postalCodeProvince],
    });
  });

  it("gives Conform a constraint for every field (the pages' HTML attributes)", () => {
    const constraint = getZodConstraint(billingSchema);
    expect(Object.keys(constraint).sort()).toEqual(Object.keys(VALID).sort());
    expect(constraint.billingName).toMatchObject({ required: true });
  });
});

describe("billingAddressParts (the one-line fiscal address read back into the form's fields)", () => {
  it.each([
    ["Calle del Prado 5", "46001", "Valencia", "46"],
    ["Av. de la Constitución, 12, 3º B", "41001", "Sevilla (centro)", "41"],
    ["Rúa Nova 3", "15705", "Santiago de Compostela", "15"],
    ["C/ Major 1", "07001", "Palma", "07"],
  ])("gives back what the line was written from: %s, %s %s", (street, postal, city, code) => {
    const fields = {
      billingStreet: street,
      billingPostalCode: postal,
      billingCity: city,
      billingProvince: code,
    };
    expect(billingAddressParts(billingAddressLine(fields))).toEqual(fields);
  });

  it("is null for a line of another shape, or an unknown province", () => {
    expect(billingAddressParts("Calle Mayor 1, Madrid")).toBeNull();
    expect(billingAddressParts("Calle Mayor 1, 28013 Madrid (Atlántida)")).toBeNull();
  });
});

describe("the complete-invoice window", () => {
  it("lasts four years of days from the simplified invoice, inclusive", () => {
    expect(completeInvoiceDeadline("2026-03-15")).toBe("2030-03-15");
    expect(completeInvoiceWindowOpen("2026-03-15", "2030-03-15")).toBe(true);
    expect(completeInvoiceWindowOpen("2026-03-15", "2030-03-16")).toBe(false);
    expect(completeInvoiceWindowOpen("2026-03-15", "2026-03-15")).toBe(true);
  });
});
