import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/security";
import { buttonVariants } from "~/components/ui/button";
import { showToast } from "~/components/ui/toaster";
import { RATE_LIMITS } from "~/lib/constants";
import { userContext, type SessionUser } from "~/lib/context";
import { getEnv } from "~/lib/env.server";
import { readFormData } from "~/lib/forms.server";
import { siteNameOf } from "~/lib/page-title";
import { forgiveAttempts, isRateLimited, TOO_MANY_ATTEMPTS } from "~/lib/rate-limit.server";
import type { ToastInput } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { accountMeta } from "~/modules/accounts/account-links";
import { AccountPageError } from "~/modules/accounts/components/account-page-error";
import { SettingsSection } from "~/modules/accounts/components/settings-forms";
import {
  CancelEnrolmentForm,
  ConfirmTwoFactorForm,
  DisableTwoFactorForm,
  EnableTwoFactorForm,
  groupSecret,
  RecoveryCodes,
  RegenerateRecoveryCodesForm,
} from "~/modules/accounts/components/two-factor-forms";
import { SECURITY_PATH } from "~/modules/accounts/two-factor-paths";
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  regenerateRecoveryCodesSchema,
  TWO_FACTOR_INTENTS,
  TWO_FACTOR_MESSAGES,
} from "~/modules/accounts/two-factor-schemas";
import {
  cancelEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startEnrolment,
  type TwoFactorFailure,
  type TwoFactorStatus,
} from "~/modules/accounts/two-factor.server";

/*
 * /perfil/seguridad: an admin's second factor (ADR 0023). It sits with the admin's own account
 * (beside the password, at /perfil) rather than under /admin: it is the person's credential,
 * not the shop's settings, and it must stay reachable while ADMIN_REQUIRE_2FA keeps /admin
 * closed to them. Customers have no such page (404), unless they still hold a second factor
 * from when they were admins, which they may then turn off.
 */

const TITLE = "Seguridad";

type Intent = (typeof TWO_FACTOR_INTENTS)[keyof typeof TWO_FACTOR_INTENTS];

async function statusFor(user: SessionUser): Promise<TwoFactorStatus> {
  const status = await getTwoFactorStatus(user);
  if (user.role !== "admin" && !status.enabled && !status.pending) {
    throw data({ message: "Esta página es solo para administradores." }, { status: 404 });
  }
  return status;
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext)!; // the layout's middleware guarantees a user
  const status = await statusFor(user);
  return {
    status,
    email: user.email,
    isAdmin: user.role === "admin",
    required: user.role === "admin" && getEnv().ADMIN_REQUIRE_2FA,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(TITLE, siteNameOf(matches));

const destructive = (title: string, description?: string): ToastInput => ({
  title,
  description,
  variant: "destructive",
});

/** The first message of a refused submission, for the toast's description. */
function firstError(error: Record<string, string[] | null> | null | undefined) {
  return Object.values(error ?? {}).flat()[0] ?? undefined;
}

/** A refused form: its errors (what was typed is kept, passwords and codes are not). */
function refused(intent: Intent | null, result: unknown, toast: ToastInput, status: number) {
  return data({ intent, result, toast, recoveryCodes: null }, { status });
}

/** Shares the settings page's counter of wrong passwords (password change, account deletion). */
const passwordCheckKey = (user: SessionUser) => `password-check:user:${user.id}`;

/** The three forms that only need the password: parse, limit wrong passwords, one call. */
async function withPassword<T extends { ok: true }>(
  formData: FormData,
  user: SessionUser,
  intent: Intent,
  schema:
    | typeof enableTwoFactorSchema
    | typeof regenerateRecoveryCodesSchema
    | typeof disableTwoFactorSchema,
  failedTitle: string,
  run: (password: string) => Promise<T | TwoFactorFailure>,
) {
  const hideFields = ["password"];
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const toast = destructive(failedTitle, firstError(submission.error));
    return { refusal: refused(intent, submission.reply({ hideFields }), toast, 400) };
  }
  const limitKey = passwordCheckKey(user);
  if (await isRateLimited([[limitKey, RATE_LIMITS.passwordChecksPerUser]])) {
    const reply = submission.reply({ formErrors: [TOO_MANY_ATTEMPTS], hideFields });
    return { refusal: refused(intent, reply, destructive(failedTitle, TOO_MANY_ATTEMPTS), 429) };
  }
  const result = await run(submission.value.password);
  if (!result.ok) {
    const wrong = result.reason === "wrong_password";
    const reply = submission.reply({
      ...(wrong
        ? { fieldErrors: { password: [result.message] } }
        : { formErrors: [result.message] }),
      hideFields,
    });
    const toast = destructive(failedTitle, result.message);
    return { refusal: refused(intent, reply, toast, wrong ? 400 : 409) };
  }
  // Only wrong passwords use up the limit.
  await forgiveAttempts([limitKey]);
  return { done: result };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext)!; // the layout's middleware guarantees a user
  await statusFor(user);
  const formData = await readFormData(request);
  switch (formData.get("intent")) {
    case TWO_FACTOR_INTENTS.enable: {
      const outcome = await withPassword(
        formData,
        user,
        TWO_FACTOR_INTENTS.enable,
        enableTwoFactorSchema,
        "No se pudo empezar la activación",
        (password) => startEnrolment(request, password),
      );
      if (outcome.refusal) return outcome.refusal;
      // The page now shows the secret for the app and asks for its first code.
      return redirect(SECURITY_PATH);
    }
    case TWO_FACTOR_INTENTS.confirm: {
      const intent = TWO_FACTOR_INTENTS.confirm;
      const failedTitle = "No se pudo activar la verificación en dos pasos";
      const submission = parseWithZod(formData, { schema: confirmTwoFactorSchema });
      if (submission.status !== "success") {
        const toast = destructive(failedTitle, firstError(submission.error));
        return refused(intent, submission.reply({ hideFields: ["code"] }), toast, 400);
      }
      const confirmed = await confirmEnrolment(request, user, submission.value.code);
      if (!confirmed.ok) {
        const wrong = confirmed.reason === "wrong_code";
        return refused(
          intent,
          submission.reply({
            ...(wrong
              ? { fieldErrors: { code: [confirmed.message] } }
              : { formErrors: [confirmed.message] }),
            hideFields: ["code"],
          }),
          destructive(failedTitle, confirmed.message),
          wrong ? 400 : 409,
        );
      }
      // Shown this once, in the answer to this form: never by the loader.
      return data(
        {
          intent,
          result: null,
          toast: { title: "Verificación en dos pasos activada" } as ToastInput,
          recoveryCodes: confirmed.recoveryCodes,
        },
        { headers: confirmed.headers },
      );
    }
    case TWO_FACTOR_INTENTS.cancel:
      await cancelEnrolment(user);
      return redirect(SECURITY_PATH);
    case TWO_FACTOR_INTENTS.regenerate: {
      const outcome = await withPassword(
        formData,
        user,
        TWO_FACTOR_INTENTS.regenerate,
        regenerateRecoveryCodesSchema,
        "No se pudieron generar códigos nuevos",
        (password) => regenerateRecoveryCodes(request, password),
      );
      if (outcome.refusal) return outcome.refusal;
      return data({
        intent: TWO_FACTOR_INTENTS.regenerate,
        result: null,
        toast: {
          title: "Códigos de recuperación nuevos",
          description: "Los anteriores ya no sirven.",
        } as ToastInput,
        recoveryCodes: outcome.done.recoveryCodes,
      });
    }
    case TWO_FACTOR_INTENTS.disable: {
      const outcome = await withPassword(
        formData,
        user,
        TWO_FACTOR_INTENTS.disable,
        disableTwoFactorSchema,
        "No se pudo desactivar la verificación en dos pasos",
        (password) => disableTwoFactor(request, password),
      );
      if (outcome.refusal) return outcome.refusal;
      return redirectWithToast(
        SECURITY_PATH,
        { title: "Verificación en dos pasos desactivada" },
        { headers: outcome.done.headers },
      );
    }
    default:
      return refused(
        null,
        null,
        destructive("Error General", TWO_FACTOR_MESSAGES.invalidRequest),
        400,
      );
  }
}

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { status, email, isAdmin, required } = loaderData;
  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData]);
  const resultFor = (intent: Intent) =>
    actionData && actionData.intent === intent
      ? (actionData.result as Parameters<typeof EnableTwoFactorForm>[0]["lastResult"])
      : null;
  const recoveryCodes = actionData?.recoveryCodes;

  return (
    <>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{TITLE}</h1>
      <div className="grid gap-6">
        {recoveryCodes ? (
          <SettingsSection
            id="codigos-recuperacion-titulo"
            title="Guarda tus códigos de recuperación"
            description="Si pierdes el teléfono, cada uno de estos códigos te deja entrar una sola vez en lugar del código de la aplicación."
          >
            <div role="status" className="grid gap-4">
              <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                Solo los verás ahora. Cópialos en un gestor de contraseñas o imprímelos y guárdalos
                en un lugar seguro: quien los tenga y conozca tu contraseña puede entrar en tu
                cuenta.
              </p>
              <RecoveryCodes codes={recoveryCodes} />
              <div className="flex flex-wrap gap-2">
                <Link to={SECURITY_PATH} className={buttonVariants({ variant: "outline" })}>
                  Ya los he guardado
                </Link>
                {isAdmin ? (
                  <Link to="/admin" className={buttonVariants()}>
                    Ir al panel de administración
                  </Link>
                ) : null}
              </div>
            </div>
          </SettingsSection>
        ) : null}
        {required && !status.enabled ? (
          <p
            role="alert"
            className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900"
          >
            {TWO_FACTOR_MESSAGES.required} Hasta entonces el panel no se abrirá.
          </p>
        ) : null}
        <SettingsSection
          id="verificacion-dos-pasos-titulo"
          title="Verificación en dos pasos"
          description="Además de tu contraseña, al iniciar sesión te pediremos un código de 6 cifras de una aplicación de autenticación de tu teléfono (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…)."
        >
          {status.enabled ? (
            <EnabledState status={status} lastResult={resultFor} required={required} />
          ) : status.pending ? (
            <PendingState
              setup={status.pending}
              email={email}
              lastResult={resultFor(TWO_FACTOR_INTENTS.confirm)}
            />
          ) : (
            <div className="grid gap-4">
              <p className="text-sm text-slate-700">
                <span className="font-semibold text-slate-900">Estado: desactivada.</span> Escribe
                tu contraseña para empezar; después añadirás la cuenta a la aplicación y confirmarás
                con su primer código.
              </p>
              <EnableTwoFactorForm lastResult={resultFor(TWO_FACTOR_INTENTS.enable)} />
            </div>
          )}
        </SettingsSection>
      </div>
    </>
  );
}

function PendingState({
  setup,
  email,
  lastResult,
}: {
  setup: NonNullable<TwoFactorStatus["pending"]>;
  email: string;
  lastResult: Parameters<typeof ConfirmTwoFactorForm>[0]["lastResult"];
}) {
  return (
    <div className="grid gap-6">
      <ol className="grid list-decimal gap-6 pl-5 marker:font-semibold marker:text-slate-900">
        <li>
          <div className="grid gap-3">
            <p className="font-medium text-slate-900">
              Añade la cuenta a tu aplicación de autenticación
            </p>
            <p className="text-sm text-slate-700">
              En el teléfono, abre este enlace con la aplicación, o elige «Introducir una clave» en
              la aplicación y escribe la clave de abajo (cuenta: {email}, basada en el tiempo).
            </p>
            <p>
              <a href={setup.uri} className={buttonVariants({ variant: "outline" })}>
                Abrir en la aplicación de autenticación
              </a>
            </p>
            <div>
              <p className="text-sm font-medium text-slate-800">Clave para escribir a mano</p>
              <code className="mt-1 block break-words rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-base tracking-wider text-slate-900">
                {groupSecret(setup.secret)}
              </code>
            </div>
          </div>
        </li>
        <li>
          <div className="grid gap-3">
            <p className="font-medium text-slate-900">
              Escribe el código que muestra la aplicación
            </p>
            <ConfirmTwoFactorForm lastResult={lastResult} />
          </div>
        </li>
      </ol>
      <div className="border-t border-slate-200 pt-5">
        <CancelEnrolmentForm />
      </div>
    </div>
  );
}

function EnabledState({
  status,
  lastResult,
  required,
}: {
  status: TwoFactorStatus;
  lastResult: (intent: Intent) => Parameters<typeof EnableTwoFactorForm>[0]["lastResult"];
  required: boolean;
}) {
  const left = status.recoveryCodesLeft ?? 0;
  return (
    <div className="grid gap-6">
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-green-800">Estado: activada.</span>{" "}
        {left === 1
          ? "Te queda 1 código de recuperación sin usar."
          : `Te quedan ${left} códigos de recuperación sin usar.`}
      </p>
      <div className="grid gap-3 border-t border-slate-200 pt-5">
        <h3 className="font-medium text-slate-900">Códigos de recuperación</h3>
        <p className="text-sm text-slate-700">
          Genera códigos nuevos si has usado varios o crees que alguien los ha visto. Los anteriores
          dejarán de servir.
        </p>
        <RegenerateRecoveryCodesForm lastResult={lastResult(TWO_FACTOR_INTENTS.regenerate)} />
      </div>
      <div className="grid gap-3 border-t border-slate-200 pt-5">
        <h3 className="font-medium text-slate-900">Desactivar o cambiar de teléfono</h3>
        <p className="text-sm text-slate-700">
          Al desactivarla se borran la clave y los códigos de recuperación. Para usar otro teléfono,
          desactívala y vuelve a activarla.
          {required
            ? " Mientras esté desactivada no podrás entrar en el panel de administración."
            : null}
        </p>
        <DisableTwoFactorForm lastResult={lastResult(TWO_FACTOR_INTENTS.disable)} />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccountPageError title="No se pudo cargar la página de seguridad" error={error} />;
}
