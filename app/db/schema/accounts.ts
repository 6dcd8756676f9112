import { relations, sql } from "drizzle-orm";
import { boolean, index, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps, timestamptz, updatedAt } from "./columns";

/** Roles of spec §6. `customer` is the default role. */
export const userRole = pgEnum("user_role", ["customer", "admin"]);

/** A foreign key to a user (text: better-auth's ids). */
export const userRef = <N extends string>(name: N, onDelete: "cascade" | "set null") =>
  text(name).references(() => users.id, { onDelete });

/**
 * The spec's `profiles` merged with the auth user (ADR 0003). Property names follow
 * better-auth (`name`, `image`, `banned`); column names follow the spec.
 */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("full_name").notNull().default(""),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("avatar_url"),
    role: userRole("role").notNull().default("customer"),
    /** `is_active` of the spec is `NOT banned`. */
    banned: boolean("banned").notNull().default(false),
    banReason: text("ban_reason"),
    banExpires: timestamptz("ban_expires"),
    lastSignInAt: timestamptz("last_sign_in_at"),
    /** better-auth's two-factor plugin: set once the authenticator app is confirmed. */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    ...timestamps(),
  },
  (t) => {
    // The admin users table (/admin/usuarios) sorts by name, e-mail, role or status, each
    // followed by name, e-mail and id, in one direction (an index read backwards serves the
    // other). Byte order ("C") so PGlite and every PostgreSQL install sort alike.
    const name = sql`(immutable_unaccent(lower(${t.name})) COLLATE "C")`;
    const email = sql`(${t.email} COLLATE "C")`;
    return [
      index("users_sort_name_idx").using("btree", name, email, t.id),
      index("users_sort_email_idx").using("btree", email, t.id),
      index("users_sort_role_idx").using("btree", t.role.desc().nullsFirst(), name, email, t.id),
      index("users_sort_status_idx").using("btree", t.banned, name, email, t.id),
      // Newest registrations first (admin dashboard's recent activity).
      index("users_created_idx").on(t.createdAt, t.id),
      // Its search: "contains", ignoring case and accents, on the name or the e-mail.
      index("users_name_trgm_idx").using(
        "gin",
        sql`immutable_unaccent(lower(${t.name})) gin_trgm_ops`,
      ),
      index("users_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
    ];
  },
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: userRef("user_id", "cascade").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    ...timestamps(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/** Credentials (the argon2id password hash lives here, never on `users`). */
export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: userRef("user_id", "cascade").notNull(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamptz("access_token_expires_at"),
    refreshTokenExpiresAt: timestamptz("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    ...timestamps(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

/**
 * The authenticator-app (TOTP) secret and the recovery codes of a user, both encrypted with
 * AUTH_SECRET by better-auth's two-factor plugin. `verified` is false until the first code
 * is typed; the failure count and lock are the plugin's own account lockout.
 */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    userId: userRef("user_id", "cascade").notNull(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamptz("locked_until"),
  },
  (t) => [uniqueIndex("two_factors_user_id_idx").on(t.userId)],
);

/** E-mail verification and password-reset tokens. */
/**
 * Relations for better-auth's joins (`advanced.database.joins`): a request's session and its
 * user come back in one query instead of two.
 */
export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
}));
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    ...timestamps(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const userPreferences = pgTable("user_preferences", {
  userId: userRef("user_id", "cascade").primaryKey(),
  receiveMarketingEmails: boolean("receive_marketing_emails").notNull().default(false),
  receiveNewsletter: boolean("receive_newsletter").notNull().default(false),
  updatedAt: updatedAt(),
});
