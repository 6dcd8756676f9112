/*
 * The actions of an admin listing page (marketplace items, services), on the one form-action
 * pipeline: the dialog's save (without an id it creates, with one it updates) and a row's
 * Eliminar. Successes redirect back to the list with the spec §8 toast ("Éxito"); refusals
 * keep what was typed and toast what failed and why.
 */
import { z } from "zod";
import { formAction, INVALID_REQUEST_MESSAGE } from "~/lib/action.server";
import type { Result } from "~/lib/failure";
import { rowIdField, VIDEO_LIMIT_MESSAGE, VIDEO_LIMIT_TITLE } from "~/lib/form-fields";
import type { ToastInput } from "~/lib/toast";
import type { Actor } from "~/modules/activity/index.server";

export const successToast = (description: string): ToastInput => ({
  title: "Éxito",
  description,
});

/** A row button's refused request (a hand-made id): what failed, as a toast. */
export const invalidRowToast = (title: string) => (): ToastInput => ({
  title,
  description: INVALID_REQUEST_MESSAGE,
  variant: "destructive",
});

/** The "Límite Alcanzado" toast beside the field errors when a form lists too many videos. */
export function videoLimitToast(fieldErrors: Record<string, string[] | null>) {
  if (!fieldErrors.videoUrls?.includes(VIDEO_LIMIT_MESSAGE)) return undefined;
  return {
    title: VIDEO_LIMIT_TITLE,
    description: VIDEO_LIMIT_MESSAGE,
    variant: "destructive",
  } satisfies ToastInput;
}

/** A row's Eliminar button (after its confirmation), or any other button naming one row. */
export const rowSchema = z.object({ id: rowIdField });

/** The toasts of a listing page's save and delete. */
export interface ListingMessages {
  created: string;
  updated: string;
  deleted: string;
  createFailed: string;
  updateFailed: string;
  deleteFailed: string;
}

/**
 * The handlers of the dialog's save and the rows' delete, by intent, for `dispatchIntent`.
 * `back` is the list's URL (without the dialog's parameters), `actor` the signed-in admin.
 */
export function listingIntents<Input, Schema extends z.ZodType<Input & { id?: number }>>(options: {
  intents: { save: string; delete: string };
  schema: Schema;
  writes: {
    create: (input: Input, actor: Actor | null) => Promise<Result<{ id: number }>>;
    update: (id: number, input: Input, actor: Actor | null) => Promise<Result<{ id: number }>>;
    remove: (id: number, actor: Actor | null) => Promise<Result>;
  };
  messages: ListingMessages;
  back: string;
  actor: Actor | null;
}) {
  const { intents, schema, writes, messages, back, actor } = options;
  return {
    [intents.save]: (formData: FormData) =>
      formAction(formData, {
        schema,
        intent: intents.save,
        run: ({ id, ...input }: Input & { id?: number }) =>
          id === undefined
            ? writes.create(input as Input, actor)
            : writes.update(id, input as Input, actor),
        onSuccess: (_, { id }) => ({
          redirectTo: back,
          toast: successToast(id === undefined ? messages.created : messages.updated),
        }),
        failureTitle: ({ id }) =>
          id === undefined ? messages.createFailed : messages.updateFailed,
        invalidToast: videoLimitToast,
      }),
    [intents.delete]: (formData: FormData) =>
      formAction(formData, {
        schema: rowSchema,
        intent: intents.delete,
        run: ({ id }) => writes.remove(id, actor),
        onSuccess: () => ({ redirectTo: back, toast: successToast(messages.deleted) }),
        failureTitle: messages.deleteFailed,
        invalidToast: invalidRowToast(messages.deleteFailed),
      }),
  };
}
