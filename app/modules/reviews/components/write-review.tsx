import type { SubmissionResult } from "@conform-to/react";
import { PenLine } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useNavigation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { useHydrated } from "~/components/ui/use-hydrated";
import { REVIEW_INTENTS } from "../constants";

/*
 * The form (Conform + zod) is not needed in the browser until the dialog opens, so it is a
 * chunk of its own, loaded then (or a moment earlier: on hover, focus or touch of the button).
 * The server renders it at once in the no-JavaScript panel, whose HTML the browser hydrates
 * without the form's code. (`import.meta.env.SSR` is a build-time constant: the browser build
 * keeps only the lazy import.)
 */
const loadReviewForm = () => import("./review-form");
const ServerReviewForm = import.meta.env.SSR ? (await loadReviewForm()).ReviewForm : null;
const ReviewForm = lazy(() => loadReviewForm().then((module) => ({ default: module.ReviewForm })));
function preloadReviewForm() {
  void loadReviewForm();
}

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
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("intent") === REVIEW_INTENTS.create;
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
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        className={buttonVariants()}
        onPointerEnter={preloadReviewForm}
        onFocus={preloadReviewForm}
        onTouchStart={preloadReviewForm}
      >
        <PenLine aria-hidden="true" />
        {TITLE}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TITLE}</DialogTitle>
          <DialogDescription>{DESCRIPTION}</DialogDescription>
        </DialogHeader>
        <Suspense fallback={<ReviewFormFallback />}>
          <ReviewForm key={formKey} lastResult={lastResult} busy={busy} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

/** While the form's code arrives (usually already there: it starts loading on hover or focus). */
function ReviewFormFallback() {
  return (
    <p role="status" className="py-8 text-center text-sm text-slate-600">
      Cargando el formulario…
    </p>
  );
}
