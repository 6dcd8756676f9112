import type { LastResult } from "~/components/forms/schema-form";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import type { TwoFactorStatus } from "../two-factor.server";
import { SECURITY_PATH } from "../two-factor-paths";
import { TWO_FACTOR_INTENTS } from "../two-factor-schemas";
import { SettingsSection } from "./settings-forms";
import {
  CancelEnrolmentForm,
  ConfirmTwoFactorForm,
  DisableTwoFactorForm,
  groupSecret,
  RecoveryCodes,
  RegenerateRecoveryCodesForm,
} from "./two-factor-forms";

/* The parts of /perfil/seguridad: the codes shown once, an enrolment underway, a factor on. */

type TwoFactorIntent = (typeof TWO_FACTOR_INTENTS)[keyof typeof TWO_FACTOR_INTENTS];

export function RecoveryCodesSection({
  codes: recoveryCodes,
  isAdmin,
}: {
  codes: string[];
  isAdmin: boolean;
}) {
  return (
    <SettingsSection
      id="codigos-recuperacion-titulo"
      title="Guarda tus códigos de recuperación"
      description="Si pierdes el teléfono, cada uno de estos códigos te deja entrar una sola vez en lugar del código de la aplicación."
    >
      <div role="status" className="grid gap-4">
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Solo los verás ahora. Cópialos en un gestor de contraseñas o imprímelos y guárdalos en un
          lugar seguro: quien los tenga y conozca tu contraseña puede entrar en tu cuenta.
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
  );
}

export function PendingState({
  setup,
  email,
  lastResult,
}: {
  setup: NonNullable<TwoFactorStatus["pending"]>;
  email: string;
  lastResult: LastResult;
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

export function EnabledState({
  status,
  lastResult,
  required,
}: {
  status: TwoFactorStatus;
  lastResult: (intent: TwoFactorIntent) => LastResult;
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
