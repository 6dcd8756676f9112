import { describe, expect, it } from "vitest";
import { fieldErrors, parseForm } from "../../../tests/helpers/schema-forms";
import {
  createUserSchema,
  EMAIL_REQUIRED_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
  updateUserSchema,
} from "./admin-schemas";

const parseCreate = (fields: Record<string, string>) => parseForm(createUserSchema, fields);
const parseUpdate = (fields: Record<string, string>) => parseForm(updateUserSchema, fields);

const create = { intent: "create", email: " Nora@Ejemplo.ES ", password: "Membrillo-Tostado-48" };

describe("createUserSchema", () => {
  it("normalises the e-mail, defaults the role to customer and the name to empty", () => {
    const result = parseCreate(create);
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      intent: "create",
      email: "nora@ejemplo.es",
      password: "Membrillo-Tostado-48",
      fullName: "",
      role: "customer",
      avatarUrl: undefined,
    });
  });

  it.each([
    [{ email: "" }, "email", EMAIL_REQUIRED_MESSAGE],
    [{ email: "   " }, "email", EMAIL_REQUIRED_MESSAGE],
    [{ password: "" }, "password", PASSWORD_REQUIRED_MESSAGE],
    [{ password: "1234567" }, "password", "La contraseña debe tener al menos 8 caracteres."],
    [{ role: "root" }, "role", "Elige un rol: Cliente o Administrador."],
    [{ avatarUrl: "https://otro.example/a.png" }, "avatarUrl", "debe ser una ruta de imagen"],
    [{ avatarUrl: "//otro.example/a.png" }, "avatarUrl", "debe ser una ruta de imagen"],
    [{ avatarUrl: "/uploads/a b.webp" }, "avatarUrl", "debe ser una ruta de imagen"],
  ])("refuses %o on %s", (override, field, message) => {
    const result = parseCreate({ ...create, ...override });
    expect(result.status).toBe("error");
    expect(fieldErrors(result)[field]?.join(" ")).toContain(message);
  });

  it("accepts an avatar served by the shop", () => {
    const result = parseCreate({ ...create, avatarUrl: " /uploads/k-320.webp " });
    expect(result.status === "success" && result.value.avatarUrl).toBe("/uploads/k-320.webp");
  });
});

describe("updateUserSchema", () => {
  const update = { intent: "update", id: "abc", role: "admin" };

  it("reads the unticked active checkbox as inactive and ignores an e-mail", () => {
    const result = parseUpdate({ ...update, email: "otra@ejemplo.es" });
    expect(result.status === "success" && result.value).toEqual({
      intent: "update",
      id: "abc",
      fullName: "",
      role: "admin",
      avatarUrl: undefined,
      active: false,
    });
    const active = parseUpdate({ ...update, active: "on" });
    expect(active.status === "success" && active.value.active).toBe(true);
  });

  it("requires the user and a role", () => {
    const result = parseUpdate({ intent: "update" });
    expect(result.status).toBe("error");
    expect(Object.keys(fieldErrors(result))).toEqual(expect.arrayContaining(["id", "role"]));
  });
});
