import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./passwords.server";
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
});

describe("loginSchema", () => {
  it("requires a valid e-mail", () => {
    expect(messages(loginSchema.safeParse({ email: "x", password: "y" }))).toContain(
      "Introduce un correo electrónico válido.",
    );
  });
});

describe("isCommonPassword", () => {
  it("refuses very common passwords case-insensitively", () => {
    expect(isCommonPassword("12345678")).toBe(true);
    expect(isCommonPassword("Password1")).toBe(true);
    expect(isCommonPassword("Pimiento-Verde-8")).toBe(false);
  });
});
