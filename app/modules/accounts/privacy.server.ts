import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  accounts,
  activityLog,
  cartItems,
  carts,
  consentEvents,
  emailOutbox,
  marketplaceProducts,
  newsletterSubscribers,
  orderItems,
  orders,
  orderStatusHistory,
  products,
  promotions,
  reviews,
  serviceRequests,
  sessions,
  userFavorites,
  userPreferences,
  users,
} from "~/db/schema";
import { pick } from "~/db/pick";
import { getAuth } from "~/modules/accounts/auth.server";
import type { SessionUser } from "~/lib/context";
import { getDb } from "~/db/client.server";
import { QUEUED_MAIL_KIND_LABELS, queuedMailTo } from "~/db/mail-queue.server";
import { conflict, invalid, ok, unavailable, type Result } from "~/lib/failure";
import { log } from "~/lib/log.server";
import { formatCents } from "~/lib/money";
import { provinceName } from "~/lib/provinces";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/modules/orders";
import type { ConsentPurpose, ConsentSource } from "~/modules/promotions/index.server";
import { SERVICE_REQUEST_STATUS_LABELS } from "~/modules/services";
import { signOut } from "./accounts.server";
import { deleteAdminUser } from "./admin-users.server";
import { checkingPassword } from "./passwords.server";
import { isWrongPassword } from "./profile.server";
import { SETTINGS_MESSAGES } from "./settings-schemas";

/*
 * The customer's RGPD rights on their own account: access and portability ('Descargar mis
 * datos', art. 15 and 20) and erasure ('Eliminar mi cuenta', art. 17).
 */

const PROVIDER_LABELS: Record<string, string> = { credential: "Correo electrónico y contraseña" };
const PAYMENT_LABELS: Record<string, string> = {
  stripe: "Tarjeta (Stripe)",
  test: "Pago de prueba (modo de pruebas de la tienda)",
};
const CONSENT_PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  marketing_emails: "Correos con ofertas",
  newsletter: "Newsletter",
};
const CONSENT_SOURCE_LABELS: Record<ConsentSource, string> = {
  registration: "Casilla del formulario de registro",
  profile: "Preferencias de comunicación en «Mi perfil»",
  newsletter_confirmation: "Enlace de confirmación de la newsletter (doble opt-in)",
  unsubscribe_link: "Enlace «Darme de baja» de un correo",
  account_deletion: "Eliminación de la cuenta",
};
const OUTBOX_STATUS_LABELS = {
  pending: "En cola",
  sending: "Enviándose",
  sent: "Enviado",
  failed: "No enviado",
} as const;

/** A money amount both ways: integer cents (to compute with) and as the shop shows it. */
interface Amount {
  centimos: number;
  texto: string;
}
const amount = (cents: number): Amount => ({ centimos: cents, texto: formatCents(cents) });

/** A shipping address as the checkout stores it (on each order). */
interface Address {
  nombreCompleto: string;
  telefono: string | null;
  direccion: string;
  direccionComplementaria: string | null;
  codigoPostal: string;
  ciudad: string;
  provincia: string;
  pais: string;
}

/**
 * Everything the shop stores about one user, as the JSON file the customer downloads
 * (RGPD art. 15 access, art. 20 portability: structured, commonly used, machine-readable).
 * Keys are Spanish: the customer reads this file. Dates are ISO 8601 in UTC; amounts are
 * `{ centimos, texto }` (IVA included). `notas` explains the file to whoever opens it.
 * Secrets never leave: no password hash, no session token, no OAuth token, no 2FA secret.
 *
 * Data found by the e-mail address rather than by the account (orders placed as a guest,
 * service requests, consent events and promotional e-mails of the address before this
 * account) is included only once the address is verified: an unverified account may
 * have been opened by someone else with that address, and those records hold another
 * person's name, address and phone (art. 15.4, art. 12.6 and recital 64).
 */
export interface AccountDataExport {
  exportadoEl: string;
  notas: string[];
  cuenta: {
    id: string;
    correoElectronico: string;
    correoVerificado: boolean;
    nombreCompleto: string;
    avatar: string | null;
    rol: "customer" | "admin";
    activa: boolean;
    motivoDesactivacion: string | null;
    segundoFactorActivado: boolean;
    creadaEl: string;
    actualizadaEl: string;
    ultimoInicioDeSesion: string | null;
  };
  preferenciasDeComunicacion: {
    recibirCorreosConOfertas: boolean;
    recibirNewsletter: boolean;
    actualizadasEl: string;
  } | null;
  /** A sign-up from the footer with the same address (it does not need an account). */
  suscripcionNewsletter: {
    correoElectronico: string;
    consentimientoEl: string;
    confirmadaEl: string | null;
    bajaEl: string | null;
  } | null;
  /**
   * Every time marketing consent was given or withdrawn, oldest first: the account's, and once
   * the address is verified, the address's (e.g. the footer form before the account existed).
   */
  historialDeConsentimiento: {
    fecha: string;
    consentimiento: string;
    accion: "otorgado" | "retirado";
    origen: string;
    correoElectronico: string;
  }[];
  /** Promotional e-mails addressed to this (verified) address. */
  correosPromocionales: {
    promocion: string;
    estado: string;
    enviadoEl: string | null;
    enColaDesde: string;
  }[];
  /**
   * The shop's e-mails about orders, returns and refunds to this (verified) address, newest
   * first: each is kept until 30 days after it was sent, without its text once sent.
   */
  correosDeLaTienda: {
    tipo: string;
    asunto: string;
    pedido: string | null;
    estado: "enviado" | "pendiente" | "no enviado";
    enviadoEl: string | null;
    enColaDesde: string;
  }[];
  /** Newest first: the account's orders and, once the address is verified, its guest orders. */
  pedidos: {
    numero: string;
    fecha: string;
    realizadoComo: "cuenta" | "invitado";
    estado: string;
    codigoDeEstado: OrderStatus;
    pagadoEl: string | null;
    metodoDePago: string;
    referenciaDelPago: string | null;
    numeroDeSeguimiento: string | null;
    correoElectronico: string;
    envio: Address;
    lineas: {
      producto: string;
      sku: string | null;
      productoId: number | null;
      articuloMarketplaceId: number | null;
      precioUnitario: Amount;
      cantidad: number;
      ivaPorcentaje: number;
      total: Amount;
    }[];
    importes: { subtotal: Amount; envio: Amount; ivaIncluido: Amount; total: Amount };
    pendienteDeReembolso: boolean;
    historialDeEstados: {
      fecha: string;
      de: string | null;
      a: string;
      nota: string | null;
    }[];
  }[];
  /** The distinct shipping addresses of those orders (the shop keeps no separate address book). */
  direccionesDeEnvio: (Address & { usadaPorPrimeraVezEl: string; usadaPorUltimaVezEl: string })[];
  /** «Solicitar este servicio» forms sent with the (verified) address. */
  solicitudesDeServicio: {
    servicio: string;
    nombre: string;
    correoElectronico: string;
    telefono: string | null;
    fechaPreferida: string | null;
    mensaje: string;
    estado: string;
    enviadaEl: string;
    actualizadaEl: string;
  }[];
  carrito: {
    producto: string;
    productoId: number | null;
    articuloMarketplaceId: number | null;
    cantidad: number;
    precioVisto: Amount;
    añadidoEl: string;
  }[];
  favoritos: { productoId: number; producto: string; añadidoEl: string }[];
  reseñas: {
    id: number;
    valoracion: number;
    comentario: string;
    nombreMostrado: string | null;
    avatar: string | null;
    productoId: number | null;
    publicadaEl: string;
  }[];
  /** Lines of the shop's activity log about this account (e.g. an admin deactivating it). */
  registroDeActividadSobreLaCuenta: { fecha: string; resumen: string }[];
  sesiones: {
    iniciadaEl: string;
    ultimaActividadEl: string;
    caducaEl: string;
    direccionIp: string | null;
    navegador: string | null;
    esEstaSesion: boolean;
  }[];
  metodosDeAcceso: { tipo: string; creadoEl: string; actualizadoEl: string }[];
}

const NOTES = [
  "Este archivo contiene todos los datos personales que la tienda guarda sobre ti (RGPD, artículos 15 y 20).",
  "Fechas en formato ISO 8601 y hora UTC. Importes con IVA incluido, en céntimos de euro («centimos») y tal como los muestra la tienda («texto»).",
  "Los pedidos incluyen los que hiciste con tu cuenta y, si tu correo electrónico está verificado, los que hiciste como invitado con ese mismo correo; lo mismo para las solicitudes de servicio, el historial de consentimiento, los correos promocionales y los correos de la tienda a esa dirección.",
  "La tienda no guarda una libreta de direcciones: «direccionesDeEnvio» son las direcciones de tus pedidos.",
  "No se incluyen secretos: ni tu contraseña (solo se guarda cifrada), ni los códigos de sesión, ni la clave del segundo factor.",
];

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);
/** The column holds this address, whatever its case. */
const sameEmail = (column: AnyPgColumn, email: string) =>
  sql`lower(${column}) = ${email.toLowerCase()}`;

/** The data export of `userId`, or null when the account no longer exists. */
export async function exportAccountData(
  userId: string,
  currentSessionId: string,
): Promise<AccountDataExport | null> {
  const db = getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const email = user.email.toLowerCase();
  // Orders and requests found by address only count once the address is proven (see above).
  const ordersOwned = user.emailVerified
    ? or(eq(orders.userId, userId), sameEmail(orders.email, email))!
    : eq(orders.userId, userId);
  const [
    preferences,
    newsletter,
    consent,
    promotionMails,
    shopMails,
    ownOrders,
    requests,
    cart,
    favorites,
    ownReviews,
    activity,
    ownSessions,
    ownAccounts,
  ] = await Promise.all([
    db.select().from(userPreferences).where(eq(userPreferences.userId, userId)),
    // The address's subscription, like its mail below, is the address owner's: only an account
    // that proved the address reads it (ADR 0016).
    user.emailVerified
      ? db.select().from(newsletterSubscribers).where(sameEmail(newsletterSubscribers.email, email))
      : Promise.resolve([]),
    db
      .select()
      .from(consentEvents)
      .where(
        user.emailVerified
          ? or(eq(consentEvents.userId, userId), eq(consentEvents.email, email))
          : eq(consentEvents.userId, userId),
      )
      .orderBy(asc(consentEvents.createdAt), asc(consentEvents.id)),
    user.emailVerified
      ? db
          .select({
            title: promotions.title,
            ...pick(emailOutbox, "status", "sentAt", "createdAt"),
          })
          .from(emailOutbox)
          .innerJoin(promotions, eq(promotions.id, emailOutbox.promotionId))
          .where(sameEmail(emailOutbox.toEmail, email))
          .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      : Promise.resolve([]),
    user.emailVerified ? queuedMailTo(email) : Promise.resolve([]),
    db.select().from(orders).where(ordersOwned).orderBy(desc(orders.createdAt), desc(orders.id)),
    user.emailVerified
      ? db
          .select()
          .from(serviceRequests)
          .where(sameEmail(serviceRequests.email, email))
          .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
      : Promise.resolve([]),
    db
      .select({
        productId: cartItems.productId,
        marketplaceProductId: cartItems.marketplaceProductId,
        productName: products.name,
        marketplaceName: marketplaceProducts.name,
        ...pick(cartItems, "quantity", "seenPriceCents", "createdAt"),
      })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .leftJoin(products, eq(products.id, cartItems.productId))
      .leftJoin(marketplaceProducts, eq(marketplaceProducts.id, cartItems.marketplaceProductId))
      .where(eq(carts.userId, userId))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id)),
    db
      .select({
        productId: userFavorites.productId,
        name: products.name,
        createdAt: userFavorites.createdAt,
      })
      .from(userFavorites)
      .innerJoin(products, eq(products.id, userFavorites.productId))
      .where(eq(userFavorites.userId, userId))
      .orderBy(desc(userFavorites.createdAt)),
    db
      .select()
      .from(reviews)
      .where(eq(reviews.userId, userId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id)),
    db
      .select({ createdAt: activityLog.createdAt, summary: activityLog.summary })
      .from(activityLog)
      .where(and(eq(activityLog.entityType, "user"), eq(activityLog.entityId, userId)))
      .orderBy(asc(activityLog.createdAt), asc(activityLog.id)),
    // Named columns: the session token is a secret and is never read here.
    db
      .select(pick(sessions, "id", "createdAt", "updatedAt", "expiresAt", "ipAddress", "userAgent"))
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt)),
    // Named columns: no password hash, no tokens.
    db
      .select(pick(accounts, "providerId", "createdAt", "updatedAt"))
      .from(accounts)
      .where(eq(accounts.userId, userId)),
  ]);
  const orderIds = ownOrders.map((order) => order.id);
  const [lines, history] = orderIds.length
    ? await Promise.all([
        db
          .select()
          .from(orderItems)
          .where(inArray(orderItems.orderId, orderIds))
          .orderBy(asc(orderItems.id)),
        db
          .select()
          .from(orderStatusHistory)
          .where(inArray(orderStatusHistory.orderId, orderIds))
          .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
      ])
    : [[], []];

  const exportedOrders = ownOrders.map((order) => ({
    numero: order.number,
    fecha: iso(order.createdAt),
    realizadoComo: order.userId === userId ? ("cuenta" as const) : ("invitado" as const),
    estado: ORDER_STATUS_LABELS[order.status],
    codigoDeEstado: order.status,
    pagadoEl: isoOrNull(order.paidAt),
    metodoDePago: PAYMENT_LABELS[order.paymentProvider] ?? order.paymentProvider,
    referenciaDelPago: order.paymentIntentId,
    numeroDeSeguimiento: order.trackingNumber,
    correoElectronico: order.email,
    envio: addressOf(order),
    lineas: lines
      .filter((line) => line.orderId === order.id)
      .map((line) => ({
        producto: line.name,
        sku: line.sku,
        productoId: line.productId,
        articuloMarketplaceId: line.marketplaceProductId,
        precioUnitario: amount(line.unitPriceCents),
        cantidad: line.quantity,
        ivaPorcentaje: line.vatRateBp / 100,
        total: amount(line.lineTotalCents),
      })),
    importes: {
      subtotal: amount(order.subtotalCents),
      envio: amount(order.shippingCents),
      ivaIncluido: amount(order.vatCents),
      total: amount(order.totalCents),
    },
    pendienteDeReembolso: order.needsRefund,
    historialDeEstados: history
      .filter((row) => row.orderId === order.id)
      .map((row) => ({
        fecha: iso(row.createdAt),
        de: row.fromStatus ? ORDER_STATUS_LABELS[row.fromStatus] : null,
        a: ORDER_STATUS_LABELS[row.toStatus],
        nota: row.note,
      })),
  }));

  const prefs = preferences[0];
  const subscription = newsletter[0];
  return {
    exportadoEl: new Date().toISOString(),
    notas: NOTES,
    cuenta: {
      id: user.id,
      correoElectronico: user.email,
      correoVerificado: user.emailVerified,
      nombreCompleto: user.name,
      avatar: user.image,
      rol: user.role,
      activa: !user.banned,
      motivoDesactivacion: user.banReason,
      segundoFactorActivado: user.twoFactorEnabled,
      creadaEl: iso(user.createdAt),
      actualizadaEl: iso(user.updatedAt),
      ultimoInicioDeSesion: isoOrNull(user.lastSignInAt),
    },
    preferenciasDeComunicacion: prefs
      ? {
          recibirCorreosConOfertas: prefs.receiveMarketingEmails,
          recibirNewsletter: prefs.receiveNewsletter,
          actualizadasEl: iso(prefs.updatedAt),
        }
      : null,
    suscripcionNewsletter: subscription
      ? {
          correoElectronico: subscription.email,
          consentimientoEl: iso(subscription.consentedAt),
          confirmadaEl: isoOrNull(subscription.confirmedAt),
          bajaEl: isoOrNull(subscription.unsubscribedAt),
        }
      : null,
    historialDeConsentimiento: consent.map((event) => ({
      fecha: iso(event.createdAt),
      consentimiento: CONSENT_PURPOSE_LABELS[event.purpose],
      accion: event.action === "given" ? ("otorgado" as const) : ("retirado" as const),
      origen: CONSENT_SOURCE_LABELS[event.source],
      correoElectronico: event.email,
    })),
    correosPromocionales: promotionMails.map((mail) => ({
      promocion: mail.title,
      estado: OUTBOX_STATUS_LABELS[mail.status],
      enviadoEl: isoOrNull(mail.sentAt),
      enColaDesde: iso(mail.createdAt),
    })),
    correosDeLaTienda: shopMails.map((mail) => ({
      tipo: QUEUED_MAIL_KIND_LABELS[mail.kind],
      asunto: mail.subject,
      pedido: mail.reference,
      estado: mail.sentAt
        ? ("enviado" as const)
        : mail.failedAt
          ? ("no enviado" as const)
          : ("pendiente" as const),
      enviadoEl: isoOrNull(mail.sentAt),
      enColaDesde: iso(mail.createdAt),
    })),
    pedidos: exportedOrders,
    direccionesDeEnvio: distinctAddresses(ownOrders),
    solicitudesDeServicio: requests.map((request) => ({
      servicio: request.serviceName,
      nombre: request.name,
      correoElectronico: request.email,
      telefono: request.phone,
      fechaPreferida: request.preferredDate,
      mensaje: request.message,
      estado: SERVICE_REQUEST_STATUS_LABELS[request.status],
      enviadaEl: iso(request.createdAt),
      actualizadaEl: iso(request.updatedAt),
    })),
    carrito: cart.map((item) => ({
      producto: item.productName ?? item.marketplaceName ?? "",
      productoId: item.productId,
      articuloMarketplaceId: item.marketplaceProductId,
      cantidad: item.quantity,
      precioVisto: amount(item.seenPriceCents),
      añadidoEl: iso(item.createdAt),
    })),
    favoritos: favorites.map((favorite) => ({
      productoId: favorite.productId,
      producto: favorite.name,
      añadidoEl: iso(favorite.createdAt),
    })),
    reseñas: ownReviews.map((review) => ({
      id: review.id,
      valoracion: review.rating,
      comentario: review.comment,
      nombreMostrado: review.userName,
      avatar: review.avatarText,
      productoId: review.productId,
      publicadaEl: iso(review.createdAt),
    })),
    registroDeActividadSobreLaCuenta: activity.map((line) => ({
      fecha: iso(line.createdAt),
      resumen: line.summary,
    })),
    sesiones: ownSessions.map((session) => ({
      iniciadaEl: iso(session.createdAt),
      ultimaActividadEl: iso(session.updatedAt),
      caducaEl: iso(session.expiresAt),
      direccionIp: session.ipAddress,
      navegador: session.userAgent,
      esEstaSesion: session.id === currentSessionId,
    })),
    metodosDeAcceso: ownAccounts.map((account) => ({
      tipo: PROVIDER_LABELS[account.providerId] ?? account.providerId,
      creadoEl: iso(account.createdAt),
      actualizadoEl: iso(account.updatedAt),
    })),
  };
}

type OrderRow = typeof orders.$inferSelect;

function addressOf(order: OrderRow): Address {
  return {
    nombreCompleto: order.fullName,
    telefono: order.phone,
    direccion: order.addressLine1,
    direccionComplementaria: order.addressLine2,
    codigoPostal: order.postalCode,
    ciudad: order.city,
    provincia: provinceName(order.province) ?? order.province,
    pais: order.country === "ES" ? "España" : order.country,
  };
}

/** Each address once (by every field), with the first and last order that used it. */
function distinctAddresses(rows: OrderRow[]): AccountDataExport["direccionesDeEnvio"] {
  const byKey = new Map<string, AccountDataExport["direccionesDeEnvio"][number]>();
  for (const order of [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const address = addressOf(order);
    const key = JSON.stringify(address);
    const when = iso(order.createdAt);
    const seen = byKey.get(key);
    if (seen) seen.usadaPorUltimaVezEl = when;
    else byKey.set(key, { ...address, usadaPorPrimeraVezEl: when, usadaPorUltimaVezEl: when });
  }
  return [...byKey.values()];
}

/**
 * 'Eliminar mi cuenta': after the password is confirmed, deletes the account the way an
 * admin's deletion does (one transaction: the user row, and with it — ON DELETE CASCADE — the
 * sessions, credentials, favourites and preferences; the reviews stay, detached and shown as
 * 'Usuario Anónimo'), with the same rule that the last active admin cannot go. Returns the
 * headers that clear the session cookie.
 */
export async function deleteOwnAccount(
  user: SessionUser,
  password: string,
  request: Request,
): Promise<Result<{ headers: Headers }>> {
  const checked = await checkingPassword(user.id, () => verifyOwnPassword(password, request));
  if (!checked.ok) return checked;
  const deleted = await deleteAdminUser(user.id, user);
  // "not_found": deleted meanwhile (another tab); the outcome the user asked for.
  if (!deleted.ok && deleted.kind !== "not_found") {
    // The only other refusal of a delete: the shop's last active admin.
    return deleted.kind === "conflict"
      ? conflict(deleted.message)
      : unavailable(deleted.message || SETTINGS_MESSAGES.tryAgain);
  }
  log("info", "account deleted by its owner", { userId: user.id });
  return ok({ headers: await signOut(request) });
}

async function verifyOwnPassword(password: string, request: Request): Promise<Result> {
  try {
    await getAuth().api.verifyPassword({ body: { password }, headers: request.headers });
    return ok();
  } catch (error) {
    if (isWrongPassword(error)) return invalid(SETTINGS_MESSAGES.wrongPassword, "password");
    log("error", "password check before account deletion failed", { error: String(error) });
    return unavailable(SETTINGS_MESSAGES.tryAgain);
  }
}
