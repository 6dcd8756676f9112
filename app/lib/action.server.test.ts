import { describe, expect, it, vi } from "vitest";
import { data } from "react-router";
import { z } from "zod";
import { dispatchIntent, formAction } from "./action.server";
import {
  conflict,
  forbidden,
  invalid,
  notFound,
  ok,
  rateLimited,
  titled,
  unauthenticated,
  unavailable,
  type Failure,
  type Result,
} from "./failure";

const schema = z.object({ name: z.string({ error: "Escribe un nombre." }).max(5, "Muy largo.") });

function form(entries: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(entries)) formData.append(key, value);
  return formData;
}

/** The answer of an action: a Response (redirect) or React Router's `data()` wrapper. */
function answer(value: unknown): { status: number; body: unknown; headers: Headers } {
  if (value instanceof Response)
    return { status: value.status, body: null, headers: value.headers };
  const wrapped = value as { data: unknown; init?: { status?: number; headers?: HeadersInit } };
  return {
    status: wrapped.init?.status ?? 200,
    body: wrapped.data,
    headers: new Headers(wrapped.init?.headers),
  };
}

function run(result: Result<{ id: number }>, entries: Record<string, string> = { name: "Ana" }) {
  return formAction(form(entries), {
    schema,
    intent: "save",
    failureTitle: "Error al guardar",
    run: async () => result,
    onSuccess: (done) => ({ redirectTo: `/admin/x?id=${done.id}`, toast: { title: "Hecho" } }),
  });
}

describe("formAction", () => {
  it("answers a schema refusal with 400 and the field's message, without running the domain call", async () => {
    const domain = vi.fn(async () => ok({ id: 1 }));
    const reply = answer(
      await formAction(form({ name: "Demasiado" }), {
        schema,
        run: domain,
        onSuccess: () => ({ redirectTo: "/" }),
      }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ result: { error: { name: ["Muy largo."] } } });
    expect(domain).not.toHaveBeenCalled();
  });

  it("redirects with the toast cookie on success", async () => {
    const reply = answer(await run(ok({ id: 7 })));
    expect(reply.status).toBe(302);
    expect(reply.headers.get("Location")).toBe("/admin/x?id=7");
    expect(reply.headers.get("Set-Cookie")).toMatch(/_toast=/);
  });

  it.each([
    [invalid("Revisa el nombre.", "name"), 400],
    [notFound("Ya no existe."), 404],
    [conflict("Ese nombre ya existe.", "name"), 409],
    [forbidden("No puedes."), 403],
    [rateLimited("Demasiados intentos.", 60), 429],
    [unauthenticated("Inicia sesión para seguir."), 401],
    [unavailable("No se pudo guardar."), 500],
  ])("maps %o to its status", async (failure, status) => {
    const reply = answer(await run(failure));
    expect(reply.status).toBe(status);
    const body = reply.body as {
      intent: string;
      result: { error: Record<string, string[]> };
      toast: unknown;
    };
    expect(body.intent).toBe("save");
    // A field's failure sits on the field; any other above the form (Conform's "" key).
    const key = failure.fieldErrors ? "name" : "";
    expect(body.result.error[key]).toEqual([failure.message]);
    expect(body.toast).toEqual({
      title: "Error al guardar",
      description: failure.message,
      variant: "destructive",
    });
  });

  it("shows a failure's own title in the toast and before its message above the form", async () => {
    const reply = answer(await run(titled(conflict("Quedan 2 unidades."), "Sin stock suficiente")));
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({
      result: { error: { "": ["Sin stock suficiente: Quedan 2 unidades."] } },
      toast: {
        title: "Sin stock suficiente",
        description: "Quedan 2 unidades.",
        variant: "destructive",
      },
    });
  });

  it("sends Retry-After with a rate limit", async () => {
    const reply = answer(await run(rateLimited("Demasiados intentos.", 90)));
    expect(reply.headers.get("Retry-After")).toBe("90");
  });

  it("stops at a refused authorization", async () => {
    const domain = vi.fn(async () => ok({ id: 1 }));
    const reply = answer(
      await formAction(form({ name: "Ana" }), {
        schema,
        authorize: () => forbidden("Ese pedido no es tuyo."),
        run: domain,
        onSuccess: () => ({ redirectTo: "/" }),
      }),
    );
    expect(reply.status).toBe(403);
    expect(domain).not.toHaveBeenCalled();
  });

  it("may answer a success on the page itself, with the form's values as typed", async () => {
    const reply = answer(
      await formAction(form({ name: " Ana " }), {
        schema: schema.extend({ name: z.string().trim() }),
        run: async (value) => ok({ greeting: `Hola, ${value.name}` }),
        onSuccess: (done, _value, result) => data({ greeting: done.greeting, result: result() }),
      }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      greeting: "Hola, Ana",
      result: { status: "success", initialValue: { name: " Ana " } },
    });
  });

  it("keeps hidden fields' values out of the reply", async () => {
    const reply = answer(
      await formAction(form({ name: "Ana", password: "secreto-1" }), {
        schema: schema.extend({ password: z.string() }),
        hideFields: ["password"],
        run: async () => invalid("Contraseña débil.", "password"),
        onSuccess: () => ({ redirectTo: "/" }),
      }),
    );
    expect(JSON.stringify(reply.body)).not.toContain("secreto-1");
  });
});

describe("dispatchIntent", () => {
  const request = (intent: string) =>
    new Request("http://localhost/x", { method: "POST", body: form({ intent }) });

  it("runs the handler of the submitted intent", async () => {
    await expect(
      dispatchIntent(request("b"), { a: async () => "A", b: async () => "B" }),
    ).resolves.toBe("B");
  });

  it("refuses an unknown intent with 400", async () => {
    const refused = await dispatchIntent(request("toString"), { a: async () => "A" }).catch(
      (e: unknown) => e,
    );
    expect(answer(refused).status).toBe(400);
  });
});

const emailSchema = z.object({ email: z.email("Escribe un correo válido.") });

describe("formAction's onFailure", () => {
  const seen: Failure[] = [];
  const options = {
    schema: emailSchema,
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

  it("answers the page's own data() when it gives one, with its status", async () => {
    const reply = answer(
      await formAction(form({ email: "nada" }), {
        ...options,
        onFailure: (failure: Failure) => data({ report: failure.message }, { status: 413 }),
      }),
    );
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ report: "Escribe un correo válido." });
  });

  it("without it, a domain refusal is the form's answer with the failure's status", async () => {
    const { onFailure: _unused, ...plain } = options;
    const answer = await formAction(form({ email: "ya@ejemplo.es" }), plain);
    expect(answer).not.toBeInstanceOf(Response);
    expect((answer as { init: ResponseInit }).init.status).toBe(409);
  });
});

describe("formAction's failureToast", () => {
  const options = {
    schema,
    failureTitle: "Error al guardar",
    authorize: ({ name }: { name: string }) =>
      name === "Eva" ? forbidden("No tienes permisos.") : null,
    run: async ({ name }: { name: string }) =>
      name === "Luz" ? rateLimited("Espera un poco.") : ok(),
    onSuccess: () => ({ redirectTo: "/" }),
    failureToast: (failure: Failure) =>
      failure.kind === "forbidden"
        ? { title: "Acción no permitida", description: "Solo administradores." }
        : undefined,
  };

  it("picks the refusal's toast from the failure, the form keeping the failure's message", async () => {
    const reply = answer(await formAction(form({ name: "Eva" }), options));
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({
      result: { error: { "": ["No tienes permisos."] } },
      toast: { title: "Acción no permitida", description: "Solo administradores." },
    });
  });

  it("shows no toast where it answers undefined, even with a failureTitle", async () => {
    const reply = answer(await formAction(form({ name: "Luz" }), options));
    expect(reply.status).toBe(429);
    expect(reply.body).not.toHaveProperty("toast.title");
  });
});
