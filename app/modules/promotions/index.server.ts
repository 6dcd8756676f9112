// Public, server-only surface of the module: what other modules may import on the server.
export {
  currentAccountConsent,
  endMarketingForDeletedAccount,
  recordConsentChanges,
  sendConfirmation,
  syncAccountNewsletter,
  takeConsentTurn,
  type ConsentPurpose,
  type ConsentSource,
} from "./newsletter.server";
