/**
 * Whether a customer's order may still get a complete invoice in place of its simplified one:
 * what /perfil/pedidos/{number} reads to show the «Solicitar factura completa» form.
 */
import { getZodConstraint } from "@conform-to/zod/v4";
import { desc, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { invoices } from "~/db/schema";
import { pick } from "~/db/pick";
import { madridToday } from "~/lib/dates";
import { provinceCode } from "~/lib/provinces";
import { billingSchema } from "./billing-schema";
import { completeInvoiceDeadline, completeInvoiceWindowOpen } from "./complete-request";
import { issuedForOrder } from "./issue.server";

export interface CompleteInvoiceOffer {
  /** The simplified invoice the complete one would replace (`F2026-000001`). */
  simplifiedNumber: string;
  /** The last day it may be asked for, YYYY-MM-DD. */
  deadline: string;
}

/**
 * The offer while the invoice in force for the order is a simplified one within its window;
 * null once a complete invoice exists, before any invoice, or after the window.
 */
export async function findCompleteInvoiceOffer(
  orderId: number,
  today: string = madridToday(),
): Promise<CompleteInvoiceOffer | null> {
  const [inForce] = await getDb()
    .select(pick(invoices, "fullNumber", "kind", "issueDate"))
    .from(invoices)
    .where(issuedForOrder(orderId))
    // A complete invoice (F3 replacing the F2, or F1) wins; then the latest.
    .orderBy(desc(sql`${invoices.kind} = 'complete'`), desc(invoices.id))
    .limit(1);
  if (!inForce || inForce.kind !== "simplified") return null;
  if (!completeInvoiceWindowOpen(inForce.issueDate, today)) return null;
  return {
    simplifiedNumber: inForce.fullNumber,
    deadline: completeInvoiceDeadline(inForce.issueDate),
  };
}

/** The shipping address an order keeps, to fill the request's form in to begin with. */
interface ShippingOf {
  id: number;
  fullName: string;
  addressLine1: string;
  addressLine2: string | null;
  postalCode: string;
  city: string;
  /** The province's name, as orders store it. */
  province: string;
}

/**
 * What the order page needs to draw «Solicitar factura completa», or null when it is not
 * offered: the offer, the form's constraint, and the order's address as the first values.
 */
export async function completeInvoiceRequestView(order: ShippingOf) {
  const offer = await findCompleteInvoiceOffer(order.id);
  if (!offer) return null;
  const billingProvince = provinceCode(order.province) ?? "";
  return {
    ...offer,
    constraint: getZodConstraint(billingSchema),
    defaults: {
      billingName: order.fullName,
      billingStreet: [order.addressLine1, order.addressLine2].filter(Boolean).join(", "),
      billingPostalCode: order.postalCode,
      billingCity: order.city,
      billingProvince,
    },
  };
}
