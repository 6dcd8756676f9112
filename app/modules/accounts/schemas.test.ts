import { describe, expect, it } from "vitest";
import { isRefusedPassword } from "./passwords.server";
import { loginSchema, registerSchema } from "./schemas";

const valid = {
  fullName: "  Lucía Martín  ",
  email: " Lucia@Ejemplo.ES ",
  password: "Pimiento-Verde-8",
  confirmPassword: "Pimiento-Verde-8",
  acceptTerms: true,
};

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe("registerSchema", () => {
  it("trims the name, normalises the e-mail and defaults marketing to off", () => {
    const result = registerSchema.parse(valid);
    expect(result.fullName).toBe("Lucía Martín");
    expect(result.email).toBe("lucia@ejemplo.es");
    expect(result.marketingOptIn).toBe(false);
  });

  it.each([
    [{ confirmPassword: "otra" }, "Las contraseñas no coinciden."],
    [{ acceptTerms: false }, "Debes aceptar los términos y condiciones."],
    [{ acceptTerms: undefined }, "Debes aceptar los términos y condiciones."],
    [
      { password: "1234567", confirmPassword: "1234567" },
      "La contraseña debe tener al menos 8 caracteres.",
    ],
    [{ email: "sin-arroba" }, "Introduce un correo electrónico válido."],
    [{ fullName: " " }, "El nombre completo es obligatorio."],
  ])("refuses %o", (override, message) => {
    expect(messages(registerSchema.safeParse({ ...valid, ...override }))).toContain(message);
  });

  it("says every error at once: passwords that differ beside an unticked box and a bad e-mail", () => {
    const all = messages(
      registerSchema.safeParse({
        ...valid,
        email: "sin-arroba",
        confirmPassword: "otra",
        acceptTerms: false,
      }),
    );
    expect(all).toEqual(
      expect.arrayContaining([
        "Introduce un correo electrónico válido.",
        "Debes aceptar los términos y condiciones.",
        "Las contraseñas no coinciden.",
      ]),
    );
    // A password already wrong is not also said to differ; nothing at all is not an object.
    expect(
      messages(registerSchema.safeParse({ ...valid, password: "1234567", confirmPassword: "x" })),
    ).not.toContain("Las contraseñas no coinciden.");
    expect(registerSchema.safeParse(undefined).success).toBe(false);
  });
});

describe("loginSchema", () => {
  it("requires a valid e-mail", () => {
    expect(messages(loginSchema.safeParse({ email: "x", password: "y" }))).toContain(
      "Introduce un correo electrónico válido.",
    );
  });
});

describe("isRefusedPassword", () => {
  it("refuses very common passwords case-insensitively", () => {
    expect(isRefusedPassword("12345678")).toBe(true);
    expect(isRefusedPassword("Password1")).toBe(true);
  });
  it.each([
    "contraseña",
    "Contrasena1",
    "tienda123",
    "Tienda2026",
    "españa2026",
    "ESPAÑA-2026!",
    "C0ntr4seña",
    "Pa$$w0rd!",
    "tequiero123",
    "Barcelona1899",
    "Madrid2026",
    "javier1990",
  ])("refuses the common Spanish password %j", (password) => {
    expect(isRefusedPassword(password)).toBe(true);
  });
  it("refuses the shop's own name and domain as a password's only word", () => {
    const context = ["Muebles Ortega", "Muebles", "Ortega", "mueblesortega.es", "mueblesortega"];
    expect(isRefusedPassword("MueblesOrtega2026", context)).toBe(true);
    expect(isRefusedPassword("mueblesortega!!", context)).toBe(true);
    expect(isRefusedPassword("ortega-1234", context)).toBe(true);
    expect(isRefusedPassword("MueblesOrtega2026")).toBe(false);
  });
  it.each(["Pimiento-Verde-8", "Tomate-Rosa-2026", "caballo grapa batería", "x7#Qm2!vLp"])(
    "accepts %j",
    (password) => {
      expect(isRefusedPassword(password)).toBe(false);
    },
  );
});
