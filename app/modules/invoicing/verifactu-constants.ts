/** The VERI*FACTU sending limits and the software's identity in the records (one place). */

export const VERIFACTU_LIMITS = {
  /** Records in one message at the most (the AEAT's schema allows 1000). */
  batchSize: 1000,
  /** How long one exchange with the AEAT may take before it counts as a network failure. */
  requestTimeoutMs: 60_000,
  /** A larger answer is not the AEAT's (1000 answer lines are well under 1 MB). */
  maxAnswerBytes: 8 * 1024 * 1024,
  /** How often each instance looks for pending records (the AEAT's usual wait is 60 s). */
  pollIntervalMs: 60_000,
  /** The wait when an answer gives none (Orden HAC/1177/2024 art. 16.2 starts at 60 s). */
  defaultWaitSeconds: 60,
  /** After a failed send the next try waits this long, doubling on each failure… */
  firstRetryMs: 60_000,
  /** …up to an hour: the AEAT asks for a retry at least every hour after an outage. */
  maxRetryMs: 60 * 60_000,
} as const;

/** SistemaInformatico: NombreSistemaInformatico (≤ 30), IdSistemaInformatico (≤ 2), Version. */
export const VERIFACTU_SYSTEM = {
  name: "Tienda",
  id: "TI",
  /** Bump with each release that changes what the records carry. */
  version: "1.0",
} as const;
