import type { SessionUser } from "~/lib/context";
import { initialsOf } from "~/lib/utils";

/** What the browser needs to draw the header for a signed-in user (nothing more). */
export interface ShellUser {
  name: string;
  email: string;
  initials: string;
  isAdmin: boolean;
  /** Reviews need a confirmed address (ADR 0009). */
  emailVerified: boolean;
}

export function toShellUser(user: SessionUser): ShellUser {
  return {
    name: user.name,
    email: user.email,
    initials: initialsOf(user.name, user.email),
    isAdmin: user.role === "admin",
    emailVerified: user.emailVerified,
  };
}
