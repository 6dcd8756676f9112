import { expect } from "vitest";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PASSWORD,
} from "~/db/seed/demo-data";
import { BrowserClient } from "./browser-client";

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
