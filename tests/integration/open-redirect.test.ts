import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD } from "~/db/seed/demo-data";
import { BrowserClient } from "../helpers/browser-client";
import { startServer, type TestServer } from "../helpers/server";

/**
 * Every place that takes a return path answers with a Location on the shop's own origin,
 * whatever a browser would make of the path once normalised (point 2).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ seed: true });
});
afterAll(async () => {
  await server?.stop();
});

const HOSTILE = [
  "/.//evil.example/x",
  "/..//evil.example",
  "/%2e%2e//evil.example",
  "/x/..//evil.example",
  "\\/evil.example",
  "/\\evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "//evil.example",
  "https://evil.example/",
];

/** Where a browser on the shop's page goes with this answer's Location header. */
function landing(response: Response) {
  const location = response.headers.get("Location");
  expect(location, `status ${response.status}`).toBeTruthy();
  return new URL(location!, `${server.url}/pagina`);
}

describe.each(HOSTILE)("the return path %j", (hostile) => {
  it("is refused by /login after signing in", async () => {
    const client = new BrowserClient(server.url);
    const response = await client.post("/login", {
      email: DEMO_CUSTOMER_EMAIL,
      password: DEMO_CUSTOMER_PASSWORD,
      redirectTo: hostile,
    });
    expect(response.status).toBe(302);
    expect(landing(response).origin).toBe(server.url);
    expect(landing(response).pathname).toBe("/");
  });

  it("is refused by the cart, the favourites and the newsletter forms", async () => {
    const client = new BrowserClient(server.url);
    const answers = [
      await client.post("/carrito", { intent: "add", productId: "1", redirectTo: hostile }),
      await client.post("/favoritos", { productId: "1", redirectTo: hostile }),
      await client.post("/newsletter", { email: "no-es-correo", redirectTo: hostile }),
    ];
    for (const response of answers) {
      expect([302, 303]).toContain(response.status);
      expect(landing(response).origin).toBe(server.url);
    }
  });
});
