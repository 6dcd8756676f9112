import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { STATIC_PAGE_PATHS } from "./modules/content/static-pages";

export default [
  route("robots.txt", "routes/resources/robots.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("readyz", "routes/resources/readyz.ts"),
  // The sitemap index, its child sitemaps and the Google Merchant Center feed.
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("sitemaps/:file", "routes/resources/sitemap-child.ts"),
  route("feeds/google.xml", "routes/resources/google-feed.ts"),
  route("logout", "routes/auth/logout.ts"),
  route("newsletter", "routes/resources/newsletter.ts"),
  route("favoritos", "routes/resources/favorites.ts"),
  route("carrito", "routes/resources/cart.ts"),
  route("pagos/webhook", "routes/resources/payment-webhook.ts"),
  // A guest's invoice PDF by the signed link of the confirmation e-mail.
  route("facturas/:invoice", "routes/resources/invoice.ts"),
  // The model withdrawal form (TRLGDCU Annex B) with the shop's legal data, as a PDF.
  route("desistimiento/formulario.pdf", "routes/resources/withdrawal-form.ts"),

  layout("routes/site-layout.tsx", [
    index("routes/shop/home.tsx"),
    route("productos", "routes/shop/categories.tsx"),
    route("productos/:categorySlug", "routes/shop/product-list.tsx", { id: "product-list" }),
    route("productos/:categorySlug/:productSlug", "routes/shop/product.tsx"),
    route("novedades", "routes/shop/product-list.tsx", { id: "new-products" }),
    route("rebajas", "routes/shop/product-list.tsx", { id: "sale-products" }),
    route("servicios", "routes/shop/services.tsx"),
    route("servicios/:serviceSlug", "routes/shop/service.tsx"),
    route("marketplace", "routes/shop/marketplace.tsx"),
    route("marketplace/todos", "routes/shop/marketplace.tsx", { id: "marketplace-all" }),
    route("marketplace/explorar", "routes/shop/marketplace-explore.tsx"),
    // /marketplace/{name-slug}-{id}: never "todos" or "explorar", which have no "-{id}".
    route("marketplace/:itemSlug", "routes/shop/marketplace-item.tsx"),
    route("reseñas", "routes/shop/reviews.tsx"),
    route("checkout", "routes/shop/checkout.tsx"),
    route("pago-de-prueba", "routes/shop/test-payment.tsx"),
    route("pedido-confirmado", "routes/shop/order-confirmed.tsx"),
    route("login", "routes/auth/login.tsx"),
    // Sign-in's second step for accounts with a second factor (ADR 0023).
    route("verificacion-en-dos-pasos", "routes/auth/two-factor.tsx"),
    route("registro", "routes/auth/register.tsx"),
    route("verificar-correo", "routes/auth/verify-email.tsx"),
    route("recuperar-contrasena", "routes/auth/forgot-password.tsx"),
    route("restablecer-contrasena", "routes/auth/reset-password.tsx"),
    route("pedidos", "routes/shop/orders.tsx"),
    route("pedidos/seguimiento", "routes/shop/order-tracking.tsx"),
    // A guest's withdrawal and conformity claim, by order number + e-mail.
    route("pedidos/desistimiento", "routes/shop/order-return.tsx", { id: "guest-withdrawal" }),
    route("pedidos/garantia", "routes/shop/order-return.tsx", { id: "guest-conformity" }),
    route("newsletter/confirmar", "routes/pages/newsletter-confirm.tsx"),
    route("newsletter/baja", "routes/pages/unsubscribe.tsx"),
    ...STATIC_PAGE_PATHS.filter((path) => path !== "contacto").map((path) =>
      route(path, "routes/pages/static-page.tsx", { id: `static-page:${path}` }),
    ),
    // The contact page's texts are editable like the others'; it also has the contact form.
    route("contacto", "routes/pages/contact.tsx"),

    route("perfil", "routes/account/layout.tsx", [
      index("routes/account/settings.tsx"),
      route("pedidos", "routes/account/orders.tsx"),
      route("pedidos/:number", "routes/account/order.tsx"),
      // An invoice of the customer's order, as a PDF.
      route("pedidos/:number/facturas/:invoice", "routes/account/invoice.ts"),
      // «Desistir del contrato aquí» and the conformity claim of the customer's order.
      route("pedidos/:number/desistimiento", "routes/account/order-return.tsx", {
        id: "account-withdrawal",
      }),
      route("pedidos/:number/garantia", "routes/account/order-return.tsx", {
        id: "account-conformity",
      }),
      route("favoritos", "routes/account/favorites.tsx"),
      // Spec §2: the index and configuracion both show the account settings.
      route("configuracion", "routes/account/settings.tsx", { id: "account-settings" }),
      // 'Descargar mis datos' (RGPD): a JSON file, behind the same sign-in guard.
      route("mis-datos", "routes/account/data-export.ts"),
      // An admin's second factor (ADR 0023); reachable while ADMIN_REQUIRE_2FA closes /admin.
      route("seguridad", "routes/account/security.tsx"),
      // The profile picture's upload (a plain form post from /perfil).
      route("avatar", "routes/account/avatar.ts"),
    ]),

    route("*", "routes/not-found.tsx"),
  ]),

  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.ts"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("contenido", "routes/admin/content.tsx"),
      route("contenido/:pageName", "routes/admin/content-page.tsx"),
      route("productos", "routes/admin/products.tsx"),
      route("productos/exportar", "routes/admin/products-export.ts"),
      route("productos/importar", "routes/admin/products-import.tsx"),
      route("marketplace-productos", "routes/admin/marketplace.tsx"),
      route("servicios", "routes/admin/services.tsx"),
      route("servicios/solicitudes", "routes/admin/service-requests.tsx"),
      route("categorias", "routes/admin/categories.tsx"),
      route("imagenes", "routes/admin/images.ts"),
      route("usuarios", "routes/admin/users.tsx"),
      route("pedidos", "routes/admin/orders.tsx"),
      route("pedidos/:number", "routes/admin/order.tsx"),
      route("devoluciones", "routes/admin/returns.tsx"),
      route("devoluciones/:number", "routes/admin/return.tsx"),
      route("facturas", "routes/admin/invoices.tsx"),
      // The CSV for the accountant (a static segment: it wins over facturas/:invoice).
      route("facturas/exportar", "routes/admin/invoices-export.ts"),
      // Any invoice as a PDF.
      route("facturas/:invoice", "routes/admin/invoice.ts"),
      route("configuracion", "routes/admin/settings.tsx"),
      route("promociones", "routes/admin/promotions.tsx"),
      route("cupones", "routes/admin/coupons.tsx"),
      route("cupones/:id", "routes/admin/coupon.tsx"),
      route("analisis", "routes/admin/analytics.tsx"),
      route("actividad", "routes/admin/activity.tsx"),
      route("*", "routes/not-found.tsx", { id: "admin-not-found" }),
    ]),
  ]),
] satisfies RouteConfig;
