/**
 * TEMPORARY (h-admin): stand-ins for the lead's issue.server.ts functions until they land on
 * main; removed at the merge. Signatures as in the issue 25 brief.
 */
import type { LegalData } from "~/modules/settings";

export async function countOrdersAwaitingInvoice(): Promise<number> {
  return 0;
}

export async function issuePendingInvoices(): Promise<number> {
  return 0;
}

export function invoicingIssuer(legal: Pick<LegalData, "companyName" | "nif" | "address">) {
  const name = legal.companyName.trim();
  const taxId = legal.nif.trim();
  const address = legal.address.trim();
  return name && taxId && address ? { name, taxId, address } : null;
}
