import { createContext } from "react-router";

export interface RequestInfo {
  requestId: string;
  /** Client address as Express sees it (honours TRUST_PROXY). */
  ip: string;
  nonce: string;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: "customer" | "admin";
  /** Whether the e-mail address was confirmed (ADR 0009: reviews need it). */
  emailVerified: boolean;
  sessionId: string;
}

export const requestInfoContext = createContext<RequestInfo>();
export const userContext = createContext<SessionUser | null>(null);

/**
 * true: this document is rendered for the shared page cache's signed-in variant (ADR 0020),
 * as for an anonymous visitor and without personal data, whoever asked.
 */
export const sharedSignedInContext = createContext<boolean>(false);

/** The visitor cart id of the request's cookie (null when none, or once merged at sign-in). */
export const visitorCartContext = createContext<string | null>(null);
