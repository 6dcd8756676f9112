// Public, server-only surface of the invoicing module.
export {
  countOrdersAwaitingInvoice,
  invoicingIssuer,
  invoicingReady,
  issueCorrectiveInvoice,
  issuePendingInvoices,
  issueSaleInvoice,
  requestCompleteInvoice,
  type IssuedInvoice,
  type Recipient,
} from "./issue.server";
export {
  countRecordsSentInYear,
  countUnsentRecords,
  initialSendStatus,
  loadRecordsToSend,
  sendPendingRecords,
} from "./sending.server";
export type { RecordResult, SendOutcome, VerifactuSender } from "./sender.server";
export {
  completeInvoiceRequestView,
  findCompleteInvoiceOffer,
  type CompleteInvoiceOffer,
} from "./complete-request.server";
export {
  getInvoiceDocument,
  invoicesForOrder,
  type InvoiceDocument,
  type InvoiceSummary,
} from "./document.server";
export {
  signedInvoiceLinks,
  signedInvoiceUrl,
  signInvoiceLink,
  verifyInvoiceLink,
} from "./signed-link.server";
export { openPdf } from "./pdf.server";
