import { useSubmitting } from "~/components/forms/use-submitting";
import type { SubmissionResult } from "@conform-to/react";
import { PenLine } from "~/components/icons/pen-line";
import { useState } from "react";
import { buttonVariants } from "~/components/ui/button";
import { lazyIsland } from "~/components/ui/lazy-island";
import { useHydrated } from "~/components/ui/use-hydrated";
import { REVIEW_INTENTS } from "../constants";

/*
 * The dialog and its form (Radix Dialog, Conform + zod) are not needed in the browser until
 * the button is used: an island, loaded on hover, focus or touch of the button.
 */
const WriteReviewDialog = lazyIsland(
  () => import("./write-review-dialog").then((m) => m.WriteReviewDialog),
  { popup: "dialog" },
);

/*
 * The server renders the form at once in the no-JavaScript panel, whose HTML the browser
 * hydrates without the form's code. (`import.meta.env.SSR` is a build-time constant, so the
 * browser build has no reference to the form here.)
 */
const ServerReviewForm = import.meta.env.SSR ? (await import("./review-form")).ReviewForm : null;

const TITLE = "Escribir una reseña";
const NO_JS_PANEL_CLASS = "mt-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6";
const DESCRIPTION = "Cuéntanos qué tal tu experiencia con la tienda.";

/**
 * "Escribir una reseña" for a signed-in user. With JavaScript the form sits in a dialog that
 * closes (and resets) once the review is published; without it, in a <details> panel.
 * `lastResult` is the action's reply when the last submission failed.
 */
export function WriteReview({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const hydrated = useHydrated();
  const busy = useSubmitting(REVIEW_INTENTS.create, { untilLoaded: true });
  const failed = lastResult !== null;

  const [open, setOpen] = useState(failed);
  const [formKey, setFormKey] = useState(0);
  // When a submission ends without an error reply, the action redirected: it was published.
  const [wasBusy, setWasBusy] = useState(busy);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (!busy && !failed) {
      setOpen(false);
      setFormKey((key) => key + 1);
    }
  }

  if (!hydrated) {
    return (
      <details open={failed} className="group">
        <summary
          className={buttonVariants({
            className: "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
          })}
        >
          <PenLine aria-hidden="true" />
          {TITLE}
        </summary>
        {ServerReviewForm ? (
          <div className={NO_JS_PANEL_CLASS}>
            <p className="mb-4 text-sm text-slate-600">{DESCRIPTION}</p>
            <ServerReviewForm lastResult={lastResult} busy={busy} />
          </div>
        ) : (
          // Hydration only (the browser then swaps in the dialog): keep the server's form as is.
          <div
            className={NO_JS_PANEL_CLASS}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: "" }}
          />
        )}
      </details>
    );
  }

  return (
    <WriteReviewDialog
      title={TITLE}
      description={DESCRIPTION}
      formKey={formKey}
      lastResult={lastResult}
      busy={busy}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className={buttonVariants()}>
          <PenLine aria-hidden="true" />
          {TITLE}
        </button>
      }
    />
  );
}
