import { useId, type ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * An account's e-mail shown in a form that cannot change it: without a name, so it is never
 * submitted (the actions have no e-mail field either), with `hint` saying why. Read-only, or
 * `disabled` (then a dialog's first focus goes to the next field).
 */
export function FixedEmailField({
  id,
  email,
  hint,
  disabled = false,
}: {
  id: string;
  email: string;
  hint: ReactNode;
  disabled?: boolean;
}) {
  const hintId = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        Correo electrónico
      </label>
      <input
        id={id}
        type="email"
        value={email}
        readOnly={!disabled}
        disabled={disabled}
        aria-describedby={hintId}
        className={cn(
          "block w-full",
          disabled && "cursor-not-allowed",
          "rounded-md border border-slate-200 bg-slate-100 px-3 py-2 text-base text-slate-800",
        )}
      />
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
    </div>
  );
}
