/*
 * The security audit's point 10 (ADR 0023): every route of the production build × every method it
 * answers × {anonymous, customer, another customer, admin}, against the seeded shop, checked
 * against the classification table (route-classes.ts). A route the table does not classify
 * fails the test. No request of the matrix may change the database: refusals must change
 * nothing, and accepted roles only send an empty form (answered with validation errors).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PASSWORD,
} from "~/db/seed/demo-data";
import { BrowserClient } from "../helpers/browser-client";
import { changedTables, WatchedShop } from "../helpers/db-fingerprint";
import { postFormsOf, type PageForm } from "../helpers/forms";
import { builtRoutes, type BuiltRoute } from "../helpers/route-manifest";
import { startServer } from "../helpers/server";
import { signedIn } from "../helpers/sessions";
import {
  expectedOutcome,
  isRefused,
  ROLES,
  ROUTE_RULES,
  type Outcome,
  type Role,
  type RouteRule,
} from "./route-classes";

/** Another demo customer (app/db/seed/demo-data.ts), who owns none of the demo customer's orders. */
const OTHER_CUSTOMER_EMAIL = "javier.lopez@tienda.local";

interface Target {
  route: BuiltRoute;
  rule: RouteRule;
  url: string;
  /** The forms the page shows its rightful user that post to it (replayed by refused roles). */
  forms: PageForm[];
}

let routes: BuiltRoute[];
let shop: WatchedShop<Role>;
let targets: Target[] = [];

/** The role that may use a route, whose view of the page holds the forms worth replaying. */
function rightfulRole(rule: RouteRule): Role {
  if (rule.class === "admin-only") return "admin";
  if (rule.class === "signed-in" || rule.class === "own-resource") return "customer";
  return "anonymous";
}

beforeAll(async () => {
  routes = builtRoutes();
  const server = await startServer({ seed: true });
  const clients = new Map<Role, BrowserClient>([
    ["anonymous", new BrowserClient(server.url)],
    ["customer", await signedIn(server.url, DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD)],
    ["otherCustomer", await signedIn(server.url, OTHER_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD)],
    ["admin", await signedIn(server.url, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)],
  ]);
  shop = await WatchedShop.open(server, clients);

  const resolve = async (route: BuiltRoute): Promise<Target | undefined> => {
    const rule = ROUTE_RULES[route.id];
    if (!rule || rule.class === "layout") return undefined;
    let url = rule.url;
    if (rule.discover) {
      const page = await (await shop.client(rule.discover.as).get(rule.discover.page)).text();
      url = rule.discover.link.exec(page)?.[0];
      if (!url) throw new Error(`no link ${rule.discover.link} on ${rule.discover.page}`);
    }
    if (!url) throw new Error(`${route.id}: the table gives no URL`);
    let forms: PageForm[] = [];
    if (route.hasAction) {
      const response = await shop.client(rightfulRole(rule)).get(url);
      if (response.status === 200) forms = postFormsOf(await response.text(), url);
      else await response.body?.cancel();
    }
    return { route, rule, url, forms };
  };
  targets = (await Promise.all(routes.map(resolve))).filter((target) => target !== undefined);
  before = await shop.fingerprint();
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

/** How a response differs from the expected outcome ("" when it matches). */
function mismatch(response: Response, outcome: Outcome, url: string): string {
  const location = response.headers.get("Location");
  const got = location ? `${response.status} → ${location}` : String(response.status);
  if (typeof outcome === "number") return response.status === outcome ? "" : got;
  const parsed = new URL(url, "http://shop.local");
  const expected =
    outcome === "login"
      ? `/login?redirectTo=${encodeURIComponent(parsed.pathname + parsed.search)}`
      : outcome === "home"
        ? "/"
        : outcome.redirect;
  return response.status === 302 && location === expected ? "" : `${got} (expected → ${expected})`;
}

async function drain(response: Response) {
  await response.body?.cancel().catch(() => undefined);
}

/**
 * Runs `request` for every role: one after another with a database check after each when
 * checks are cheap (PostgreSQL), else the four at once (the batch is checked as a whole).
 */
async function forEachRole(request: (role: Role) => Promise<string[]>): Promise<string[]> {
  if (!shop.perRequest) return (await Promise.all(ROLES.map(request))).flat();
  const failures: string[] = [];
  for (const role of ROLES) failures.push(...(await request(role)));
  return failures;
}

/**
 * Runs `work` for every target: in order when every request is checked (PostgreSQL), else a
 * few at a time; signing out always last and alone (it ends the callers' sessions).
 */
async function forEachTarget(work: (target: Target) => Promise<string[]>): Promise<string[]> {
  const isLogout = (target: Target) => target.route.id === "routes/auth/logout";
  const queue = targets.filter((target) => !isLogout(target));
  const failures: string[] = [];
  const worker = async () => {
    for (let target = queue.shift(); target; target = queue.shift()) {
      failures.push(...(await work(target)));
    }
  };
  await Promise.all(Array.from({ length: shop.perRequest ? 1 : 3 }, worker));
  for (const target of targets.filter(isLogout)) failures.push(...(await work(target)));
  return failures;
}

/** The fingerprint the next check compares with. */
let before: Record<string, string>;

/** After a request (PostgreSQL only): the tables it changed, as a failure line. */
async function checkAfter(what: string): Promise<string[]> {
  if (!shop.perRequest) return [];
  const after = await shop.fingerprint();
  const changed = changedTables(before, after);
  before = after;
  return changed.length > 0 ? [`${what} changed ${changed.join(", ")}`] : [];
}

/** After a batch: the tables it changed (on PostgreSQL every request was checked already). */
async function checkBatch(what: string): Promise<string[]> {
  if (shop.perRequest) return [];
  const after = await shop.fingerprint();
  const changed = changedTables(before, after);
  before = after;
  return changed.length > 0 ? [`${what} changed ${changed.join(", ")}`] : [];
}

describe("authorization matrix", () => {
  it("classifies every route of the build, and every rule names a real route", () => {
    expect(routes.length).toBeGreaterThan(50);
    const unclassified = routes.filter((route) => !ROUTE_RULES[route.id]).map((r) => r.id);
    expect(unclassified, "routes with no entry in tests/integration/route-classes.ts").toEqual([]);
    const ids = new Set(routes.map((route) => route.id));
    expect(Object.keys(ROUTE_RULES).filter((id) => !ids.has(id))).toEqual([]);
    // Every route but the layouts is requested, each layout under its children.
    for (const route of routes) {
      if (ROUTE_RULES[route.id]!.class === "layout") expect(route.hasAction, route.id).toBe(false);
    }
    expect(targets.length).toBe(routes.filter((r) => ROUTE_RULES[r.id]!.class !== "layout").length);
  });

  it("GET: every route × role gets its class's answer, and no GET changes the database", async () => {
    const failures = await forEachTarget(async (target) => {
      if (!target.route.hasLoader) return [];
      return forEachRole(async (role) => {
        const response = await shop.client(role).get(target.url);
        const wrong = mismatch(response, expectedOutcome(target.rule, "GET", role), target.url);
        await drain(response);
        const what = `GET ${target.url} as ${role}`;
        return [...(wrong ? [`${what}: ${wrong}`] : []), ...(await checkAfter(what))];
      });
    });
    expect(failures).toEqual([]);
  });

  it("POST: every action × role is refused or validates, and none changes the database", async () => {
    let refusals = 0;
    const failures = await forEachTarget((target) =>
      forEachRole(async (role) => {
        const outcome = expectedOutcome(target.rule, "POST", role);
        // A POST to a route without an action: 405 once past the layouts' sign-in guards.
        const expected: Outcome = target.route.hasAction
          ? outcome
          : outcome === "login" || outcome === "home"
            ? outcome
            : 405;
        // Refused roles send what would change something; accepted ones an empty form.
        const refused = isRefused(target.rule, "POST", role);
        const attempts: PageForm[] = refused
          ? [
              {
                action: target.url,
                fields: Object.entries(target.rule.body ?? { intent: "delete", id: "1" }),
              },
              ...target.forms,
            ]
          : [{ action: target.url, fields: [] }];
        const lines: string[] = [];
        for (const attempt of attempts) {
          const response = await shop
            .client(role)
            .postBody(attempt.action, new URLSearchParams(attempt.fields));
          const wrong = mismatch(response, expected, target.url);
          await drain(response);
          const what = `POST ${attempt.action} ${JSON.stringify(attempt.fields)} as ${role}`;
          if (wrong) lines.push(`${what}: ${wrong}`);
          if (refused) refusals += 1;
          lines.push(...(await checkAfter(what)));
        }
        return lines;
      }),
    );
    // On PGlite, one check for the GET requests above and these POST requests: each check
    // restarts the server, which costs more than all the requests together.
    failures.push(...(await checkBatch("the GET and POST requests of the matrix")));
    expect(failures).toEqual([]);
    expect(refusals).toBeGreaterThan(100);
  });
});
