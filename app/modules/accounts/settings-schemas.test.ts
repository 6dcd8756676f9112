import { describe, expect, it } from "vitest";
import { fieldErrorsOf, parseForm } from "../../../tests/helpers/schema-forms";
import {
  CONFIRM_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_REQUIRED,
  DELETE_PASSWORD_REQUIRED,
  deleteAccountSchema,
  NEW_PASSWORD_REQUIRED,
  passwordChangeSchema,
  PASSWORDS_DIFFER,
  preferencesSchema,
  profileSchema,
  SAME_PASSWORD,
} from "./settings-schemas";

describe("profileSchema", () => {
  it("trims the name and reads an empty avatar as none", () => {
    const result = parseForm(profileSchema, {
      intent: "profile",
      fullName: "  Rosa Vidal ",
      avatarUrl: "",
    });
    expect(result.status === "success" && result.value).toEqual({
      intent: "profile",
      fullName: "Rosa Vidal",
    });
  });

  it("takes no picture address: the avatar is an upload of its own form", () => {
    const result = parseForm(profileSchema, {
      intent: "profile",
      fullName: "R",
      avatarUrl: "https://otro.example/a.png",
    });
    expect(result.status).toBe("success");
    expect(result.status === "success" && "avatarUrl" in result.value).toBe(false);
  });
});

describe("preferencesSchema", () => {
  it("reads unticked boxes as false", () => {
    const result = parseForm(preferencesSchema, { intent: "preferences", receiveNewsletter: "on" });
    expect(result.status === "success" && result.value).toEqual({
      intent: "preferences",
      receiveMarketingEmails: false,
      receiveNewsletter: true,
    });
  });
});

describe("passwordChangeSchema", () => {
  const valid = {
    intent: "password",
    currentPassword: "Cebolla-Morada-93",
    newPassword: "Remolacha-Asada-57",
    confirmPassword: "Remolacha-Asada-57",
  };

  it("accepts a new password that follows the registration rules", () => {
    expect(fieldErrorsOf(passwordChangeSchema, valid)).toEqual({});
  });

  it.each([
    [{ currentPassword: "" }, "currentPassword", CURRENT_PASSWORD_REQUIRED],
    [{ newPassword: "" }, "newPassword", NEW_PASSWORD_REQUIRED],
    [{ confirmPassword: "" }, "confirmPassword", CONFIRM_PASSWORD_REQUIRED],
    [
      { newPassword: "Corta-1", confirmPassword: "Corta-1" },
      "newPassword",
      "La contraseña debe tener al menos 8 caracteres.",
    ],
    [{ confirmPassword: "Remolacha-Cruda-57" }, "confirmPassword", PASSWORDS_DIFFER],
    [
      { newPassword: "Cebolla-Morada-93", confirmPassword: "Cebolla-Morada-93" },
      "newPassword",
      SAME_PASSWORD,
    ],
  ])("refuses %o on %s", (override, field, message) => {
    expect(fieldErrorsOf(passwordChangeSchema, { ...valid, ...override })[field]).toContain(
      message,
    );
  });
});

describe("deleteAccountSchema", () => {
  it("requires the password", () => {
    expect(fieldErrorsOf(deleteAccountSchema, { intent: "delete-account" }).password).toEqual([
      DELETE_PASSWORD_REQUIRED,
    ]);
  });
});
