/** Browser-safe parts of the admin dashboard, shared by dashboard.server.ts and the page. */

/** "New customers" on the dashboard: accounts created in the last 30 days. */
export const NEW_CUSTOMER_DAYS = 30;

/** Orders that count as sales: paid onward, not cancelled nor refunded (issue 7). */
export const SALE_STATUSES = ["paid", "preparing", "shipped", "delivered"] as const;
