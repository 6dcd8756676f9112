/** The shop's name in page titles and e-mails (until the admin's site settings exist). */
export const SITE_NAME = "Tienda";

/** Every limit and business constant of spec §9 (plus our deliberate changes, DESIGN §6). */
export const LIMITS = {
  /**
   * How long after a simplified invoice its complete invoice may still be asked for: the four
   * years of the tax's limitation period (LGT art. 66), the window the TEAC applies to
   * RD 1619/2012 art. 2 (ADR 0026).
   */
  completeInvoiceWindowYears: 4,
  /** The consumer's right of withdrawal from a distance sale, in calendar days (TRLGDCU art. 104). */
  withdrawalDays: 14,
  /** The latest the money goes back after a withdrawal, in calendar days (TRLGDCU art. 107.1). */
  refundDays: 14,
  /**
   * A refund still pending with no answer from the provider after this many minutes was never
   * sent (or its answer was lost): the admin may retry it (ADR 0027). Longer than the Stripe
   * client's own timeouts and retries.
   */
  refundUnansweredMinutes: 10,
  /** How long after delivery a fault may be claimed under the legal guarantee (TRLGDCU art. 120). */
  conformityYears: 3,
  /** The longest optional reason a customer may write on a withdrawal or claim. */
  returnReasonMaxLength: 1000,
  homeCategories: 7,
  /** Public catalogue cache (ADR 0006): entries kept, and their longest life. */
  publicCacheEntries: 1000,
  publicCacheTtlMs: 10 * 60_000,
  /** Shared page cache for anonymous visitors (server/page-cache.ts): pages and bytes kept. */
  pageCacheEntries: 500,
  pageCacheBytes: 32 * 1024 * 1024,
  /** List cards whose picture loads at once (two columns on a phone: the first row). */
  eagerListImages: 2,
  homeNewProducts: 4,
  homeReviewsFetched: 4,
  homeReviewsShown: 2,
  maxPriceFilterEuros: 1_000_000,
  /** Decoded size limit: 40 megapixels (≈ 160 MB of RGBA), well above any phone photo. */
  maxImageInputPixels: 40_000_000,
  /** Rows per page of an admin listing table. */
  adminListingPerPage: 50,
  /** At most this many words of a search are used (longer queries are rarely intentional). */
  searchMaxWords: 8,
  /** At or below this many units a product shows "Últimas unidades" whatever its minimum. */
  lowStockUnits: 3,
  /** How many files upload at the same time. */
  parallelImageUploads: 2,
  /** Keys checked against the database per query by the sweep. */
  imageSweepBatch: 500,
  /** Seconds a visitor (or a crawler) is told to wait before trying again (`Retry-After`). */
  maintenanceRetryAfterSeconds: 600,
  /** Marketplace items shown per category on the explore page. */
  marketplaceExplorePerCategory: 4,
  productsPerPage: 24,
  /**
   * A product list counts its matches up to this many and then says «Más de 10.000 productos»:
   * counting every match of a large list (100,000 products) on each page view cost more than
   * reading the page itself.
   */
  listCountCap: 10_000,
  /**
   * The deepest page of a public product list: ceil(listCountCap / productsPerPage). A list
   * larger than the cap is browsed to here; past it, filters, a search or another order reach
   * the rest (ADR 0036): an OFFSET walks every row it skips, 40 ms per 100,000 at best.
   */
  deepestListPage: 417,
  /** Admin product table: rows per page. */
  adminProductsPerPage: 25,
  /** Product form bounds (admin): price and costs up to 1.000.000,00 € (the price filter's top). */
  maxProductPriceCents: 100_000_000,
  maxStockQuantity: 1_000_000,
  /** Weight in grams (the form takes kg with up to 3 decimals): 10.000 kg. */
  maxProductWeightGrams: 10_000_000,
  maxProductNameLength: 200,
  maxProductDescriptionLength: 5000,
  maxInternalNotesLength: 2000,
  maxShortTextLength: 100,
  maxImages: 10,
  maxImageBytes: 5 * 1024 * 1024,
  imageMimeTypes: ["image/jpeg", "image/png", "image/webp", "image/gif"] as const,
  maxVideoUrls: 2,
  reviewStarsMin: 1,
  reviewStarsMax: 5,
  reviewCommentMaxLength: 2000,
  /** DESIGN §6: 8, not the spec's 6. */
  minPasswordLength: 8,
  maxPasswordLength: 128,
  /** Life of the e-mail confirmation link (a signed token; reusable until then, harmlessly). */
  emailVerificationTtlSeconds: 24 * 60 * 60,
  /** Life of a password-reset link (single use). */
  passwordResetTtlSeconds: 60 * 60,
  /** A customer's session: 30 days, renewed once a day while in use. */
  sessionTtlSeconds: 30 * 24 * 60 * 60,
  sessionRenewAfterSeconds: 24 * 60 * 60,
  /** An admin's session ends after 30 minutes without a request, and 12 hours after sign-in. */
  adminSessionIdleSeconds: 30 * 60,
  adminSessionMaxSeconds: 12 * 60 * 60,
  /** An admin session's last activity is written at most this often (one write a minute). */
  sessionActivityWriteSeconds: 60,
  /** Admins' second factor (ADR 0023): recovery codes issued at once, each usable once. */
  twoFactorRecoveryCodes: 10,
  /** Time between a correct password and the code from the app before signing in anew. */
  twoFactorChallengeTtlSeconds: 10 * 60,
  /**
   * The reset request answers no sooner than this, whether or not the account exists, so its
   * timing does not tell (the e-mail itself is sent in the background).
   */
  passwordResetRequestMinMs: 300,
  maxNameLength: 100,
  maxEmailLength: 254,
  /** Addresses typed in admin forms (avatar URL, links). */
  maxUrlLength: 2048,
  /** Rows per page of the admin users table, and the longest search it takes. */
  adminUsersPerPage: 25,
  maxUserSearchLength: 100,
  /** Rows per page of the activity log (/admin/actividad). */
  activityPerPage: 50,
  /** Events in the dashboard's recent-activity list (and read from each source). */
  dashboardRecentActivity: 8,
  /** "New customers" on the dashboard: accounts created in this many last days. */
  newCustomerDays: 30,
  /** Analytics (/admin/analisis): the range shown when none is chosen, and the longest custom
   * one (a year and a day: a leap year), in days ending today (Madrid). */
  analyticsDefaultDays: 30,
  analyticsMaxRangeDays: 366,
  /** Products the top-products chart lists, and categories the category chart (the last one
   * sums the rest as «Otras categorías»). */
  analyticsTopProducts: 10,
  analyticsTopCategories: 10,
  /** Orders (back office and customer pages): rows per page, typed values. */
  adminOrdersPerPage: 25,
  customerOrdersPerPage: 10,
  /** Invoices (/admin/facturas): rows per page. */
  adminInvoicesPerPage: 25,
  maxOrderNumberLength: 40,
  /**
   * Invoices (RD 1619/2012): a simplified invoice is not allowed above 3.000 € IVA included
   * (art. 4.2), so a larger order needs the buyer's billing data. Lengths of the billing
   * form's name and address.
   */
  simplifiedInvoiceMaxCents: 300_000,
  maxBillingNameLength: 200,
  maxBillingStreetLength: 200,
  maxTrackingNumberLength: 100,
  promotionDraftsKept: 5,
  /** Promotions: lengths of the form's fields, sent promotions listed in the history. */
  maxPromotionTitleLength: 200,
  maxPromotionBodyLength: 20_000,
  promotionHistoryShown: 20,
  /** Drafts listed by «Ver todos los borradores». */
  promotionDraftsListed: 200,
  /** How often the promotions page refreshes its progress bar while a promotion is sending. */
  promotionProgressRefreshMs: 2000,
  /** The e-mail outbox worker (ADR 0016). */
  outboxBatchSize: 20,
  outboxPollIntervalMs: 5000,
  /** A claimed row is this long in «sending»: longer than any one SMTP conversation can last. */
  outboxLockSeconds: 300,
  /** Tries per message when the mail server refuses it for now (4xx, no connection). */
  outboxMaxAttempts: 3,
  /** Wait before the next try (times the number of tries so far). */
  outboxRetryDelaySeconds: 60,
  /** How often the cluster fails the rows a dead worker left «sending» (their lock ran out). */
  outboxRecoveryIntervalMs: 60_000,
  /**
   * The queue of order e-mails (ADR 0039): the waits after each failed try (1 min, 5 min, 15 min,
   * 1 h, 3 h, 6 h, 12 h; the eighth failure gives up, about a day after the first).
   */
  queuedMailRetryDelaysSeconds: [60, 300, 900, 3600, 3 * 3600, 6 * 3600, 12 * 3600],
  queuedMailLockSeconds: 300,
  queuedMailBatchSize: 20,
  queuedMailRetryIntervalMs: 60_000,
  /** Sent or given-up rows are deleted this long after. */
  queuedMailKeepDays: 30,
  /** How long the newsletter's confirmation link works (double opt-in). */
  newsletterConfirmationTtlSeconds: 3 * 24 * 3600,
  toastLimit: 1,
  toastDurationMs: 5000,
  toastConfirmationMs: 7000,
  toastPriceIdWarningMs: 9000,
  toastSwipeThresholdPx: 50,
  defaultFeaturedOrder: 0,
  /** Cart: a visitor's cart is swept after this many days without a change. */
  visitorCartMaxAgeDays: 30,
  /** Units of one product a cart line may hold (besides the stock). */
  maxCartLineQuantity: 99,
  /** Lines in one cart. */
  maxCartLines: 50,
  /**
   * How long a checkout holds the stock while the customer pays. Stripe's expires_at must be
   * at least 30 minutes after the session is created: a little more, so it always is.
   */
  orderReservationMinutes: 35,
  /**
   * Unpaid orders holding stock that checkouts from one network address may have at once: a
   * visitor cannot hold a shop's stock with order after order left unpaid (ADR 0043).
   */
  unpaidOrdersPerClient: 3,
  /** Ran-out reservations one sweep releases at the most (the next sweep takes the rest). */
  reservationSweepBatch: 100,
  /**
   * How often the cluster (one instance per period, ADR 0031) releases the reservations that
   * ran out, sweeps old visitor carts and issues pending invoices.
   */
  reservationSweepIntervalMs: 60_000,
  /**
   * Uploaded images nothing uses (a form left unsaved, a replaced logo) are deleted once they
   * are this old — long after any admin could still be filling in the form they came from.
   */
  unusedImageGraceMs: 24 * 60 * 60_000,
  /** How often the cluster looks for such images (it lists the whole uploads folder). */
  unusedImageSweepIntervalMs: 6 * 60 * 60_000,
  /** Shipping defaults until the admin sets site_settings "shipping". */
  defaultShippingCents: 495,
  defaultFreeShippingFromCents: 5000,
  /** The smallest total an order may be paid with (Stripe's minimum charge in euros). */
  minimumOrderTotalCents: 50,
  /** First flat rate to Canarias, Ceuta and Melilla until the admin sets theirs. */
  defaultFarZoneShippingCents: 1500,
  /** IVA of the shipping line: 21 %. */
  shippingVatRateBp: 2100,
  /** Editable page content: short texts (titles, buttons, names), longer texts, fullText. */
  maxContentShortTextLength: 150,
  maxContentTextLength: 1000,
  maxContentFullTextLength: 20_000,
  /** Versions of a section listed in the content editor (all are kept). */
  contentVersionsShown: 20,
  /** 'Solicitar este servicio': message length, and requests per admin page. */
  serviceRequestMessageMinLength: 10,
  serviceRequestMessageMaxLength: 2000,
  /** How far ahead a preferred date may be. */
  serviceRequestMaxDaysAhead: 365,
  adminServiceRequestsPerPage: 20,
  /** The contact form of /contacto: subject and message lengths. */
  contactSubjectMaxLength: 150,
  contactMessageMinLength: 10,
  contactMessageMaxLength: 3000,
} as const;

/**
 * Every cookie the shop sets starts with this (after a `__Secure-` prefix): a request carrying
 * one is personal and never gets a page from the shared page cache (lib/shop-cookie.ts).
 */
export const COOKIE_PREFIX = "tienda";

/**
 * Fixed-window rate limits: attempts per window. A limit keyed by something an attacker can
 * type (an e-mail, an order number) never refuses the owner outright: those only slow down or
 * ask for another way in (SLOW_DOWNS, ADR 0023).
 */
export const RATE_LIMITS = {
  /** Failed sign-ins from one address (any accounts), and for one account from one address. */
  loginPerIp: { limit: 30, windowMs: 15 * 60_000 },
  loginPerAccountIp: { limit: 10, windowMs: 15 * 60_000 },
  /** Failed sign-ins from one known device (its own limit, whatever its address). */
  loginPerKnownDevice: { limit: 10, windowMs: 15 * 60_000 },
  /**
   * Codes typed at sign-in's second step, per address. better-auth adds its own: 5 per
   * password sign-in, and 10 wrong in a row lock the account's second step for 15 minutes.
   */
  twoFactorCodesPerIp: { limit: 10, windowMs: 15 * 60_000 },
  registerPerIp: { limit: 10, windowMs: 60 * 60_000 },
  reviewsPerUser: { limit: 5, windowMs: 60 * 60_000 },
  /** "¿Has olvidado tu contraseña?": requests per address, and per e-mail typed from one address. */
  passwordResetPerIp: { limit: 10, windowMs: 60 * 60_000 },
  passwordResetPerEmailIp: { limit: 5, windowMs: 60 * 60_000 },
  /**
   * Reset e-mails actually sent to one address (mail-bombing); further requests get the same
   * answer but no e-mail. The window is well inside a link's life (LIMITS.passwordResetTtlSeconds),
   * so whoever is refused a new e-mail already has a link of the last 20 minutes that still works.
   */
  passwordResetMailsPerEmail: { limit: 3, windowMs: 20 * 60_000 },
  /** Attempts at setting a new password with a reset link. */
  passwordResetSubmitPerIp: { limit: 20, windowMs: 15 * 60_000 },
  /** New confirmation links: per signed-in user, per e-mail typed and per address. */
  verificationResendPerUser: { limit: 3, windowMs: 60 * 60_000 },
  verificationResendPerEmail: { limit: 3, windowMs: 60 * 60_000 },
  verificationResendPerIp: { limit: 10, windowMs: 60 * 60_000 },
  /**
   * Wrong passwords typed by a signed-in user (password change, account deletion): someone
   * at an unlocked computer must not be able to guess the password that way.
   */
  passwordChecksPerUser: { limit: 5, windowMs: 15 * 60_000 },
  /** Admin image uploads (each is decoded and re-encoded by sharp): 10 items × 10 images per 10 min. */
  imageUploadsPerAdmin: { limit: 100, windowMs: 10 * 60_000 },
  /** A customer changing their profile picture (/perfil/avatar). */
  avatarUploadsPerUser: { limit: 10, windowMs: 10 * 60_000 },
  /**
   * Guest order tracking (number + e-mail): failed look-ups per address, and per order number
   * from one address (per order number alone they only slow down: SLOW_DOWNS).
   */
  orderTrackingPerIp: { limit: 10, windowMs: 15 * 60_000 },
  orderTrackingPerNumberIp: { limit: 5, windowMs: 15 * 60_000 },
  /** "Pagar" on /checkout: each attempt reserves stock for a while. */
  checkoutPerIp: { limit: 10, windowMs: 10 * 60_000 },
  /** 'Solicitar este servicio': each request e-mails the shop, so few per address. */
  serviceRequestsPerIp: { limit: 5, windowMs: 60 * 60_000 },
  /** The footer's newsletter form: sign-ups per address, and confirmation e-mails per e-mail. */
  newsletterPerIp: { limit: 10, windowMs: 60 * 60_000 },
  newsletterPerEmail: { limit: 3, windowMs: 60 * 60_000 },
  /** The contact form of /contacto: each message e-mails the shop, so few per address. */
  contactPerIp: { limit: 5, windowMs: 60 * 60_000 },
  /**
   * /feeds/google.xml and the child sitemaps together, per address: each streams the whole
   * catalogue (or a 50,000-URL part of it) from the database. Crawlers fetch them a few times a day.
   */
  feedsPerIp: { limit: 30, windowMs: 10 * 60_000 },
} as const;

/**
 * Progressive delays for what an attacker can type but must not lock (ADR 0023): after `free`
 * failures in the window, each attempt waits `baseDelayMs · 2^(failures − free)`, at most
 * `maxDelayMs`, before the check (lib/throttle.ts). `checkLimit`: failed checks per window
 * after which a client that is not a known device gets no check at all but a second step.
 */
export const SLOW_DOWNS = {
  /** ASVS 4.0.3 V2.2.1: at most 100 failed password checks per account and hour. */
  loginPerAccount: {
    windowMs: 60 * 60_000,
    free: 5,
    baseDelayMs: 250,
    maxDelayMs: 3000,
    checkLimit: 100,
  },
  orderTrackingPerNumber: {
    windowMs: 15 * 60_000,
    free: 3,
    baseDelayMs: 250,
    maxDelayMs: 3000,
    checkLimit: null,
  },
} as const;

/** Life of the known-device cookie of a browser that signed in (ADR 0023). */
export const KNOWN_DEVICE_MAX_AGE_DAYS = 180;
/** Accounts one browser is a known device of (the latest sign-ins). */
export const KNOWN_DEVICE_MAX_ACCOUNTS = 5;

export const SORT_OPTIONS = ["created_at-desc", "price-asc", "price-desc", "name-asc"] as const;
export const DEFAULT_SORT = "created_at-desc";

export const PRODUCT_CONDITION_LABELS = {
  new: "Nuevo",
  used: "Usado",
  refurbished: "Reacondicionado",
} as const;

export const MARKETPLACE_CONDITION_LABELS = {
  excellent: "Excelente",
  very_good: "Muy Bueno",
  good: "Bueno",
  acceptable: "Aceptable",
  needs_repair: "Necesita Reparación",
  for_parts: "Para Piezas",
} as const;

export const SERVICE_PRICE_TYPE_LABELS = {
  per_service: "por servicio",
  per_hour: "por hora",
  monthly_subscription: "al mes",
} as const;

/**
 * Request bodies (server/body-limit.ts): checked before any route reads them. Streamed routes
 * (image uploads, Stripe's webhook) read their own body under their own cap; this is the outer
 * bound the server enforces on them from Content-Length.
 */
export const REQUEST_LIMITS = {
  /** Any ordinary form (sign-in, checkout, reviews…): a few kB in practice. */
  formBodyBytes: 64 * 1024,
  /**
   * Back-office forms with long texts: a 20.000-character page or promotion, percent-encoded
   * with accents and line breaks, can take well over 64 KB.
   */
  adminFormBodyBytes: 256 * 1024,
  /** An image upload: the image plus room for the multipart boundary and part headers. */
  uploadBodyBytes: LIMITS.maxImageBytes + 64 * 1024,
  /** Stripe's events are a few kB (the webhook route reads at most this much itself). */
  webhookBodyBytes: 512 * 1024,
  /**
   * Load shedding (server/load-shed.ts, ADR 0032): requests handled at once by default
   * (MAX_CONCURRENT_REQUESTS), how many more may wait for a turn and for how long; beyond that
   * a 503 with Retry-After. Rendering is CPU-bound on one thread, so more at once only makes
   * each slower. The wait is long enough for a burst — fifty payment events at once, a hundred
   * sign-ins — to be served on two cores, and well under a load balancer's 30–60 s timeout.
   */
  concurrentRequests: 32,
  /**
   * GET requests of the app (pages, their data) worked on at once; the rest wait their turn
   * (ADR 0040). Three keep the main thread busy while the database answers: more add no
   * throughput, only longer event-loop iterations.
   */
  concurrentPages: 3,
  /** How long after its first byte a page's answer may still hold its turn (a slow reader). */
  pageTurnTailMs: 500,
  queuedRequests: 256,
  queueWaitMs: 10_000,
  shedRetryAfterSeconds: 5,
  /** A refused body is discarded for this long (so the client reads the 413), then cut off. */
  refusedBodyLingerMs: 5_000,
  /** A browser's CSP violation report. */
  cspReportBodyBytes: 8 * 1024,
  /** CSP reports logged per client address and window; the rest are answered and dropped. */
  cspReportsPerClient: { limit: 20, windowMs: 60_000 },
} as const;

/** Product CSV import/export (/admin/productos, app/modules/catalog/product-csv*.ts). */
export const PRODUCT_CSV_LIMITS = {
  /** The largest CSV file an import accepts (about 40,000 rows of typical products). */
  maxFileBytes: 20 * 1024 * 1024,
  /** Room for the multipart boundary and part headers around a file at the limit. */
  multipartOverheadBytes: 64 * 1024,
  /** Data rows an import accepts: all of them are written in one transaction. */
  maxRows: 50_000,
  /** Products read per query while exporting (the file is streamed batch by batch). */
  exportBatchSize: 500,
  /** SKUs looked up per query while checking an import. */
  lookupBatchSize: 1_000,
  /** Row errors listed on the page (all are counted; the rest are summarised). */
  maxListedErrors: 1_000,
} as const;
