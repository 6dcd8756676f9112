import { desc, eq } from "drizzle-orm";
import {
  accounts,
  newsletterSubscribers,
  products,
  reviews,
  sessions,
  userFavorites,
  userPreferences,
  users,
} from "~/db/schema";
import { getAuth } from "~/lib/auth.server";
import type { SessionUser } from "~/lib/context";
import { getDb } from "~/lib/db.server";
import { log } from "~/lib/log.server";
import { signOut } from "./accounts.server";
import { deleteAdminUser } from "./admin-users.server";
import { isWrongPassword } from "./profile.server";

/*
 * The customer's RGPD rights on their own account: access and portability ('Descargar mis
 * datos', art. 15 and 20) and erasure ('Eliminar mi cuenta', art. 17).
 */

const PROVIDER_LABELS: Record<string, string> = { credential: "Correo electrónico y contraseña" };

/**
 * Everything the shop stores about one user, as the JSON file the customer downloads. Keys are
 * Spanish: the customer reads this file. Secrets never leave: no password hash, no session
 * token, no OAuth token.
 */
export interface AccountDataExport {
  exportadoEl: string;
  cuenta: {
    id: string;
    correoElectronico: string;
    correoVerificado: boolean;
    nombreCompleto: string;
    avatar: string | null;
    rol: "customer" | "admin";
    activa: boolean;
    motivoDesactivacion: string | null;
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
    bajaEl: string | null;
  } | null;
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

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** The data export of `userId`, or null when the account no longer exists. */
export async function exportAccountData(
  userId: string,
  currentSessionId: string,
): Promise<AccountDataExport | null> {
  const db = getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [preferences, newsletter, favorites, ownReviews, ownSessions, ownAccounts] =
    await Promise.all([
      db.select().from(userPreferences).where(eq(userPreferences.userId, userId)),
      db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email)),
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
      // Named columns: the session token is a secret and is never read here.
      db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          updatedAt: sessions.updatedAt,
          expiresAt: sessions.expiresAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.createdAt)),
      // Named columns: no password hash, no tokens.
      db
        .select({
          providerId: accounts.providerId,
          createdAt: accounts.createdAt,
          updatedAt: accounts.updatedAt,
        })
        .from(accounts)
        .where(eq(accounts.userId, userId)),
    ]);
  const prefs = preferences[0];
  const subscription = newsletter[0];
  return {
    exportadoEl: new Date().toISOString(),
    cuenta: {
      id: user.id,
      correoElectronico: user.email,
      correoVerificado: user.emailVerified,
      nombreCompleto: user.name,
      avatar: user.image,
      rol: user.role,
      activa: !user.banned,
      motivoDesactivacion: user.banReason,
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
          bajaEl: isoOrNull(subscription.unsubscribedAt),
        }
      : null,
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

export type DeleteAccountResult =
  | { ok: true; headers: Headers }
  | { ok: false; reason: "wrong_password" | "last_admin" | "unknown"; message?: string };

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
): Promise<DeleteAccountResult> {
  try {
    await getAuth().api.verifyPassword({ body: { password }, headers: request.headers });
  } catch (error) {
    if (isWrongPassword(error)) return { ok: false, reason: "wrong_password" };
    log("error", "password check before account deletion failed", { error: String(error) });
    return { ok: false, reason: "unknown" };
  }
  const deleted = await deleteAdminUser(user.id, user);
  // "not_found": deleted meanwhile (another tab); the outcome the user asked for.
  if (!deleted.ok && deleted.reason !== "not_found") {
    return {
      ok: false,
      reason: deleted.reason === "last_admin" ? "last_admin" : "unknown",
      message: deleted.message,
    };
  }
  log("info", "account deleted by its owner", { userId: user.id });
  return { ok: true, headers: await signOut(request) };
}
