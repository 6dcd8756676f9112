import { captureLog } from "../tests/helpers/log-capture";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter, RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorPage } from "~/components/layout/error-page";
import { RequestIdContext } from "~/components/layout/error-reference";
import { requestInfoContext } from "~/lib/context";
import { handleError } from "./entry.server";

describe("handleError", () => {
  it("logs a loader's error as one line with the request id and without SQL parameters", () => {
    const capture = captureLog();
    const written = capture.lines;
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { requestId: "req-42", ip: "::1", nonce: "n" });
    try {
      handleError(new Error('Failed query: select 1 where "email" = $1\nparams: ana@ejemplo.es'), {
        request: new Request("http://tienda.test/perfil?token=abc"),
        params: {},
        context,
      } as unknown as Parameters<typeof handleError>[1]);
    } finally {
      capture.restore();
    }
    expect(written).toHaveLength(1);
    const entry = JSON.parse(written[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: "error",
      msg: "unhandled error",
      requestId: "req-42",
      path: "/perfil",
    });
    expect(written[0]).not.toContain("ana@ejemplo.es");
    expect(written[0]).not.toContain("abc");
  });
});

describe("the error page", () => {
  const render = (status: number) =>
    renderToString(
      createElement(
        MemoryRouter,
        null,
        createElement(
          RequestIdContext.Provider,
          { value: "req-42" },
          createElement(ErrorPage, { status }),
        ),
      ),
    );

  it("shows the request id of an unexpected error as its reference", () => {
    expect(render(500)).toMatch(/Código de referencia: (<!-- -->)?<span[^>]*>req-42<\/span>/);
  });

  it("shows none on a 404", () => {
    expect(render(404)).not.toContain("req-42");
  });
});
