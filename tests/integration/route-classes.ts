/*
 * Who may do what on every route of app/routes.ts: the table the authorization matrix
 * (authorization-matrix.test.ts) checks the running shop against, and the fuzz test
 * (fuzz.test.ts) takes its public forms from. A route missing here fails the matrix: adding a
 * route means deciding, here, who may reach it.
 */
import { STATIC_PAGE_PATHS } from "~/modules/content/static-pages";

export const ROLES = ["anonymous", "customer", "otherCustomer", "admin"] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a request must get:
 * - a number: exactly that status;
 * - "login": 302 to /login?redirectTo=<the path asked for> (the sign-in guard);
 * - "home": 302 to / (a customer on /admin/**, spec §6);
 * - { redirect }: 302 to that address.
 */
export type Outcome = number | "login" | "home" | { redirect: string };

export type RouteClass =
  /** A pathless layout: no URL of its own; its loader/middleware runs under its children. */
  | "layout"
  /** Anyone may read it; its form (if any) is open to anyone and validates its input. */
  | "public"
  /** Works only with a token, session id or signature in the URL: without one, refused. */
  | "token"
  /** /perfil/**: any signed-in account; anonymous visitors are sent to sign in. */
  | "signed-in"
  /** One customer's own record: other accounts get 404, as if it did not exist. */
  | "own-resource"
  /** /admin/**: admins only; anonymous → sign in, customers → home. */
  | "admin-only"
  /** An endpoint for the page's scripts (no page): GET sends to its page. */
  | "resource"
  /** Called by the payment provider, authorised by its signature only. */
  | "webhook"
  /** The catch-all routes: 404 (behind the admin guard for /admin/*). */
  | "not-found";

/** A concrete URL found on a page of the seeded shop (the first link matching `link`). */
export interface Discover {
  page: string;
  as: Role;
  /** A pattern of an href; its match (group 0) is the URL. */
  link: RegExp;
}

export interface RouteRule {
  class: RouteClass;
  /** The URL to request; `discover` when it needs an id from the seeded data. */
  url?: string;
  discover?: Discover;
  /** Expected GET outcome per role, when it differs from the class's. */
  get?: Partial<Record<Role, Outcome>>;
  /**
   * Expected POST outcome per role, when it differs from the class's. Roles the route refuses
   * send `body` (a form that WOULD change something if the guard let it through) plus every
   * form the page shows its rightful user; roles it accepts send an empty form, which the
   * action must answer with its validation errors (400) and change nothing.
   */
  post?: Partial<Record<Role, Outcome>>;
  body?: Record<string, string>;
}

const ANY = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: outcome,
  customer: outcome,
  otherCustomer: outcome,
  admin: outcome,
});

const SIGNED_IN = (outcome: Outcome): Partial<Record<Role, Outcome>> => ({
  customer: outcome,
  otherCustomer: outcome,
  admin: outcome,
});

/** The expectation of each class, before a route's own overrides. */
export const CLASS_DEFAULTS: Record<
  Exclude<RouteClass, "layout">,
  { get: Record<Role, Outcome>; post: Record<Role, Outcome> }
> = {
  public: { get: ANY(200), post: ANY(400) },
  token: { get: ANY(400), post: ANY(400) },
  "signed-in": {
    get: { anonymous: "login", customer: 200, otherCustomer: 200, admin: 200 },
    post: { anonymous: "login", customer: 400, otherCustomer: 400, admin: 400 },
  },
  "own-resource": {
    get: { anonymous: "login", customer: 200, otherCustomer: 404, admin: 404 },
    post: { anonymous: "login", customer: 400, otherCustomer: 404, admin: 404 },
  },
  "admin-only": {
    get: { anonymous: "login", customer: "home", otherCustomer: "home", admin: 200 },
    post: { anonymous: "login", customer: "home", otherCustomer: "home", admin: 400 },
  },
  resource: { get: ANY({ redirect: "/" }), post: ANY(400) },
  webhook: { get: ANY(405), post: ANY(400) },
  "not-found": { get: ANY(404), post: ANY(404) },
};

const staticPages = Object.fromEntries(
  STATIC_PAGE_PATHS.filter((path) => path !== "contacto").map((path) => [
    `static-page:${path}`,
    { class: "public", url: `/${path}` },
  ]),
) satisfies Record<string, RouteRule>;

export const ROUTE_RULES: Record<string, RouteRule> = {
  root: { class: "layout" },
  "routes/site-layout": { class: "layout" },
  "routes/account/layout": { class: "layout" },
  "routes/admin/layout": { class: "layout" },

  "routes/resources/robots": { class: "public", url: "/robots.txt" },
  "routes/resources/healthz": { class: "public", url: "/healthz" },
  "routes/resources/readyz": { class: "public", url: "/readyz" },
  "routes/resources/sitemap": { class: "public", url: "/sitemap.xml" },
  "routes/resources/sitemap-child": { class: "public", url: "/sitemaps/paginas-1.xml" },
  "routes/resources/google-feed": { class: "public", url: "/feeds/google.xml" },
  "routes/resources/withdrawal-form": { class: "public", url: "/desistimiento/formulario.pdf" },
  // Signing out: a redirect home for everyone (it ends the caller's own session only).
  "routes/auth/logout": {
    class: "resource",
    url: "/logout",
    post: ANY({ redirect: "/" }),
  },
  "routes/resources/newsletter": {
    class: "resource",
    url: "/newsletter",
    // The form without scripts: back home, the problem in a toast.
    post: ANY({ redirect: "/" }),
    body: { email: "matriz@example.com", consent: "on" },
  },
  "routes/resources/favorites": {
    class: "resource",
    url: "/favoritos",
    get: ANY({ redirect: "/perfil/favoritos" }),
    post: { anonymous: 401 },
    body: { productId: "1", intent: "add" },
  },
  "routes/resources/cart": {
    class: "resource",
    url: "/carrito",
    get: ANY({ redirect: "/checkout" }),
  },
  // A guest's invoice PDF: only with the signature of that invoice of its order (else 403).
  "routes/resources/invoice": {
    class: "token",
    url: "/facturas/F2026-000001?firma=firma-falsa",
    get: ANY(403),
  },
  "routes/resources/payment-webhook": {
    class: "webhook",
    url: "/pagos/webhook",
    body: { type: "checkout.session.completed", id: "evt_matriz" },
  },

  "routes/shop/home": { class: "public", url: "/" },
  "routes/shop/categories": { class: "public", url: "/productos" },
  "product-list": { class: "public", url: "/productos/electronica" },
  "routes/shop/product": {
    class: "public",
    discover: {
      page: "/productos/electronica",
      as: "anonymous",
      link: /\/productos\/electronica\/[a-z0-9-]+/,
    },
  },
  "new-products": { class: "public", url: "/novedades" },
  "sale-products": { class: "public", url: "/rebajas" },
  "routes/shop/services": { class: "public", url: "/servicios" },
  "routes/shop/service": {
    class: "public",
    discover: { page: "/servicios", as: "anonymous", link: /\/servicios\/[a-z0-9-]+/ },
  },
  "routes/shop/marketplace": { class: "public", url: "/marketplace" },
  "marketplace-all": { class: "public", url: "/marketplace/todos" },
  "routes/shop/marketplace-explore": { class: "public", url: "/marketplace/explorar" },
  "routes/shop/marketplace-item": {
    class: "public",
    discover: {
      page: "/marketplace/todos",
      as: "anonymous",
      link: /\/marketplace\/[a-z0-9-]+-\d+/,
    },
  },
  "routes/shop/reviews": { class: "public", url: "/rese%C3%B1as" },
  "routes/shop/checkout": { class: "public", url: "/checkout" },
  // Without a known payment session: 404, as for an order that does not exist.
  "routes/shop/test-payment": { class: "token", url: "/pago-de-prueba", get: ANY(404) },
  "routes/shop/order-confirmed": { class: "token", url: "/pedido-confirmado", get: ANY(404) },
  // Signed-in visitors are sent on (to ?redirectTo, else home), whatever they post.
  "routes/auth/login": {
    class: "public",
    url: "/login",
    get: SIGNED_IN({ redirect: "/" }),
    post: SIGNED_IN({ redirect: "/" }),
  },
  "routes/auth/register": {
    class: "public",
    url: "/registro",
    get: SIGNED_IN({ redirect: "/perfil" }),
    post: SIGNED_IN({ redirect: "/perfil" }),
  },
  // Without a token the page explains where the link is; signed in, its form re-sends the link
  // (an account already verified is just sent back to the page).
  "routes/auth/verify-email": {
    class: "token",
    url: "/verificar-correo",
    get: ANY(200),
    post: SIGNED_IN({ redirect: "/verificar-correo" }),
  },
  // Sign-in's second step: only after a correct password of an account with a second factor
  // (better-auth's short-lived cookie); without one, back to the password.
  // A document POST renders the page again, whose loader sends the same way.
  "routes/auth/two-factor": {
    class: "token",
    url: "/verificacion-en-dos-pasos",
    get: { anonymous: { redirect: "/login?redirectTo=%2F" }, ...SIGNED_IN({ redirect: "/" }) },
    post: { anonymous: { redirect: "/login?redirectTo=%2F" }, ...SIGNED_IN({ redirect: "/" }) },
  },
  "routes/auth/forgot-password": { class: "public", url: "/recuperar-contrasena" },
  "routes/auth/reset-password": { class: "token", url: "/restablecer-contrasena" },
  "routes/shop/orders": {
    class: "public",
    url: "/pedidos",
    get: SIGNED_IN({ redirect: "/perfil/pedidos" }),
  },
  "routes/shop/order-tracking": { class: "public", url: "/pedidos/seguimiento" },
  // A guest's withdrawal / claim: open to anyone, every POST re-checks number + e-mail; an
  // empty form gets the look-up form's errors (400).
  "guest-withdrawal": { class: "public", url: "/pedidos/desistimiento" },
  "guest-conformity": { class: "public", url: "/pedidos/garantia" },
  "routes/pages/newsletter-confirm": { class: "token", url: "/newsletter/confirmar" },
  "routes/pages/unsubscribe": { class: "token", url: "/newsletter/baja" },
  ...staticPages,
  // The contact form: open to anyone; an empty form gets its validation errors (400).
  "routes/pages/contact": { class: "public", url: "/contacto" },

  // An index route's forms post to ?index (without it the POST goes to the layout: 405).
  "routes/account/settings": { class: "signed-in", url: "/perfil?index" },
  "routes/account/orders": { class: "signed-in", url: "/perfil/pedidos" },
  "routes/account/order": {
    class: "own-resource",
    discover: { page: "/perfil/pedidos", as: "customer", link: /\/perfil\/pedidos\/[A-Z0-9-]+/ },
    // «Solicitar factura completa»: a valid request that would issue an invoice.
    body: {
      billingName: "Matriz Pruebas S.L.",
      billingTaxId: "B12345674",
      billingStreet: "Calle Mayor 1",
      billingPostalCode: "28013",
      billingCity: "Madrid",
      billingProvince: "28",
    },
  },
  // The withdrawal and claim forms of the customer's own order (the demo orders are not
  // delivered: an unknown number, 404 for all; withdrawal.test.ts covers the owner's way).
  "account-withdrawal": {
    class: "own-resource",
    url: "/perfil/pedidos/P-2026-000000/desistimiento",
    get: { customer: 404 },
    post: { customer: 404 },
    body: { "lines[0].id": "1", "lines[0].units": "1" },
  },
  "account-conformity": {
    class: "own-resource",
    url: "/perfil/pedidos/P-2026-000000/garantia",
    get: { customer: 404 },
    post: { customer: 404 },
    body: { "lines[0].id": "1", "lines[0].units": "1", reason: "No enciende." },
  },
  // An invoice PDF of the customer's own order: another account's order, or an invoice of
  // another order, is 404 like an unknown one (the demo orders have no invoices: 404 for all).
  "routes/account/invoice": {
    class: "own-resource",
    url: "/perfil/pedidos/2026-000000/facturas/F2026-000001",
    get: { customer: 404 },
  },
  // The page's form without scripts: back to the page, the problem in a toast.
  "routes/account/favorites": {
    class: "signed-in",
    url: "/perfil/favoritos",
    post: SIGNED_IN({ redirect: "/perfil/favoritos" }),
  },
  "account-settings": { class: "signed-in", url: "/perfil/configuracion" },
  "routes/account/data-export": { class: "signed-in", url: "/perfil/mis-datos" },
  // The profile picture's form: back to /perfil (an empty post gets a toast saying what to send).
  "routes/account/avatar": {
    class: "signed-in",
    url: "/perfil/avatar",
    get: SIGNED_IN({ redirect: "/perfil" }),
    post: SIGNED_IN({ redirect: "/perfil" }),
  },
  // An admin's second factor: customers (who never had one) find no such page.
  "routes/account/security": {
    class: "signed-in",
    url: "/perfil/seguridad",
    get: { customer: 404, otherCustomer: 404 },
    post: { customer: 404, otherCustomer: 404 },
  },
  "routes/not-found": { class: "not-found", url: "/ruta-que-no-existe" },

  "routes/admin/index": {
    class: "admin-only",
    url: "/admin",
    get: { admin: { redirect: "/admin/dashboard" } },
  },
  "routes/admin/dashboard": { class: "admin-only", url: "/admin/dashboard" },
  "routes/admin/content": { class: "admin-only", url: "/admin/contenido" },
  "routes/admin/content-page": {
    class: "admin-only",
    discover: { page: "/admin/contenido", as: "admin", link: /\/admin\/contenido\/[a-z0-9-]+/ },
    // A form names the section it saves: none is no section of the page.
    post: { admin: 404 },
  },
  "routes/admin/products": { class: "admin-only", url: "/admin/productos" },
  "routes/admin/products-export": { class: "admin-only", url: "/admin/productos/exportar" },
  "routes/admin/products-import": { class: "admin-only", url: "/admin/productos/importar" },
  "routes/admin/marketplace": { class: "admin-only", url: "/admin/marketplace-productos" },
  "routes/admin/services": { class: "admin-only", url: "/admin/servicios" },
  "routes/admin/service-requests": { class: "admin-only", url: "/admin/servicios/solicitudes" },
  "routes/admin/categories": { class: "admin-only", url: "/admin/categorias" },
  // The editors' upload endpoint: POST only.
  "routes/admin/images": { class: "admin-only", url: "/admin/imagenes", get: { admin: 405 } },
  "routes/admin/users": { class: "admin-only", url: "/admin/usuarios" },
  "routes/admin/orders": { class: "admin-only", url: "/admin/pedidos" },
  "routes/admin/order": {
    class: "admin-only",
    discover: { page: "/admin/pedidos", as: "admin", link: /\/admin\/pedidos\/[A-Z0-9-]+/ },
  },
  "routes/admin/returns": { class: "admin-only", url: "/admin/devoluciones" },
  // An unknown return number is 404 (the matrix database has no returns).
  "routes/admin/return": {
    class: "admin-only",
    url: "/admin/devoluciones/D-2026-NOEXISTE",
    get: { admin: 404 },
  },
  "routes/admin/invoices": { class: "admin-only", url: "/admin/facturas" },
  "routes/admin/invoices-export": { class: "admin-only", url: "/admin/facturas/exportar" },
  // Any invoice's PDF (admins only); an unknown number is 404.
  "routes/admin/invoice": {
    class: "admin-only",
    url: "/admin/facturas/F2026-999999",
    get: { admin: 404 },
  },
  "routes/admin/settings": { class: "admin-only", url: "/admin/configuracion" },
  "routes/admin/promotions": { class: "admin-only", url: "/admin/promociones" },
  "routes/admin/coupons": { class: "admin-only", url: "/admin/cupones" },
  // A coupon's usage report; an unknown id is 404.
  "routes/admin/coupon": { class: "admin-only", url: "/admin/cupones/999999", get: { admin: 404 } },
  "routes/admin/analytics": { class: "admin-only", url: "/admin/analisis" },
  "routes/admin/activity": { class: "admin-only", url: "/admin/actividad" },
  "admin-not-found": {
    class: "admin-only",
    url: "/admin/ruta-que-no-existe",
    get: { admin: 404 },
    post: { admin: 404 },
  },
};

/** The expected outcome of `method` on a route for a role (the class's, or the override). */
export function expectedOutcome(rule: RouteRule, method: "GET" | "POST", role: Role): Outcome {
  if (rule.class === "layout") throw new Error("a layout has no URL");
  const own = method === "GET" ? rule.get : rule.post;
  return own?.[role] ?? CLASS_DEFAULTS[rule.class][method === "GET" ? "get" : "post"][role];
}

/** The roles a class lets through its guard (before the action's own checks). */
const ALLOWED: Record<Exclude<RouteClass, "layout">, readonly Role[]> = {
  public: ROLES,
  token: ROLES,
  resource: ROLES,
  webhook: ROLES,
  "not-found": ROLES,
  "signed-in": ["customer", "otherCustomer", "admin"],
  "own-resource": ["customer"],
  "admin-only": ["admin"],
};

/**
 * Whether the route refuses the role: its class keeps the role out, or the route answers it
 * 401/403 (e.g. a resource that needs an account). A refused role's POST replays forms that
 * would change something; an accepted role only sends an empty form.
 */
export function isRefused(rule: RouteRule, method: "GET" | "POST", role: Role) {
  if (rule.class === "layout") throw new Error("a layout has no URL");
  const outcome = expectedOutcome(rule, method, role);
  return !ALLOWED[rule.class].includes(role) || outcome === 401 || outcome === 403;
}
