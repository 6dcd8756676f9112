import { Trash2 } from "~/components/icons/trash-2";
import { useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { lazyIsland } from "~/components/ui/lazy-island";
import { useHydrated } from "~/components/ui/use-hydrated";
import { REVIEW_INTENTS } from "../constants";

/** Radix AlertDialog loads when the admin is about to use a delete button. */
const DeleteReviewDialog = lazyIsland(
  () => import("./delete-review-dialog").then((m) => m.DeleteReviewDialog),
  { popup: "dialog" },
);

export const DELETE_CONFIRMATION =
  "¿Seguro que quieres borrar esta reseña? Esta acción no se puede deshacer.";

export function DeleteForm({ reviewId, children }: { reviewId: number; children: ReactNode }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={REVIEW_INTENTS.delete} />
      <input type="hidden" name="reviewId" value={reviewId} />
      {children}
    </Form>
  );
}

/**
 * The admin's delete button on a review, behind a confirmation (an alert dialog; without
 * JavaScript a <details> panel with the same question).
 */
export function DeleteReviewButton({
  reviewId,
  reviewerName,
}: {
  reviewId: number;
  reviewerName: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === REVIEW_INTENTS.delete &&
    navigation.formData.get("reviewId") === String(reviewId);
  const label = `Borrar la reseña de ${reviewerName}`;

  const [open, setOpen] = useState(false);
  // Close the confirmation once its submission ends (on success the review is gone anyway).
  const [wasBusy, setWasBusy] = useState(busy);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (!busy) setOpen(false);
  }

  if (!hydrated) {
    return (
      <details className="relative">
        <summary
          aria-label={label}
          className={buttonVariants({
            variant: "ghost",
            size: "icon",
            className: "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
          })}
        >
          <Trash2 aria-hidden="true" className="size-5 text-red-700" />
        </summary>
        <div className="absolute right-0 z-10 mt-1 w-64 rounded-xl border border-slate-200 bg-white p-4 shadow-lg">
          <p className="text-sm text-slate-800">{DELETE_CONFIRMATION}</p>
          <DeleteForm reviewId={reviewId}>
            <Button type="submit" variant="destructive" size="sm" className="mt-3 w-full">
              Sí, borrar
            </Button>
          </DeleteForm>
        </div>
      </details>
    );
  }

  return (
    <DeleteReviewDialog
      reviewId={reviewId}
      busy={busy}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button
          type="button"
          aria-label={label}
          className={buttonVariants({ variant: "ghost", size: "icon" })}
        >
          <Trash2 aria-hidden="true" className="size-5 text-red-700" />
        </button>
      }
    />
  );
}
