import { describe, expect, it } from "vitest";
import { telHref } from "~/lib/phone";
import { isOpenDuringMaintenance, pagePath } from "./maintenance";
import {
  centsToEuroInput,
  isLogoAddress,
  legalSettingsFormSchema,
  SETTINGS_MESSAGES,
  shippingSettingsFormSchema,
} from "./schemas";
import { DEFAULT_SITE_SETTINGS, legalSettingsSchema } from "./site-settings.server";

/** The legal form's NIF field alone (the rest valid). */
function nifAccepted(nif: string) {
  return legalSettingsFormSchema.safeParse({
    intent: "legal",
    companyName: "Ejemplo S.L.",
    nif,
    address: "Calle Mayor 1, 28013 Madrid",
    registry: "",
    phone: "910123456",
  });
}

describe("NIF/CIF (one validator: app/lib/tax-id.ts)", () => {
  it("accepts DNI, NIE and CIF with their check character", () => {
    for (const nif of [
      "12345678Z",
      "00000000T",
      "X1234567L",
      "Y1234567X",
      "B12345674",
      "A58818501",
      "Q2826000H",
      "G12345674",
      "G1234567D",
    ]) {
      expect(nifAccepted(nif).success, nif).toBe(true);
    }
  });
  it("refuses a wrong check character or format", () => {
    for (const nif of [
      "12345678A",
      "X1234567A",
      "B12345678",
      "A5881850A",
      "Q28260008",
      "I12345674",
      "1234567Z",
      "",
    ]) {
      expect(nifAccepted(nif).success, nif).toBe(false);
    }
  });
  it("normalises what people type around it", () => {
    expect(nifAccepted(" b-1234567.4 ").data?.nif).toBe("B12345674");
    // An old DNI written without its leading zero is stored with it, as invoices print it.
    expect(nifAccepted("1234567L").data?.nif).toBe("01234567L");
  });
});

describe("phone (TRLGDCU art. 97.1.c)", () => {
  const LEGAL = {
    intent: "legal",
    companyName: "Ejemplo S.L.",
    nif: "B12345674",
    address: "Calle Mayor 1, 28013 Madrid",
    registry: "",
  };
  const parse = (phone?: string) => legalSettingsFormSchema.safeParse({ ...LEGAL, phone });
  const messages = (phone?: string) => parse(phone).error?.issues.map((issue) => issue.message);

  it("accepts Spanish and international numbers, written the usual ways", () => {
    for (const phone of [
      "910123456",
      "910 123 456",
      "91 012 34 56",
      "612-345-678",
      "+34 910 123 456",
      "+34 (91) 012 3456",
      "0034 910 123 456",
      "+351 21 123 4567",
      "+44 20 7946 0958",
      "+123456789012345",
    ]) {
      expect(parse(phone).success, phone).toBe(true);
    }
    expect(parse("  +34   910  123 456 ").data?.phone).toBe("+34 910 123 456");
  });

  it("is required, with a Spanish message", () => {
    expect(messages("")).toEqual([SETTINGS_MESSAGES.phoneRequired]);
    expect(messages("   ")).toEqual([SETTINGS_MESSAGES.phoneRequired]);
    expect(messages(undefined)).toEqual([SETTINGS_MESSAGES.phoneRequired]);
  });

  it("refuses letters, a + that is not in front, fewer than 9 or more than 15 digits", () => {
    for (const phone of [
      "91012345",
      "+1234567890123456",
      "910 123 45X",
      "llámanos",
      "34+910123456",
      "910.123.456",
      "tel:+34910123456",
    ]) {
      expect(messages(phone), phone).toEqual([SETTINGS_MESSAGES.phoneInvalid]);
    }
    expect(messages(`910 123 456${" -".repeat(20)}`)).toEqual([SETTINGS_MESSAGES.phoneTooLong]);
  });

  it("links as tel: (a Spanish number without prefix gets +34)", () => {
    expect(telHref("910 123 456")).toBe("tel:+34910123456");
    expect(telHref("+34 (91) 012 3456")).toBe("tel:+34910123456");
    expect(telHref("0044 20 7946 0958")).toBe("tel:+442079460958");
    expect(telHref("no")).toBeNull();
  });

  it("a legal value saved before the phone existed still reads (with no phone)", () => {
    const old = {
      companyName: "Ejemplo S.L.",
      nif: "B12345674",
      address: "Calle Mayor 1",
      registry: "",
    };
    expect(legalSettingsSchema.parse(old)).toEqual({ ...old, phone: "" });
    expect(DEFAULT_SITE_SETTINGS.legal.phone).toBe("");
  });
});

describe("shipping amounts", () => {
  /** The form with every zone at 5 € and free from 60 €, and Canarias as given. */
  const parse = (flatRate: string, freeFrom?: string, enabled?: boolean) => {
    // Conform has already turned a ticked box into `true` (an unticked one is absent).
    const other = { enabled: true, flatRate: "5", freeFrom: "60" };
    return shippingSettingsFormSchema.safeParse({
      intent: "shipping",
      zones: {
        peninsula: other,
        baleares: other,
        canarias: { enabled, flatRate, freeFrom },
        ceuta: other,
        melilla: other,
      },
    });
  };
  it("reads Spanish decimals into cents per zone; empty threshold is never free", () => {
    const canarias = (flatRate: string, freeFrom?: string, enabled?: boolean) =>
      parse(flatRate, freeFrom, enabled).data?.zones.canarias;
    expect(canarias("4,95", "50", true)).toMatchObject({
      enabled: true,
      flatRate: 495,
      freeFrom: 5000,
    });
    expect(canarias("1.234,5", "")).toMatchObject({
      enabled: false,
      flatRate: 123450,
      freeFrom: null,
    });
    expect(canarias("0", undefined)).toMatchObject({ flatRate: 0, freeFrom: null });
    expect(parse("5", "60").data?.zones.peninsula).toMatchObject({ flatRate: 500, freeFrom: 6000 });
    expect(parse("", "50").success).toBe(false);
    expect(parse("4,955", "50").success).toBe(false);
  });
  it("writes cents back the Spanish way", () => {
    expect(centsToEuroInput(495)).toBe("4,95");
    expect(centsToEuroInput(100000)).toBe("1000,00");
    expect(centsToEuroInput(null)).toBe("");
  });
});

describe("logo address", () => {
  it("https or a path of this site only", () => {
    expect(isLogoAddress("https://cdn.example/logo.png")).toBe(true);
    expect(isLogoAddress("/Logo.jpg")).toBe(true);
    for (const bad of [
      "http://a.example/l.png",
      "//a.example/l.png",
      "javascript:alert(1)",
      "data:image/png;base64,AA",
      "https://user:pw@a.example/l.png",
      "logo.png",
    ]) {
      expect(isLogoAddress(bad), bad).toBe(false);
    }
  });
});

describe("maintenance: open addresses", () => {
  it("maps data requests to their page", () => {
    expect(pagePath("/_root.data")).toBe("/");
    expect(pagePath("/login.data")).toBe("/login");
    expect(pagePath("/productos/")).toBe("/productos");
  });
  it("keeps sign-in, the admin area, health, webhook and robots open; closes the rest", () => {
    for (const path of [
      "/login",
      "/login.data",
      "/logout",
      "/recuperar-contrasena",
      "/restablecer-contrasena",
      "/healthz",
      "/readyz",
      "/pagos/webhook",
      "/robots.txt",
      "/admin",
      "/admin/configuracion",
      "/admin/configuracion.data",
      "/api/auth/session",
    ]) {
      expect(isOpenDuringMaintenance(path), path).toBe(true);
    }
    for (const path of [
      "/",
      "/_root.data",
      "/checkout",
      "/carrito",
      "/perfil",
      "/administrar",
      "/loginx",
      "/productos.data",
    ]) {
      expect(isOpenDuringMaintenance(path), path).toBe(false);
    }
  });
});
