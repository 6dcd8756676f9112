import type { FormEvent } from "react";

/** The Spanish messages of a native input's own checks (`required`, `type="email"`, …). */
export interface NativeValidityMessages {
  valueMissing?: string;
  typeMismatch?: string;
}

type Validated = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Props that give a field the browser checks itself (a form that must keep `required`, as it
 * works without JavaScript) Spanish messages in place of the browser's own language: the check
 * that failed sets its message when the form is sent, and any change clears it for the next try.
 */
export function nativeValidity(messages: NativeValidityMessages) {
  return {
    onInvalid(event: FormEvent<Validated>) {
      const field = event.currentTarget;
      field.setCustomValidity("");
      const failed = (Object.keys(messages) as (keyof NativeValidityMessages)[]).find(
        (check) => field.validity[check],
      );
      const message = failed ? messages[failed] : undefined;
      if (message) field.setCustomValidity(message);
    },
    onChange(event: FormEvent<Validated>) {
      event.currentTarget.setCustomValidity("");
    },
  };
}
