import type { SubmissionResult } from "@conform-to/react";
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { useDeferredValidator } from "./deferred-validator";

/*
 * A form of the shop's pages without Conform's runtime and without zod in the first load
 * (ADR 0007). It gives the same metadata as Conform's `useForm` (so `getFormProps`,
 * `getInputProps`, `TextField` and `CheckboxField` work unchanged) and behaves the same way:
 * the action's reply (Conform's `submission.reply()`) fills the values and the errors, a field is
 * checked on blur and, once checked, while typing, and a submit with errors is stopped with the
 * focus on the first wrong field. The route's loader sends the schema's constraint
 * (`getZodConstraint`, computed on the server) for the HTML attributes; the schema itself and
 * `parseWithZod` load when the visitor first focuses or touches the form. Until they are there
 * the server checks.
 */

type Errors = Record<string, string[] | undefined>;
type Found = Record<string, string[] | null | undefined>;
type Validate = (formData: FormData) => Found | null;
type Constraint = Record<
  string,
  {
    required?: boolean;
    minLength?: number;
    maxLength?: number;
    min?: string | number;
    max?: string | number;
    step?: string | number;
    multiple?: boolean;
    pattern?: string;
  }
>;

/** One validator loader per schema loader, so the deferred validator's cache can key on it. */
const zodValidators = new WeakMap<() => Promise<z.ZodType>, () => Promise<Validate>>();
function zodValidatorOf(loadSchema: () => Promise<z.ZodType>): () => Promise<Validate> {
  let loader = zodValidators.get(loadSchema);
  if (!loader) {
    loader = () =>
      Promise.all([import("@conform-to/zod/v4"), loadSchema()]).then(
        ([{ parseWithZod }, schema]): Validate =>
          (formData) => {
            const submission = parseWithZod(formData, { schema });
            return submission.status === "success" ? null : (submission.error ?? {});
          },
      );
    zodValidators.set(loadSchema, loader);
  }
  return loader;
}

const present = (messages: string[] | null | undefined) =>
  messages?.length ? messages : undefined;

function errorsOf(result: { error?: Found | null } | null | undefined): Errors {
  const errors: Errors = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) {
    errors[name] = present(messages);
  }
  return errors;
}

export function useLightForm<Schema extends z.ZodType>({
  lastResult,
  constraint,
  defaultValue,
  loadSchema,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  constraint: Constraint;
  defaultValue?: Record<string, string>;
  loadSchema: () => Promise<Schema>;
}) {
  type Fields = Extract<keyof z.input<Schema>, string>;
  const formId = useId();
  const [errors, setErrors] = useState<Errors>(() => errorsOf(lastResult));
  const validated = useRef(new Set<string>(Object.keys(lastResult?.error ?? {})));
  const { validate, load, later } = useDeferredValidator(
    zodValidatorOf(loadSchema),
    (validator, form, names) => {
      const found = validator(new FormData(form));
      setErrors((current) => {
        const next = { ...current };
        for (const name of names) next[name] = present(found?.[name]);
        return next;
      });
    },
  );
  // A new reply from the action replaces what the browser had found.
  const [reply, setReply] = useState(lastResult);
  if (lastResult && reply !== lastResult) {
    setReply(lastResult);
    setErrors(errorsOf(lastResult));
  }

  const initialValue = (name: string): unknown =>
    lastResult?.initialValue ? lastResult.initialValue[name] : defaultValue?.[name];

  // The inputs whose value differs from the reply's (a hidden password) take the reply's value.
  useLayoutEffect(() => {
    if (!lastResult?.initialValue) return;
    const form = document.forms.namedItem(formId);
    if (!form) return;
    for (const name of Object.keys(constraint)) {
      const element = form.elements.namedItem(name);
      const expected = lastResult.initialValue[name];
      if (element instanceof HTMLSelectElement) {
        element.value = typeof expected === "string" ? expected : "";
        continue;
      }
      if (!(element instanceof HTMLInputElement) || element.type === "hidden") continue;
      if (element.type === "checkbox") element.checked = expected === element.value;
      else element.value = typeof expected === "string" ? expected : "";
    }
  }, [lastResult, constraint, formId]);

  function check(form: HTMLFormElement, name: string) {
    if (!(name in constraint)) return;
    validated.current.add(name);
    if (!validate.current) {
      later(form, name);
      return;
    }
    const found = validate.current(new FormData(form));
    setErrors((current) => ({ ...current, [name]: present(found?.[name]), "": undefined }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!validate.current) return;
    const found = validate.current(new FormData(event.currentTarget));
    for (const name of Object.keys(constraint)) validated.current.add(name);
    if (!found) {
      setErrors({});
      return;
    }
    event.preventDefault();
    setErrors(errorsOf({ error: found }));
    const first = Array.from(event.currentTarget.elements).find(
      (element): element is HTMLElement =>
        element instanceof HTMLElement &&
        "name" in element &&
        Boolean(present(found[(element as HTMLInputElement).name])),
    );
    first?.focus();
  }

  const formErrors = errors[""];
  const form = {
    id: formId,
    errorId: `${formId}-error`,
    errors: formErrors,
    /** What Conform's `getFormProps` gives, plus the checks on blur and while typing. */
    props: {
      id: formId,
      noValidate: true,
      "aria-describedby": formErrors ? `${formId}-error` : undefined,
      onSubmit,
      onFocus: load,
      onPointerDown: load,
      onBlur(event: FormEvent<HTMLFormElement>) {
        const { name } = event.target as EventTarget & { name?: string };
        if (name) check(event.currentTarget, name);
      },
      onInput(event: FormEvent<HTMLFormElement>) {
        const { name } = event.target as EventTarget & { name?: string };
        if (name && validated.current.has(name)) check(event.currentTarget, name);
      },
    },
  };

  const fields = {} as Record<
    Fields,
    Constraint[string] & {
      id: string;
      name: Fields;
      formId: string;
      errorId: string;
      descriptionId: string;
      errors: string[] | undefined;
      valid: boolean;
      initialValue: string | undefined;
    }
  >;
  for (const name of Object.keys(constraint) as Fields[]) {
    const id = `${formId}-field-${name}`;
    const value = initialValue(name);
    fields[name] = {
      ...constraint[name],
      id,
      name,
      formId,
      errorId: `${id}-error`,
      descriptionId: `${id}-description`,
      errors: errors[name],
      valid: !errors[name],
      initialValue: typeof value === "string" ? value : undefined,
    };
  }
  return [form, fields] as const;
}
