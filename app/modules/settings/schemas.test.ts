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

/** A valid legal form; each test changes the one field it is about. */
const LEGAL_FORM = {
  intent: "legal",
  companyName: "Ejemplo S.L.",
  nif: "B12345674",
  address: "Calle Mayor 1, 28013 Madrid",
  registry: "",
  phone: "910123456",
};

describe("NIF/CIF (one validator: app/lib/tax-id.ts)", () => {
  const nifAccepted = (nif: string) => legalSettingsFormSchema.safeParse({ ...LEGAL_FORM, nif });

  it.each([
    ["12345678Z", true],
    ["00000000T", true],
    ["X1234567L", true],
    ["Y1234567X", true],
    ["B12345674", true],
    ["A58818501", true],
    ["Q2826000H", true],
    ["G12345674", true],
    ["G1234567D", true],
    // A wrong check character or format
    ["12345678A", false],
    ["X1234567A", false],
    ["B12345678", false],
    ["A5881850A", false],
    ["Q28260008", false],
    ["I12345674", false],
    ["1234567Z", false],
    ["", false],
  ])("%j is accepted: %s (DNI, NIE and CIF with their check character)", (nif, accepted) => {
    expect(nifAccepted(nif).success).toBe(accepted);
  });

  it.each([
    [" b-1234567.4 ", "B12345674"],
    // An old DNI written without its leading zero is stored with it, as invoices print it.
    ["1234567L", "01234567L"],
  ])("normalises %j, as people type it, to %j", (nif, stored) => {
    expect(nifAccepted(nif).data?.nif).toBe(stored);
  });
});

describe("phone (TRLGDCU art. 97.1.c)", () => {
  const parse = (phone?: string) => legalSettingsFormSchema.safeParse({ ...LEGAL_FORM, phone });
  const messages = (phone?: string) => parse(phone).error?.issues.map((issue) => issue.message);

  it.each([
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
  ])("accepts %j: Spanish and international numbers, written the usual ways", (phone) => {
    expect(parse(phone).success).toBe(true);
  });

  it("folds the spaces of an accepted number", () => {
    expect(parse("  +34   910  123 456 ").data?.phone).toBe("+34 910 123 456");
  });

  it.each(["", "   ", undefined])("is required, with a Spanish message (%j)", (phone) => {
    expect(messages(phone)).toEqual([SETTINGS_MESSAGES.phoneRequired]);
  });

  it.each([
    "91012345",
    "+1234567890123456",
    "910 123 45X",
    "llámanos",
    "34+910123456",
    "910.123.456",
    "tel:+34910123456",
  ])(
    "refuses %j: letters, a + that is not in front, fewer than 9 or more than 15 digits",
    (phone) => {
      expect(messages(phone)).toEqual([SETTINGS_MESSAGES.phoneInvalid]);
    },
  );

  it("refuses a number too long to store", () => {
    expect(messages(`910 123 456${" -".repeat(20)}`)).toEqual([SETTINGS_MESSAGES.phoneTooLong]);
  });

  it.each([
    ["910 123 456", "tel:+34910123456"],
    ["+34 (91) 012 3456", "tel:+34910123456"],
    ["0044 20 7946 0958", "tel:+442079460958"],
    ["no", null],
  ])("links %j as %j (a Spanish number without prefix gets +34)", (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });

  it("a legal value saved before the phone existed still reads (with no phone)", () => {
    const { companyName, nif, address, registry } = LEGAL_FORM;
    const old = { companyName, nif, address, registry };
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
  it.each([
    ["https://cdn.example/logo.png", true],
    ["/Logo.jpg", true],
    ["http://a.example/l.png", false],
    ["//a.example/l.png", false],
    ["javascript:alert(1)", false],
    ["data:image/png;base64,AA", false],
    ["https://user:pw@a.example/l.png", false],
    ["logo.png", false],
  ])("%j is a logo address: %s (https or a path of this site only)", (address, ok) => {
    expect(isLogoAddress(address)).toBe(ok);
  });
});

describe("maintenance: open addresses", () => {
  it.each([
    ["/_root.data", "/"],
    ["/login.data", "/login"],
    ["/productos/", "/productos"],
  ])("maps the data request %j to its page %j", (pathname, page) => {
    expect(pagePath(pathname)).toBe(page);
  });

  // Sign-in, the admin area, health, webhook and robots stay open; the rest closes.
  it.each([
    ["/login", true],
    ["/login.data", true],
    ["/logout", true],
    ["/recuperar-contrasena", true],
    ["/restablecer-contrasena", true],
    ["/healthz", true],
    ["/readyz", true],
    ["/pagos/webhook", true],
    ["/robots.txt", true],
    ["/admin", true],
    ["/admin/configuracion", true],
    ["/admin/configuracion.data", true],
    ["/api/auth/session", true],
    ["/", false],
    ["/_root.data", false],
    ["/checkout", false],
    ["/carrito", false],
    ["/perfil", false],
    ["/administrar", false],
    ["/loginx", false],
    ["/productos.data", false],
  ])("%s is open during maintenance: %s", (path, open) => {
    expect(isOpenDuringMaintenance(path)).toBe(open);
  });
});
