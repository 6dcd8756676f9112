import { dictionary as common } from "@zxcvbn-ts/language-common";
import { dictionary as spanish } from "@zxcvbn-ts/language-es-es";
import { RATE_LIMITS } from "~/lib/constants";
import { getEnv } from "~/lib/env.server";
import { invalid, rateLimited, type Failure, type Result } from "~/lib/failure";
import {
  forgiveAttempts,
  isRateLimited,
  TOO_MANY_ATTEMPTS,
  type RateLimitRule,
} from "~/db/rate-limit.server";
import { currentSiteName } from "~/modules/settings/index.server";
import { COMMON_PASSWORD_MESSAGE } from "./schemas";

/*
 * NIST 800-63B §3.1.1.2 blocklist: leaked passwords, dictionary words and context-specific
 * words (the service's name). A password is refused when it is a leaked one, or when its
 * letters — with the digits and symbols around them dropped and l33t undone — are one word of
 * that list: "Tienda2026", "españa2026", "C0ntraseña!" and "Password1" are refused;
 * passphrases such as "Pimiento-Verde-8" are not.
 */

/** Spanish favourites of leaked-password lists that are not one dictionary word. */
const SPANISH_FAVOURITES = [
  "tequiero",
  "tequieromucho",
  "teamo",
  "teadoro",
  "realmadrid",
  "halamadrid",
  "viscabarca",
  "atleti",
  "holamundo",
  "holahola",
  "micontrasena",
  "miclave",
  "nolose",
  "noseque",
];

/** Words of every shop: what people type when asked for a password on "Tienda". */
const SHOP_WORDS = ["tienda", "admin", "administrador", "cliente", "usuario", "shop"];

const LEET: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
};

/** Lower case, no accents (ñ → n), letters only. */
const lettersOf = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z]/g, "");

/** The words a password may be built on: all of them, and with l33t undone inside. */
function coresOf(password: string): string[] {
  const inner = password.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  const unLeet = inner.replace(/[013457@$]/g, (c) => LEET[c] ?? c);
  return [lettersOf(password), lettersOf(unLeet)];
}

let leaked: Set<string> | undefined;
let words: Set<string> | undefined;

function blocklists() {
  // The ~49,000 most common leaked passwords, lower-cased.
  leaked ??= new Set(common["passwords-common"].map((p) => String(p).toLowerCase()));
  words ??= new Set(
    [
      ...common["passwords-common"],
      ...Object.values(spanish).flat(),
      ...SPANISH_FAVOURITES,
      ...SHOP_WORDS,
    ]
      .map((word) => lettersOf(String(word)))
      .filter((word) => word.length > 0),
  );
  return { leaked, words };
}

/**
 * Whether a new password must be refused; `context` holds the shop's own words (its name, its
 * domain), which are refused as a password's only word too.
 */
export function isRefusedPassword(password: string, context: string[] = []): boolean {
  const { leaked, words } = blocklists();
  if (leaked.has(password.toLowerCase())) return true;
  const own = new Set(context.map(lettersOf).filter((word) => word.length > 0));
  return coresOf(password).some((core) => core.length > 0 && (words.has(core) || own.has(core)));
}

/** The shop's name (as set in /admin/configuracion) and the labels of its domain. */
async function shopWords(): Promise<string[]> {
  const host = new URL(getEnv().BASE_URL).hostname;
  const labels = host.split(".").slice(0, -1);
  const name = await currentSiteName();
  return [name, ...name.split(/\s+/), host, ...labels];
}

/** isRefusedPassword with this shop's own words: what every form that sets a password uses. */
export async function isWeakPassword(password: string): Promise<boolean> {
  return isRefusedPassword(password, await shopWords());
}

/**
 * The checks before a visitor's new password is used (registration, a reset link): a common
 * password is refused on its field, then a sender over `limit` is refused. Only a password
 * that passed the first check counts against the limit.
 */
export async function refuseNewPassword(
  password: string,
  limit: [key: string, rule: RateLimitRule],
): Promise<Failure | null> {
  if (await isWeakPassword(password)) return invalid(COMMON_PASSWORD_MESSAGE, "password");
  return (await isRateLimited([limit])) ? rateLimited(TOO_MANY_ATTEMPTS) : null;
}

/** One counter of wrong passwords per user (password change, account deletion, second factor). */
const passwordCheckKey = (userId: string) => `password-check:user:${userId}`;

/**
 * A write that first checks the signed-in user's password: refused while the user's wrong
 * passwords are over the limit; only a wrong password uses up the limit.
 */
export async function checkingPassword<R extends Result>(
  userId: string,
  write: () => Promise<R>,
): Promise<R | Failure> {
  const key = passwordCheckKey(userId);
  if (await isRateLimited([[key, RATE_LIMITS.passwordChecksPerUser]])) {
    return rateLimited(TOO_MANY_ATTEMPTS);
  }
  const result = await write();
  if (result.ok) await forgiveAttempts([key]);
  return result;
}
