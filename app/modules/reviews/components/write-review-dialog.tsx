import type { SubmissionResult } from "@conform-to/react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import type { IslandProps } from "~/components/ui/lazy-island";
import { ReviewForm } from "./review-form";

/**
 * The review form in a dialog. An island (write-review.tsx): Radix Dialog and the form's
 * Conform + zod load when the button is about to be used, not with the page.
 */
export function WriteReviewDialog({
  title,
  description,
  formKey,
  lastResult,
  busy,
  open,
  onOpenChange,
  trigger,
}: {
  title: string;
  description: string;
  /** A new key resets the form (after a review was published). */
  formKey: number;
  lastResult: SubmissionResult<string[]> | null;
  busy: boolean;
} & IslandProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <ReviewForm key={formKey} lastResult={lastResult} busy={busy} />
      </DialogContent>
    </Dialog>
  );
}
