import { ArrowLeft } from "~/components/icons/arrow-left";
import { ArrowRight } from "~/components/icons/arrow-right";
import { ImagePlus } from "~/components/icons/image-plus";
import { TriangleAlert } from "~/components/icons/triangle-alert";
import { X } from "~/components/icons/x";
import { useEffect, useId, useRef, useState } from "react";
import { FieldErrors } from "~/components/forms/field";
import { buttonVariants } from "~/components/ui/button";
import { showToast } from "~/components/ui/toaster";
import { LIMITS } from "~/lib/constants";
import { IMAGE_KEY_PATTERN, imageUrl } from "~/lib/image-url";
import { cn } from "~/lib/utils";
import {
  IMAGE_MESSAGES,
  IMAGE_UPLOAD_FIELD,
  IMAGE_UPLOAD_PATH,
  SERVICE_IMAGE_TITLES,
} from "../schemas";

/*
 * The images of a product, marketplace item or service (spec §4, §5, §8): pick several files,
 * each checked here first (count, size, type — the server checks again by content), uploaded
 * on its own to POST /admin/imagenes with its progress shown (0 → 100, −1 when it failed);
 * thumbnails that can be removed and moved earlier/later with the keyboard; one hidden input
 * `name` per uploaded key, in order, so the surrounding form posts the list (the first image
 * is the main one). While any upload runs `onBusyChange(true)` lets the form disable saving.
 *
 * To show another item's images, remount it (`key`): `defaultKeys` is read once.
 */

export type ImageFieldVariant = "default" | "service";

type WarningKind = "tooMany" | "tooLarge" | "invalidType" | "uploadFailed";

interface ImageItem {
  /** React key: the image key for stored images, a local id for uploads. */
  id: string;
  /** Storage key once uploaded. */
  key: string | null;
  /** The file's name (uploads) — shown in messages. */
  fileName: string | null;
  /** Object URL of the picked file, shown while it uploads. */
  preview: string | null;
  /** 0–100 while uploading, 100 when stored, −1 when the upload failed (spec §4). */
  progress: number;
  /** Why the upload failed. */
  error: string | null;
}

const ACCEPT = LIMITS.imageMimeTypes.join(",");

class UploadError extends Error {}

/** Sends one file with XMLHttpRequest (fetch has no upload progress); resolves to its key. */
function sendImage(file: File, onProgress: (percent: number) => void) {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<string>((resolve, reject) => {
    xhr.open("POST", IMAGE_UPLOAD_PATH);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      // 100 only once the server has stored it: the re-encoding happens after the transfer.
      if (event.lengthComputable) onProgress(Math.min(99, (event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as { key?: unknown; message?: unknown } | null;
      // The admin guard redirects an expired session to /login (or a demoted admin to /).
      const landedOn = xhr.responseURL ? new URL(xhr.responseURL).pathname : IMAGE_UPLOAD_PATH;
      if (landedOn !== IMAGE_UPLOAD_PATH) {
        reject(new UploadError(IMAGE_MESSAGES.sessionExpired));
      } else if (
        xhr.status === 200 &&
        typeof body?.key === "string" &&
        IMAGE_KEY_PATTERN.test(body.key)
      ) {
        resolve(body.key);
      } else {
        reject(
          new UploadError(
            typeof body?.message === "string" ? body.message : IMAGE_MESSAGES.serverError,
          ),
        );
      }
    };
    xhr.onerror = () => reject(new UploadError(IMAGE_MESSAGES.network));
    xhr.onabort = () => reject(new UploadError("abort"));
    const form = new FormData();
    form.append(IMAGE_UPLOAD_FIELD, file);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

let localIds = 0;

export function ImageField({
  name,
  defaultKeys = [],
  onBusyChange,
  variant = "default",
  label = "Imágenes",
  errors,
  max = LIMITS.maxImages,
}: {
  /** The form field: one hidden input of this name per image key. */
  name: string;
  /** The item's current images, in order. Read once (remount to reset). */
  defaultKeys?: readonly string[];
  /** Called with true while any upload runs (the form disables saving) and false after. */
  onBusyChange?: (busy: boolean) => void;
  /** "service": the service form's toast titles (spec §5, §8). */
  variant?: ImageFieldVariant;
  label?: string;
  /** The field's errors from the form (e.g. Conform's `fields.imageKeys.errors`). */
  errors?: string[];
  /** How many images the field holds (the site logo: 1). */
  max?: number;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [items, setItems] = useState<ImageItem[]>(() =>
    defaultKeys.map((key) => ({
      id: key,
      key,
      fileName: null,
      preview: null,
      progress: 100,
      error: null,
    })),
  );
  const [warnings, setWarnings] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState("");

  const inputRef = useRef<HTMLInputElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pendingFocus = useRef<string | null>(null);
  const queue = useRef<{ id: string; file: File }[]>([]);
  const running = useRef(new Map<string, () => void>());
  const previews = useRef(new Set<string>());
  const mounted = useRef(true);

  // Unmount: stop the uploads, free the previews.
  useEffect(() => {
    mounted.current = true;
    const uploads = running.current;
    const urls = previews.current;
    return () => {
      mounted.current = false;
      queue.current = [];
      for (const abort of uploads.values()) abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  // Files picked before the page's JavaScript ran (no change handler yet): take them now.
  useEffect(() => {
    const input = inputRef.current;
    if (!input?.files?.length) return;
    const files = Array.from(input.files);
    input.value = "";
    addFiles(files);
    // Only once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const busy = items.some((item) => item.progress >= 0 && item.progress < 100);
  const reportedBusy = useRef(false);
  useEffect(() => {
    if (reportedBusy.current === busy) return;
    reportedBusy.current = busy;
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  // Keyboard users keep their place after moving or removing an image.
  useEffect(() => {
    if (!pendingFocus.current) return;
    const target = buttons.current.get(pendingFocus.current);
    pendingFocus.current = null;
    if (target && !target.disabled) target.focus();
    else inputRef.current?.focus();
  });

  function toast(kind: WarningKind, messages: string[]) {
    if (messages.length === 0) return;
    const [first, ...rest] = messages;
    showToast(
      variant === "service"
        ? {
            title: SERVICE_IMAGE_TITLES[kind],
            description: messages.join(" "),
            variant: "destructive",
          }
        : {
            title: first!,
            description: rest.length ? rest.join(" ") : undefined,
            variant: "destructive",
          },
    );
  }

  function update(id: string, patch: Partial<ImageItem>) {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }

  function forgetPreview(url: string | null) {
    if (!url) return;
    URL.revokeObjectURL(url);
    previews.current.delete(url);
  }

  function pump() {
    while (running.current.size < LIMITS.parallelImageUploads && queue.current.length > 0) {
      const { id, file } = queue.current.shift()!;
      const { promise, abort } = sendImage(file, (percent) =>
        update(id, { progress: Math.round(percent) }),
      );
      running.current.set(id, abort);
      promise.then(
        (key) => {
          running.current.delete(id);
          if (!mounted.current) return;
          update(id, { key, progress: 100 });
          setAnnouncement(`Imagen "${file.name}" subida.`);
          pump();
        },
        (error: unknown) => {
          running.current.delete(id);
          if (!mounted.current) return;
          const reason = error instanceof Error ? error.message : IMAGE_MESSAGES.serverError;
          if (reason === "abort") {
            // Removed by the admin (the item is gone already), or stopped: never left "uploading".
            update(id, { progress: -1, error: "Subida cancelada." });
            pump();
            return;
          }
          const message = IMAGE_MESSAGES.uploadFailed(file.name, reason);
          update(id, { progress: -1, error: reason });
          setAnnouncement(message);
          toast("uploadFailed", [message]);
          pump();
        },
      );
    }
  }

  function addFiles(files: File[]) {
    const byKind: Record<WarningKind, string[]> = {
      tooMany: [],
      tooLarge: [],
      invalidType: [],
      uploadFailed: [],
    };
    const valid: File[] = [];
    for (const file of files) {
      if (!(LIMITS.imageMimeTypes as readonly string[]).includes(file.type)) {
        byKind.invalidType.push(IMAGE_MESSAGES.invalidType(file.name));
      } else if (file.size > LIMITS.maxImageBytes) {
        byKind.tooLarge.push(IMAGE_MESSAGES.tooLarge(file.name));
      } else {
        valid.push(file);
      }
    }
    const taken = items.filter((item) => item.progress !== -1).length;
    const room = Math.max(0, max - taken);
    if (valid.length > room) {
      byKind.tooMany.push(
        max === LIMITS.maxImages
          ? IMAGE_MESSAGES.tooMany
          : `Solo puedes tener hasta ${max} imagen${max === 1 ? "" : "es"}.`,
      );
    }
    const accepted = valid.slice(0, room);

    const kinds = (["tooMany", "tooLarge", "invalidType"] as const).filter(
      (kind) => byKind[kind].length > 0,
    );
    const allWarnings = kinds.flatMap((kind) => byKind[kind]);
    setWarnings(allWarnings);
    if (kinds.length > 0) toast(kinds[0]!, allWarnings);

    if (accepted.length === 0) return;
    const added: ImageItem[] = accepted.map((file) => {
      const id = `subida-${(localIds += 1)}`;
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      queue.current.push({ id, file });
      return { id, key: null, fileName: file.name, preview, progress: 0, error: null };
    });
    setItems((current) => [...current.filter((item) => item.progress !== -1), ...added]);
    setAnnouncement(
      accepted.length === 1
        ? `Subiendo "${accepted[0]!.name}"…`
        : `Subiendo ${accepted.length} imágenes…`,
    );
    pump();
  }

  function move(index: number, offset: -1 | 1) {
    const target = index + offset;
    if (target < 0 || target >= items.length) return;
    const next = [...items];
    const [moved] = next.splice(index, 1);
    next.splice(target, 0, moved!);
    setItems(next);
    // Focus stays on the arrow just used, or on the other one once that end is reached.
    const atEnd = target === 0 || target === items.length - 1;
    const used = offset < 0 ? "earlier" : "later";
    const other = offset < 0 ? "later" : "earlier";
    pendingFocus.current = `${moved!.id}:${atEnd ? other : used}`;
    setAnnouncement(`Imagen movida a la posición ${target + 1} de ${items.length}.`);
  }

  function remove(index: number) {
    const item = items[index]!;
    running.current.get(item.id)?.();
    running.current.delete(item.id);
    queue.current = queue.current.filter((entry) => entry.id !== item.id);
    forgetPreview(item.preview);
    const next = items.filter((_, i) => i !== index);
    setItems(next);
    const neighbour = next[index] ?? next[index - 1];
    pendingFocus.current = neighbour ? `${neighbour.id}:remove` : null;
    if (!neighbour) requestAnimationFrame(() => inputRef.current?.focus());
    setAnnouncement(`Imagen ${index + 1} quitada.`);
    pump();
  }

  const count = items.filter((item) => item.progress !== -1).length;
  const full = count >= max;
  const hasErrors = Boolean(errors?.length);
  const describedBy = cn(hintId, hasErrors && errorId);

  return (
    <fieldset className="min-w-0" aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{label}</legend>
      <p id={hintId} className="text-sm text-slate-600">
        {count} de {max} · JPG, PNG, WebP o GIF de hasta {LIMITS.maxImageBytes / (1024 * 1024)} MB.
        {max > 1 ? " La primera es la principal." : null}
      </p>

      {items.length > 0 ? (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
          {items.map((item, index) => {
            const position = index + 1;
            const failed = item.progress === -1;
            const uploading = !failed && item.progress < 100;
            // A failed file may not even be a picture: no preview for it.
            const src = item.key ? imageUrl(item.key, 320) : failed ? null : item.preview;
            const title = item.fileName ? `"${item.fileName}"` : String(position);
            return (
              <li
                key={item.id}
                className={cn(
                  "flex flex-col overflow-hidden rounded-lg border bg-white",
                  failed ? "border-red-300" : "border-slate-200",
                )}
              >
                <div className="relative aspect-square bg-slate-100">
                  {src ? (
                    <img
                      src={src}
                      alt={`Imagen ${position}${index === 0 ? " (principal)" : ""}`}
                      className={cn(
                        "size-full object-cover",
                        (uploading || failed) && "opacity-50",
                      )}
                    />
                  ) : null}
                  {index === 0 && !failed ? (
                    <span className="absolute top-1.5 left-1.5 rounded bg-slate-900/80 px-1.5 py-0.5 text-xs font-medium text-white">
                      Principal
                    </span>
                  ) : null}
                  {uploading ? (
                    <div className="absolute inset-x-2 bottom-2 rounded bg-white/90 p-1.5">
                      <div
                        role="progressbar"
                        aria-label={`Subiendo ${title}`}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={item.progress}
                        className="h-1.5 overflow-hidden rounded-full bg-slate-200"
                      >
                        <div
                          className="h-full rounded-full bg-brand-600 transition-[width]"
                          style={{ width: `${item.progress}%` }}
                        />
                      </div>
                      <p className="mt-1 text-center text-xs text-slate-700">{item.progress} %</p>
                    </div>
                  ) : null}
                  {failed ? (
                    <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 p-2 text-center text-xs font-medium text-red-800">
                      <TriangleAlert aria-hidden className="size-5" />
                      No se pudo subir
                    </div>
                  ) : null}
                </div>
                {failed ? (
                  <p className="px-2 pt-1.5 text-xs break-words text-red-800">
                    {IMAGE_MESSAGES.uploadFailed(
                      item.fileName ?? String(position),
                      item.error ?? "",
                    )}
                  </p>
                ) : null}
                <div className="mt-auto flex items-center justify-between gap-1 p-1.5">
                  {failed ? (
                    <span />
                  ) : (
                    <div className="flex gap-1">
                      <button
                        type="button"
                        ref={(node) => {
                          if (node) buttons.current.set(`${item.id}:earlier`, node);
                          else buttons.current.delete(`${item.id}:earlier`);
                        }}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                        aria-label={`Mover imagen ${position} antes`}
                        className={buttonVariants({
                          variant: "ghost",
                          size: "icon",
                          className: "size-9",
                        })}
                      >
                        <ArrowLeft aria-hidden />
                      </button>
                      <button
                        type="button"
                        ref={(node) => {
                          if (node) buttons.current.set(`${item.id}:later`, node);
                          else buttons.current.delete(`${item.id}:later`);
                        }}
                        disabled={index === items.length - 1}
                        onClick={() => move(index, 1)}
                        aria-label={`Mover imagen ${position} después`}
                        className={buttonVariants({
                          variant: "ghost",
                          size: "icon",
                          className: "size-9",
                        })}
                      >
                        <ArrowRight aria-hidden />
                      </button>
                    </div>
                  )}
                  <button
                    type="button"
                    ref={(node) => {
                      if (node) buttons.current.set(`${item.id}:remove`, node);
                      else buttons.current.delete(`${item.id}:remove`);
                    }}
                    onClick={() => remove(index)}
                    aria-label={`Quitar imagen ${position}`}
                    className={buttonVariants({
                      variant: "ghost",
                      size: "icon",
                      className: "size-9 text-red-700 hover:bg-red-50 hover:text-red-800",
                    })}
                  >
                    <X aria-hidden />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}

      <label
        className={cn(
          buttonVariants({ variant: "outline", className: "mt-3 cursor-pointer" }),
          "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600",
          full && "cursor-not-allowed opacity-50",
        )}
      >
        <ImagePlus aria-hidden />
        {max > 1 ? "Añadir imágenes" : "Subir imagen"}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple={max > 1}
          accept={ACCEPT}
          disabled={full}
          aria-describedby={describedBy}
          aria-invalid={hasErrors || undefined}
          className="sr-only"
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = "";
            if (files.length > 0) addFiles(files);
          }}
        />
      </label>

      {warnings.length > 0 ? (
        <ul className="mt-2 space-y-0.5 text-sm text-amber-800">
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
      <p role="status" className="sr-only">
        {announcement}
      </p>

      {items.map((item) =>
        item.key && item.progress === 100 ? (
          <input key={item.id} type="hidden" name={name} value={item.key} />
        ) : null,
      )}
    </fieldset>
  );
}
