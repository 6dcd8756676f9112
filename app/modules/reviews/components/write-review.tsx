import type { SubmissionResult } from "@conform-to/react";
import { PenLine } from "lucide-react";
import { useState } from "react";
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
import { REVIEW_INTENTS } from "../schemas";
import { ReviewForm } from "./review-form";

const TITLE = "Escribir una reseña";
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
        <div className="mt-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <p className="mb-4 text-sm text-slate-600">{DESCRIPTION}</p>
          <ReviewForm lastResult={lastResult} busy={busy} />
        </div>
      </details>
    );
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger className={buttonVariants()}>
        <PenLine aria-hidden="true" />
        {TITLE}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TITLE}</DialogTitle>
          <DialogDescription>{DESCRIPTION}</DialogDescription>
        </DialogHeader>
        <ReviewForm key={formKey} lastResult={lastResult} busy={busy} />
      </DialogContent>
    </Dialog>
  );
}
