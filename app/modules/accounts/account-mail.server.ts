import type { AuthMail } from "~/lib/auth.server";
import { LIMITS, SITE_NAME } from "~/lib/constants";
import type { Env } from "~/lib/env.server";
import { sendInBackground } from "~/lib/mail.server";
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH } from "./auth-paths";
import { passwordChangedEmail, passwordResetEmail, verificationEmail } from "./emails";

/** The account e-mails, with links to this shop's pages (BASE_URL). */
export function createAccountMail(env: Pick<Env, "BASE_URL">): AuthMail {
  const site = { siteName: SITE_NAME, siteUrl: `${env.BASE_URL}/` };
  const link = (path: string, token?: string) =>
    `${env.BASE_URL}${path}${token ? `?token=${encodeURIComponent(token)}` : ""}`;
  return {
    sendVerification(user, token) {
      const email = verificationEmail({
        ...site,
        name: user.name,
        url: link(VERIFY_EMAIL_PATH, token),
        lifetimeSeconds: LIMITS.emailVerificationTtlSeconds,
      });
      sendInBackground({ to: user.email, ...email });
    },
    sendPasswordReset(user, token) {
      const email = passwordResetEmail({
        ...site,
        name: user.name,
        url: link(RESET_PASSWORD_PATH, token),
        lifetimeSeconds: LIMITS.passwordResetTtlSeconds,
      });
      sendInBackground({ to: user.email, ...email });
    },
    sendPasswordChanged(user) {
      const email = passwordChangedEmail({
        ...site,
        name: user.name,
        forgotUrl: link(FORGOT_PASSWORD_PATH),
      });
      sendInBackground({ to: user.email, ...email });
    },
  };
}
