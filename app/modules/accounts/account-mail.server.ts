import type { AuthMail, MailUser } from "~/modules/accounts/auth.server";
import { LIMITS } from "~/lib/constants";
import type { EmailSite, RenderedEmail } from "~/lib/email-layout";
import type { Env } from "~/lib/env.server";
import { getEnv } from "~/lib/env.server";
import { sendInBackground } from "~/lib/mail.server";
import { customerMail, getMailIdentity } from "~/modules/settings/index.server";
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH } from "~/lib/auth-paths";
import { passwordChangedEmail, passwordResetEmail, verificationEmail } from "./emails";

/**
 * The account e-mails, with links to this shop's pages (BASE_URL) and the shop's name, legal
 * data and contact e-mail (Reply-To) as set in /admin/configuracion at the time of sending.
 */
export function createAccountMail(env: Pick<Env, "BASE_URL">): AuthMail {
  const link = (path: string, token?: string) =>
    `${env.BASE_URL}${path}${token ? `?token=${encodeURIComponent(token)}` : ""}`;
  /**
   * The name an e-mail greets: none before the address is confirmed. Anyone may sign up with
   * someone else's address, and the name typed would otherwise reach that inbox in the shop's
   * own e-mail (a «name» such as «tu cuenta se cerrará: entra en https://…»).
   */
  const nameOf = (user: MailUser) => (user.emailVerified ? user.name : "");
  /** Renders with the shop's identity at the time of sending, and sends to the user. */
  const send = async (user: MailUser, render: (site: EmailSite) => RenderedEmail) => {
    const identity = await getMailIdentity();
    sendInBackground(customerMail(identity, user.email, render(identity.site)));
  };
  return {
    sendVerification: (user, token) =>
      send(user, (site) =>
        verificationEmail({
          ...site,
          name: nameOf(user),
          url: link(VERIFY_EMAIL_PATH, token),
          lifetimeSeconds: LIMITS.emailVerificationTtlSeconds,
        }),
      ),
    sendPasswordReset: (user, token) =>
      send(user, (site) =>
        passwordResetEmail({
          ...site,
          name: nameOf(user),
          url: link(RESET_PASSWORD_PATH, token),
          lifetimeSeconds: LIMITS.passwordResetTtlSeconds,
        }),
      ),
    sendPasswordChanged: (user) =>
      send(user, (site) =>
        passwordChangedEmail({
          ...site,
          name: nameOf(user),
          forgotUrl: link(FORGOT_PASSWORD_PATH),
        }),
      ),
  };
}

/**
 * The «Tu contraseña ha cambiado» e-mail after a change in /perfil (a reset sends it through
 * better-auth's hook): the owner hears of it, whoever changed it.
 */
export async function sendPasswordChangedEmail(user: MailUser): Promise<void> {
  await createAccountMail(getEnv()).sendPasswordChanged(user);
}
