/*
 * The security audit's point 10, second half (ADR 0023): every public form and every query string a
 * public page reads, driven with arbitrary input (fast-check, fixed seed): control characters,
 * up to ~10 KB strings, odd numbers, repeated and missing fields. Never a 5xx; a refusal (4xx)
 * changes nothing in the database.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD } from "~/db/seed/demo-data";
import { BrowserClient } from "../helpers/browser-client";
import { changedTables, WatchedShop } from "../helpers/db-fingerprint";
import { postFormsOf } from "../helpers/forms";
import { builtRoutes } from "../helpers/route-manifest";
import { startServer } from "../helpers/server";
import { signedIn } from "../helpers/sessions";
import { ROUTE_RULES, type RouteRule } from "./route-classes";

type Visitor = "anonymous" | "customer";

/** Same seed every run: a failure prints its seed and path, and replays the same way. */
const SEED = 20261126;
const RUNS_PER_FORM = 12;
const RUNS_PER_PAGE = 6;

/** The classes whose forms and pages anyone may use (see route-classes.ts). */
const PUBLIC_CLASSES = new Set<RouteRule["class"]>(["public", "token", "resource", "webhook"]);

/** The query parameters the shop's pages read (catalogue filters, tokens, return paths). */
const QUERY_PARAMS = [
  "q",
  "category",
  "subcategory",
  "condition",
  "brand",
  "minPrice",
  "maxPrice",
  "sort",
  "page",
  "token",
  "session",
  "session_id",
  "redirectTo",
  "number",
  "email",
];

/** UTF-8 percent-encoding that, like a hostile client, also encodes lone surrogates (WTF-8). */
function percentEncode(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    let point = unit;
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      point = 0x10000 + ((unit - 0xd800) << 10) + (next - 0xdc00);
      i += 1;
    }
    const char = String.fromCodePoint(point);
    if (/^[A-Za-z0-9*._-]$/.test(char)) {
      out += char;
      continue;
    }
    const bytes =
      point >= 0xd800 && point <= 0xdfff
        ? [0xe0 | (point >> 12), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f)]
        : [...Buffer.from(char, "utf8")];
    out += bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");
  }
  return out;
}

/** One encoded value: text of every kind, numbers of every shape, and broken escapes. */
const encodedValue: fc.Arbitrary<string> = fc.oneof(
  fc.string().map(percentEncode),
  fc.string({ unit: "binary", maxLength: 40 }).map(percentEncode),
  fc.string({ unit: "binary-ascii", maxLength: 40 }).map(percentEncode),
  fc
    .string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((u) => String.fromCharCode(u)) })
    .map(percentEncode),
  fc.string({ minLength: 2000, maxLength: 10_000 }).map(percentEncode),
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.double().map(String).map(percentEncode),
  fc.constantFrom(
    "",
    "-1",
    "0",
    "-0",
    "1e309",
    "NaN",
    "Infinity",
    "0x1F",
    "9007199254740993",
    "1%2C5",
    "%",
    "%zz",
    "%C3",
    "%ED%A0%80",
    "%00",
    "%FF%FE",
    "on",
    "true",
    "delete",
  ),
);

/** A form's fields: each missing, once, or repeated (arrays), plus a stray field now and then. */
function formBody(names: string[]): fc.Arbitrary<string> {
  const field = (name: string) =>
    fc
      .option(fc.array(encodedValue, { minLength: 1, maxLength: 3 }), { nil: undefined })
      .map((values) => (values ?? []).map((value) => `${percentEncode(name)}=${value}`));
  return fc
    .tuple(...names.map(field), fc.option(fc.tuple(fc.string({ maxLength: 10 }), encodedValue)))
    .map((parts) => {
      const stray = parts.pop() as [string, string] | null;
      const pairs = (parts as string[][]).flat();
      if (stray) pairs.push(`${percentEncode(stray[0])}=${stray[1]}`);
      return pairs.join("&");
    });
}

interface FormTarget {
  visitor: Visitor;
  page: string;
  action: string;
  names: string[];
}

let shop: WatchedShop<Visitor>;
const forms: FormTarget[] = [];
let pages: string[] = [];
let before: Record<string, string>;
/** Requests answered 2xx/3xx: on PGlite only a run without any can be checked as a whole. */
let accepted = 0;

beforeAll(async () => {
  const server = await startServer({ seed: true });
  shop = await WatchedShop.open(
    server,
    new Map<Visitor, BrowserClient>([
      ["anonymous", new BrowserClient(server.url)],
      ["customer", await signedIn(server.url, DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD)],
    ]),
  );
  const publicRoutes = builtRoutes().filter((route) => {
    const rule = ROUTE_RULES[route.id];
    return rule && PUBLIC_CLASSES.has(rule.class) && route.id !== "routes/auth/logout";
  });
  // Concrete URLs: the table's, or the first link of a listing for a parameterised route.
  const urls = new Map<string, string>();
  for (const route of publicRoutes) {
    const rule = ROUTE_RULES[route.id]!;
    if (rule.url) urls.set(route.id, rule.url);
    else if (rule.discover) {
      const html = await (await shop.client("anonymous").get(rule.discover.page)).text();
      const url = rule.discover.link.exec(html)?.[0];
      if (url) urls.set(route.id, url);
    }
  }
  pages = publicRoutes.filter((r) => r.hasLoader && urls.has(r.id)).map((r) => urls.get(r.id)!);

  // Every POST form those pages show (to themselves or to a resource endpoint), per visitor.
  const seen = new Set<string>();
  for (const visitor of ["anonymous", "customer"] as const) {
    for (const page of pages) {
      const response = await shop.client(visitor).get(page);
      if (response.status !== 200) {
        await response.body?.cancel();
        continue;
      }
      const html = await response.text();
      const actions = new Set(publicRoutes.filter((r) => r.hasAction).map((r) => urls.get(r.id)));
      for (const form of postFormsOf(html, page, { anyAction: true })) {
        const path = form.action.split("?")[0]!;
        if (path === "/logout" || !actions.has(path)) continue;
        const key = `${visitor} ${form.action} ${form.fields.map(([n]) => n).join(",")}`;
        if (seen.has(key)) continue;
        seen.add(key);
        forms.push({
          visitor,
          page,
          action: form.action,
          names: [...new Set(form.fields.map(([n]) => n))],
        });
      }
    }
  }
  // Public actions no page shows a form for (the webhook, endpoints of scripts): their table body.
  for (const route of publicRoutes.filter((r) => r.hasAction)) {
    const url = urls.get(route.id);
    if (!url || forms.some((form) => form.action.split("?")[0] === url)) continue;
    forms.push({
      visitor: "anonymous",
      page: url,
      action: url,
      names: Object.keys(ROUTE_RULES[route.id]!.body ?? { email: "" }),
    });
  }
  before = await shop.fingerprint();
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

/** After a request: never a 5xx; a refusal (4xx) changed nothing (checked here on PostgreSQL). */
async function judge(response: Response, what: string, method: "GET" | "POST") {
  await response.body?.cancel().catch(() => undefined);
  expect(response.status, `${what} answered ${response.status}`).toBeLessThan(500);
  if (method === "POST" && response.status < 400) accepted += 1;
  if (!shop.perRequest) return;
  const after = await shop.fingerprint();
  if (method === "GET" || response.status >= 400) {
    expect(changedTables(before, after), `${what} was refused but changed the database`).toEqual(
      [],
    );
  }
  before = after;
}

describe("fuzzing the public forms and query strings", () => {
  it("finds the public forms to drive", () => {
    const actions = new Set(forms.map((form) => form.action.split("?")[0]));
    for (const path of [
      "/login",
      "/registro",
      "/recuperar-contrasena",
      "/newsletter",
      "/carrito",
    ]) {
      expect(actions, path).toContain(path);
    }
    expect(pages.length).toBeGreaterThan(20);
  });

  it("no form input gets a 5xx, and a refused one changes nothing", async () => {
    for (const form of forms) {
      await fc.assert(
        fc.asyncProperty(formBody(form.names), async (body) => {
          // Sent as bytes: URLSearchParams would repair what a hostile client sends broken.
          const raw = await fetch(shop.url + form.action, {
            method: "POST",
            redirect: "manual",
            body,
            headers: {
              Cookie: shop.client(form.visitor).cookieHeader(),
              "Content-Type": "application/x-www-form-urlencoded",
              Origin: shop.url,
              "Sec-Fetch-Site": "same-origin",
              "X-Forwarded-For": shop.client(form.visitor).ip,
            },
          });
          await judge(
            raw,
            `POST ${form.action} as ${form.visitor} with ${body.slice(0, 300)}`,
            "POST",
          );
        }),
        { seed: SEED, numRuns: RUNS_PER_FORM, endOnFailure: true },
      );
    }
  });

  it("no query string gets a 5xx, and no GET changes anything", async () => {
    const query = fc
      .array(fc.tuple(fc.constantFrom(...QUERY_PARAMS), encodedValue), { maxLength: 6 })
      .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join("&"));
    for (const page of pages) {
      await fc.assert(
        fc.asyncProperty(query, async (search) => {
          const url = `${page}${page.includes("?") ? "&" : "?"}${search}`;
          const response = await shop.client("anonymous").get(url);
          await judge(response, `GET ${url.slice(0, 300)}`, "GET");
        }),
        { seed: SEED, numRuns: RUNS_PER_PAGE, endOnFailure: true },
      );
    }
  });

  it("on PGlite: a run in which every submission was refused left the database as it was", async () => {
    if (shop.perRequest) return; // checked after every request above
    const after = await shop.fingerprint();
    if (accepted > 0)
      console.warn(`${accepted} fuzzed submissions were accepted: no whole-run check`);
    else expect(changedTables(before, after)).toEqual([]);
  });
});
