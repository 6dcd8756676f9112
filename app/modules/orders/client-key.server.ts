import crypto from "node:crypto";
import { getEnv } from "~/lib/env.server";
import { addressBlock } from "./client-address";

/**
 * The key an order keeps of the network address it was placed from: a keyed hash, so the
 * address itself is never stored, and nobody without AUTH_SECRET can tell which address a key
 * stands for (ADR 0043). It only counts the unpaid orders one address (an IPv6 /64) holds
 * stock with.
 */
export function clientKeyOf(ip: string): string {
  return crypto
    .createHmac("sha256", getEnv().AUTH_SECRET)
    .update(`tienda:order-client:v1:${addressBlock(ip)}`)
    .digest("base64url")
    .slice(0, 22);
}
