/** Browser-safe parts of the admin dashboard, shared by dashboard.server.ts and the page. */

/** "New customers" on the dashboard: accounts created in the last 30 days. */
export const NEW_CUSTOMER_DAYS = 30;

/** Orders that count as sales: paid onward, not cancelled nor refunded (issue 7). */
export const SALE_STATUSES = ["paid", "preparing", "shipped", "delivered"] as const;

/** One line of the dashboard's recent activity. */
export type ActivityEvent =
  | {
      kind: "product";
      key: string;
      at: Date;
      name: string;
      visible: boolean;
      /** The public product page; null while the product is hidden (it would be a 404). */
      href: string | null;
    }
  | {
      kind: "review";
      key: string;
      at: Date;
      rating: number;
      author: string | null;
      /** Null for a review of the shop as a whole. */
      productName: string | null;
      href: string | null;
    }
  | {
      kind: "registration";
      key: string;
      at: Date;
      name: string;
      email: string;
      role: "customer" | "admin";
      href: string;
    };
