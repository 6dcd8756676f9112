import { Heart } from "~/components/icons/heart";
import { useState } from "react";
import { useFetcherForm } from "~/components/shop/use-fetcher-form";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { FavoriteToggled } from "../schemas";

const LABELS = { add: "Añadir a favoritos", remove: "Quitar de favoritos" } as const;

export interface FavoriteButtonProps {
  productId: number;
  /** Whether the product is already a favourite of the signed-in user (false for visitors). */
  isFavorite?: boolean;
  /** `icon`: a round heart for cards; `labeled`: a button with text for the product page. */
  variant?: "icon" | "labeled";
  /** Id of the element naming the product (e.g. a card title), to tell many hearts apart. */
  describedBy?: string;
  className?: string;
}

/**
 * The favourite toggle (spec §4): a form posting to /favoritos, with or without JavaScript
 * (useFetcherForm); once hydrated the heart is optimistic, busy while saving.
 */
export function FavoriteButton({
  productId,
  isFavorite = false,
  variant = "icon",
  describedBy,
  className,
}: FavoriteButtonProps) {
  const { fetcher, busy, back, formProps } = useFetcherForm<FavoriteToggled>("/favoritos");

  // The last state the server confirmed: the prop, or the latest successful answer.
  const [confirmed, setConfirmed] = useState(isFavorite);
  const [lastProp, setLastProp] = useState(isFavorite);
  const [lastResult, setLastResult] = useState(fetcher.data);
  if (lastProp !== isFavorite) {
    setLastProp(isFavorite);
    setConfirmed(isFavorite);
  }
  if (lastResult !== fetcher.data) {
    setLastResult(fetcher.data);
    if (fetcher.data?.ok) setConfirmed(fetcher.data.isFavorite);
  }

  const pendingIntent = fetcher.formData?.get("intent");
  const pressed = pendingIntent ? pendingIntent === "add" : confirmed;
  const intent = pressed ? "remove" : "add";
  const label = LABELS[intent];

  const heart = (
    <Heart
      aria-hidden="true"
      className={cn("size-5", pressed ? "fill-red-600 text-red-600" : "text-current")}
    />
  );

  return (
    <form {...formProps} className={className}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={back} />
      {variant === "icon" ? (
        <button
          type="submit"
          aria-label={label}
          aria-pressed={pressed}
          aria-disabled={busy || undefined}
          aria-describedby={describedBy}
          title={label}
          className={cn(
            "inline-flex size-10 items-center justify-center rounded-full bg-white/95 text-slate-700 shadow-sm ring-1 ring-slate-900/10 transition-colors hover:bg-white hover:text-red-700",
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
            busy && "cursor-wait opacity-70",
          )}
        >
          {heart}
        </button>
      ) : (
        <button
          type="submit"
          aria-pressed={pressed}
          aria-disabled={busy || undefined}
          aria-describedby={describedBy}
          className={cn(
            buttonVariants({ variant: "outline", size: "lg" }),
            "w-full sm:w-auto",
            busy && "cursor-wait opacity-70",
          )}
        >
          {heart}
          {label}
        </button>
      )}
    </form>
  );
}
