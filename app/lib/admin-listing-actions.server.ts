/*
 * The add/edit and delete steps of an admin page whose rows are saved through a dialog form
 * with images and videos (marketplace items, services): parse with the form's schema, one
 * domain call, then a redirect with the spec §8 success toast or the errors with a status.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { rowIdField, VIDEO_LIMIT_MESSAGE, VIDEO_LIMIT_TITLE } from "~/lib/form-fields";
import type { Result } from "~/lib/failure";
import type { ToastInput } from "~/lib/toast";
import type { Actor } from "~/modules/activity/activity.server";
import { redirectWithToast } from "~/lib/toast.server";

export const successToast = (description: string): ToastInput => ({
  title: "Éxito",
  description,
});
export const failureToast = (description: string): ToastInput => ({
  title: "Error",
  description,
  variant: "destructive",
});

type SaveResult = Result<{ id: number }>;

/** The toasts and the form message of a save. */
export interface SaveMessages {
  created: string;
  updated: string;
  createFailed: string;
  updateFailed: string;
  gone: string;
}

/**
 * The dialog's save: without an id it creates, with one it updates. A refused submission comes
 * back with its errors (and the video-limit toast when that is the problem), nothing typed lost.
 */
export async function saveFromForm<Schema extends z.ZodType<{ id?: number | undefined }>>(
  formData: FormData,
  back: string,
  options: {
    schema: Schema;
    create: (input: Omit<z.output<Schema>, "id">, actor: Actor | null) => Promise<SaveResult>;
    update: (
      id: number,
      input: Omit<z.output<Schema>, "id">,
      actor: Actor | null,
    ) => Promise<SaveResult>;
    messages: SaveMessages;
    /** The signed-in admin, for the activity log. */
    actor: Actor | null;
  },
) {
  const { schema, create, update, messages, actor } = options;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const overLimit = submission.error?.videoUrls?.includes(VIDEO_LIMIT_MESSAGE) ?? false;
    return data(
      {
        result: submission.reply(),
        toast: overLimit
          ? ({
              title: VIDEO_LIMIT_TITLE,
              description: VIDEO_LIMIT_MESSAGE,
              variant: "destructive",
            } satisfies ToastInput)
          : undefined,
      },
      { status: 400 },
    );
  }
  const { id, ...input } = submission.value;
  const saved = id === undefined ? await create(input, actor) : await update(id, input, actor);
  if (!saved.ok) {
    const message = id === undefined ? messages.createFailed : messages.updateFailed;
    return saved.kind === "not_found"
      ? data(
          {
            result: submission.reply({ formErrors: [messages.gone] }),
            toast: failureToast(message),
          },
          { status: 404 },
        )
      : data(
          {
            result: submission.reply({ fieldErrors: saved.fieldErrors ?? {} }),
            toast: failureToast(message),
          },
          { status: 400 },
        );
  }
  return redirectWithToast(
    back,
    successToast(id === undefined ? messages.created : messages.updated),
  );
}

/** A row's Eliminar button (after its confirmation). */
export const deleteRowSchema = z.object({ id: rowIdField });

/** The row's delete: 400 for a bad id, 404 when the row is already gone. */
export async function deleteFromForm(
  formData: FormData,
  back: string,
  options: {
    remove: (id: number, actor: Actor | null) => Promise<boolean>;
    messages: { deleted: string; deleteFailed: string };
    /** The signed-in admin, for the activity log. */
    actor: Actor | null;
  },
) {
  const { remove, messages, actor } = options;
  const parsed = deleteRowSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return data({ toast: failureToast(messages.deleteFailed) }, { status: 400 });
  }
  if (!(await remove(parsed.data.id, actor))) {
    return data({ toast: failureToast(messages.deleteFailed) }, { status: 404 });
  }
  return redirectWithToast(back, successToast(messages.deleted));
}
