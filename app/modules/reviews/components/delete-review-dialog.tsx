import {
  AlertDialog,
  AlertDialogConfirmContent,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import type { IslandProps } from "~/components/ui/lazy-island";
import { DELETE_CONFIRMATION, DeleteForm } from "./delete-review-button";

/** The admin's confirmation before deleting a review. An island (delete-review-button.tsx). */
export function DeleteReviewDialog({
  reviewId,
  busy,
  open,
  onOpenChange,
  trigger,
}: { reviewId: number; busy: boolean } & IslandProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogConfirmContent title="Borrar reseña" description={DELETE_CONFIRMATION}>
        <DeleteForm reviewId={reviewId}>
          <Button type="submit" variant="destructive" disabled={busy} className="w-full">
            {busy ? "Borrando..." : "Borrar"}
          </Button>
        </DeleteForm>
      </AlertDialogConfirmContent>
    </AlertDialog>
  );
}
