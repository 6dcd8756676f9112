import type { AuthMail } from "~/lib/auth.server";
import { LIMITS } from "~/lib/constants";
import type { Env } from "~/lib/env.server";
import { sendInBackground } from "~/lib/mail.server";
import { currentSiteName } from "~/modules/settings/site-settings.server";
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH } from "./auth-paths";
import { passwordChangedEmail, passwordResetEmail, verificationEmail } from "./emails";

/**
 * The account e-mails, with links to this shop's pages (BASE_URL) and the shop's name as set in
 * /admin/configuracion at the time of sending.
 */
export function createAccountMail(env: Pick<Env, "BASE_URL">): AuthMail {
  const siteUrl = `${env.BASE_URL}/`;
  const link = (path: string, token?: string) =>
    `${env.BASE_URL}${path}${token ? `?token=${encodeURIComponent(token)}` : ""}`;
  return {
    async sendVerification(user, token) {
      const site = { siteName: await currentSiteName(), siteUrl };
      const email = verificationEmail({
        ...site,
        name: user.name,
        url: link(VERIFY_EMAIL_PATH, token),
        lifetimeSeconds: LIMITS.emailVerificationTtlSeconds,
      });
      sendInBackground({ to: user.email, ...email });
    },
    async sendPasswordReset(user, token) {
      const site = { siteName: await currentSiteName(), siteUrl };
      const email = passwordResetEmail({
        ...site,
        name: user.name,
        url: link(RESET_PASSWORD_PATH, token),
        lifetimeSeconds: LIMITS.passwordResetTtlSeconds,
      });
      sendInBackground({ to: user.email, ...email });
    },
    async sendPasswordChanged(user) {
      const site = { siteName: await currentSiteName(), siteUrl };
      const email = passwordChangedEmail({
        ...site,
        name: user.name,
        forgotUrl: link(FORGOT_PASSWORD_PATH),
      });
      sendInBackground({ to: user.email, ...email });
    },
  };
}
