import { useEffect, useRef } from "react";

const loaded = new WeakMap<() => Promise<unknown>, unknown>();

/**
 * A form's checks, downloaded the first time the visitor focuses or touches the form rather
 * than with the page (ADR 0007): a visitor who only looks never downloads zod. Put `load` on
 * the form's `onFocus` and `onPointerDown`. A field left before the checks arrive is handed to
 * `later`; once they are there `onLoaded` gets the form and those fields to check. Until then
 * the server checks. `loadValidator` must be a module-level function (it keys the cache).
 */
export function useDeferredValidator<Validate>(
  loadValidator: () => Promise<Validate>,
  onLoaded: (validate: Validate, form: HTMLFormElement, names: ReadonlySet<string>) => void,
) {
  const validate = useRef(loaded.get(loadValidator) as Validate | undefined);
  const requested = useRef(false);
  const live = useRef(true);
  const waiting = useRef<{ form: HTMLFormElement; names: Set<string> } | null>(null);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  function load() {
    if (validate.current || requested.current) return;
    requested.current = true;
    loadValidator().then(
      (validator) => {
        loaded.set(loadValidator, validator);
        if (!live.current) return;
        validate.current = validator;
        const pending = waiting.current;
        waiting.current = null;
        if (pending?.form.isConnected) onLoadedRef.current(validator, pending.form, pending.names);
      },
      () => {
        requested.current = false; // the server checks anyway; try again on the next focus
      },
    );
  }

  function later(form: HTMLFormElement, name: string) {
    waiting.current ??= { form, names: new Set() };
    waiting.current.names.add(name);
  }

  return { validate, load, later };
}
