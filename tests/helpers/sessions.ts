import { expect } from "vitest";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PASSWORD,
} from "~/db/seed/demo-data";
import { BrowserClient } from "./browser-client";
import { linkIn, readOutbox, waitForMail } from "./mail";

/** A client signed in through /login, its welcome toast already consumed. */
export async function signedIn(baseUrl: string, email: string, password: string) {
  const client = new BrowserClient(baseUrl);
  const response = await client.post("/login", { email, password });
  expect(response.status).toBe(302);
  await client.get("/"); // consumes the welcome toast
  return client;
}

/** The demo admin and the demo customer, each signed in. */
export async function demoSessions(baseUrl: string) {
  return {
    admin: await signedIn(baseUrl, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD),
    customer: await signedIn(baseUrl, DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD),
  };
}

/**
 * Follows the confirmation link e-mailed to `email` (the server's outbox): how the ADMIN_EMAIL
 * account becomes an admin (never before its address is proven).
 */
export async function confirmEmail(server: { url: string; dataDir: string }, email: string) {
  const mail = await waitForMail(() => readOutbox(server.dataDir), email, /^Confirma tu correo/);
  const link = linkIn(mail, server.url, "/verificar-correo");
  const response = await new BrowserClient(server.url).get(link.slice(server.url.length));
  expect(response.status).toBe(302);
}
