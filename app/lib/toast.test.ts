import { describe, expect, it } from "vitest";
import { normalizeToast, type ToastInput } from "./toast";
import { toastSchema } from "./toast.server";

describe("normalizeToast", () => {
  it("applies the same defaults as the server's schema", () => {
    const inputs: ToastInput[] = [
      { title: "Hola" },
      { title: "Error", description: "Algo falló.", variant: "destructive" },
      { title: "Guardado", variant: "default", durationMs: 3000 },
    ];
    for (const input of inputs) {
      expect(normalizeToast(input)).toEqual(toastSchema.parse(input));
    }
  });
});

describe("toastSchema", () => {
  it("refuses what a tampered cookie could hold", () => {
    expect(toastSchema.safeParse({ title: "x".repeat(201) }).success).toBe(false);
    expect(toastSchema.safeParse({ title: "Hola", variant: "success" }).success).toBe(false);
    expect(toastSchema.safeParse({ title: "Hola", durationMs: -1 }).success).toBe(false);
    expect(toastSchema.safeParse("Hola").success).toBe(false);
  });
});
