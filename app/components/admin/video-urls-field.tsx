import type { FieldMetadata } from "@conform-to/react";
import { Plus } from "~/components/icons/plus";
import { X } from "~/components/icons/x";
import { useRef, useState } from "react";
import { FieldErrors } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { inputClassName } from "~/components/ui/input";
import { showToast } from "~/components/ui/toaster";
import { useHydrated } from "~/components/ui/use-hydrated";
import { LIMITS } from "~/lib/constants";
import { VIDEO_LIMIT_MESSAGE, VIDEO_LIMIT_TITLE } from "~/lib/form-fields";

type Field<Schema> = FieldMetadata<Schema, Record<string, unknown>, string[]>;

function initialUrls(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  const urls = list.filter((url): url is string => typeof url === "string");
  return urls.length > 0 ? urls.slice(0, LIMITS.maxVideoUrls) : [""];
}

/**
 * The video addresses of a marketplace item or a service (spec §5): one input per address
 * (`{name}[0]`, `{name}[1]`…), added with a button up to LIMITS.maxVideoUrls; one more is
 * refused with the "Límite Alcanzado" toast. Empty inputs are dropped by the schema
 * (`videoUrlsField`), which also refuses more addresses on the server.
 */
export function VideoUrlsField<Schema>({ field }: { field: Field<Schema> }) {
  const hydrated = useHydrated();
  const nextKey = useRef(0);
  const [entries, setEntries] = useState(() =>
    initialUrls(field.initialValue).map((url) => ({ key: nextKey.current++, url })),
  );
  const atLimit = entries.length >= LIMITS.maxVideoUrls;

  return (
    <fieldset aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">URLs de vídeo</legend>
      <p className="mb-2 text-sm text-slate-600">
        Hasta {LIMITS.maxVideoUrls} direcciones (http o https). Las vacías no se guardan.
      </p>
      <ul className="space-y-2">
        {entries.map((entry, index) => {
          const name = `${field.name}[${index}]`;
          const id = `${field.id}-${entry.key}`;
          const errors = field.allErrors[name];
          const errorId = `${id}-error`;
          return (
            <li key={entry.key}>
              <label htmlFor={id} className="sr-only">
                {`URL de vídeo ${index + 1}`}
              </label>
              <div className="flex gap-2">
                <input
                  id={id}
                  name={name}
                  type="url"
                  inputMode="url"
                  defaultValue={entry.url}
                  placeholder="https://"
                  aria-invalid={errors?.length ? true : undefined}
                  aria-describedby={errors?.length ? errorId : undefined}
                  className={inputClassName}
                />
                {hydrated ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Quitar la URL de vídeo ${index + 1}`}
                    onClick={() => setEntries((list) => list.filter((e) => e.key !== entry.key))}
                  >
                    <X aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
              <FieldErrors id={errorId} errors={errors} />
            </li>
          );
        })}
      </ul>
      {hydrated ? (
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          onClick={() => {
            if (atLimit) {
              showToast({
                title: VIDEO_LIMIT_TITLE,
                description: VIDEO_LIMIT_MESSAGE,
                variant: "destructive",
              });
              return;
            }
            setEntries((list) => [...list, { key: nextKey.current++, url: "" }]);
          }}
        >
          <Plus aria-hidden="true" />
          Añadir URL de vídeo
          <span className="text-slate-500">{`(${entries.length}/${LIMITS.maxVideoUrls})`}</span>
        </Button>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
