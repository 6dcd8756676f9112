import { dictionary } from "@zxcvbn-ts/language-common";

// The ~49,000 most common leaked passwords, lower-cased (NIST 800-63B §3.1.1.2 blocklist).
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((p) => String(p).toLowerCase()));
  return common.has(password.toLowerCase());
}
