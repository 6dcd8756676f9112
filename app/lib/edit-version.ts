/*
 * Edit forms carry the version of the row they show: a counter every update of the row raises
 * (`editVersion` in db/schema/columns.ts). A save from
 * a form opened before the row changed (a sale took stock, an order reserved or sold an item,
 * another admin saved) is refused, so a form left open never undoes what happened meanwhile.
 * The refused form keeps what was typed and, once the page reloads its data, the new version:
 * saving again is a choice made knowing of the change. Browser-safe.
 */
import type { ShouldRevalidateFunction } from "react-router";
import { z } from "zod";
import { conflict, type Failure } from "./failure";

/** A row's version as its edit form carries it. */
export const versionOf = (version: number) => String(version);

/** The hidden `version` input: absent when adding (and from a page older than this field). */
export const versionField = z.string().max(40).optional();

/** How a listing names a change made while its form was open. */
export interface StaleEditMessages<V> {
  /** Said above the form when the row changed. */
  changed: string;
  /** A field the shop changes by itself (stock, «Vendido»): its current value, said on it. */
  watched?: { field: string; message: (saved: V) => string };
}

/**
 * The refusal of a save whose form was opened before the row's last change, or null when the
 * form is current: `changed` above the form and, when the row's watched value is not what the
 * form would write, its current value on that field (the one a second save would overwrite).
 */
export function staleEdit<V>(
  saved: { version: number; watched?: V },
  form: { version: string | undefined; watched?: V },
  messages: StaleEditMessages<V>,
): Failure | null {
  if (form.version === undefined || form.version === versionOf(saved.version)) return null;
  const failure = conflict(messages.changed);
  const { watched } = messages;
  if (!watched || saved.watched === form.watched) return failure;
  // "" is the form's own entry among Conform's errors: both messages show.
  const fieldErrors = {
    "": [messages.changed],
    [watched.field]: [watched.message(saved.watched as V)],
  };
  return { ...failure, fieldErrors };
}

/**
 * The `shouldRevalidate` of a page with an edit form: React Router reloads no data after an
 * action answered 4xx, but after a refused stale save (409) the form must carry the row's new
 * version, or saving again would be refused again. The typed values stay: the inputs keep them.
 */
export const revalidateAfterConflict: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => actionStatus === 409 || defaultShouldRevalidate;
