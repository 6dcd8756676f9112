import { parse, type Submission } from "@conform-to/react";
import { useCallback, useEffect, useRef } from "react";
import type { z } from "zod";

/*
 * Client-side checks of a Conform form without zod in the page's first load (ADR 0007). The
 * route's loader sends the schema's constraint (`getZodConstraint`, computed on the server) for
 * the HTML attributes, and the schema with `parseWithZod` loads right after hydration. Until it is
 * there every check passes and the server, which parses with the same schema, answers.
 */

type Validate<Schema extends z.ZodType> = (
  formData: FormData,
) => Submission<z.input<Schema>, string[], z.output<Schema>>;

const loaded = new WeakMap<() => Promise<z.ZodType>, Validate<z.ZodType>>();

/** `loadSchema` must be a module-level function (it keys the cache of loaded validators). */
export function useLazyValidation<Schema extends z.ZodType>(loadSchema: () => Promise<Schema>) {
  const validate = useRef<Validate<Schema> | undefined>(
    loaded.get(loadSchema) as Validate<Schema> | undefined,
  );
  useEffect(() => {
    if (validate.current) return;
    let live = true;
    Promise.all([import("@conform-to/zod/v4"), loadSchema()]).then(
      ([{ parseWithZod }, schema]) => {
        const validator: Validate<Schema> = (formData) =>
          parseWithZod(formData, { schema }) as ReturnType<Validate<Schema>>;
        loaded.set(loadSchema, validator as Validate<z.ZodType>);
        if (live) validate.current = validator;
      },
      () => {}, // the server checks anyway
    );
    return () => {
      live = false;
    };
  }, [loadSchema]);

  return useCallback(
    ({ formData }: { formData: FormData }) =>
      validate.current?.(formData) ??
      (parse(formData, {
        resolve: (value) => ({ value: value as z.output<Schema> }),
      }) as ReturnType<Validate<Schema>>),
    [],
  );
}
