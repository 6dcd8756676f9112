import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formAction } from "./action.server";
import { conflict, ok, type Failure } from "./failure";

const schema = z.object({ email: z.email("Escribe un correo válido.") });

function form(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return formData;
}

describe("formAction's onFailure", () => {
  const seen: Failure[] = [];
  const options = {
    schema,
    run: async ({ email }: { email: string }) =>
      email.startsWith("ya@") ? conflict("Ya estás suscrito.") : ok(),
    onSuccess: () => ({ redirectTo: "/gracias" }),
    onFailure: (failure: Failure, formData: FormData) => {
      seen.push(failure);
      return { redirectTo: `/vuelta?de=${String(formData.get("email"))}` };
    },
  };

  it("answers a refused submission with its redirect, the schema's first message as `invalid`", async () => {
    const response = (await formAction(form({ email: "nada" }), options)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/vuelta?de=nada");
    expect(seen.at(-1)).toEqual({
      ok: false,
      kind: "invalid",
      message: "Escribe un correo válido.",
    });
  });

  it("answers a domain refusal with its redirect too, and a success with onSuccess", async () => {
    const refused = (await formAction(form({ email: "ya@ejemplo.es" }), options)) as Response;
    expect(refused.headers.get("Location")).toBe("/vuelta?de=ya@ejemplo.es");
    expect(seen.at(-1)).toEqual(conflict("Ya estás suscrito."));
    const done = (await formAction(form({ email: "nueva@ejemplo.es" }), options)) as Response;
    expect(done.headers.get("Location")).toBe("/gracias");
  });

  it("without it, a domain refusal is the form's answer with the failure's status", async () => {
    const { onFailure: _unused, ...plain } = options;
    const answer = await formAction(form({ email: "ya@ejemplo.es" }), plain);
    expect(answer).not.toBeInstanceOf(Response);
    expect((answer as { init: ResponseInit }).init.status).toBe(409);
  });
});
