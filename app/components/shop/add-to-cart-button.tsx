import { ShoppingCart } from "~/components/icons/shopping-cart";
import type { ReactNode } from "react";
import { buttonVariants } from "~/components/ui/button";
import { LIMITS } from "~/lib/constants";
import { cn } from "~/lib/utils";
import { useFetcherForm } from "./use-fetcher-form";

/**
 * 'Añadir al carrito': a form posting to /carrito, with or without JavaScript (useFetcherForm;
 * the header badge follows as the root loader revalidates). Out of stock: a disabled 'Agotado'.
 */
export function AddToCartButton({
  productId,
  kind = "product",
  inStock,
  withQuantity = false,
  maxQuantity = LIMITS.maxCartLineQuantity,
  describedBy,
  size = "sm",
  className,
}: {
  /** The product's id, or the marketplace item's with kind "marketplace" (one piece). */
  productId: number;
  kind?: "product" | "marketplace";
  inStock: boolean;
  /** A quantity input beside the button (the product page). */
  withQuantity?: boolean;
  maxQuantity?: number;
  describedBy?: string;
  size?: "sm" | "lg";
  className?: string;
}) {
  const { busy, back, formProps } = useFetcherForm("/carrito");

  const buttonClass = cn(
    buttonVariants({ variant: "default", size }),
    withQuantity ? "h-11 min-w-0 flex-1" : "w-full",
    busy && "cursor-wait opacity-70",
  );
  let button: ReactNode;
  if (!inStock) {
    button = (
      <button type="button" disabled aria-describedby={describedBy} className={buttonClass}>
        Agotado
      </button>
    );
  } else {
    button = (
      <button
        type="submit"
        aria-disabled={busy || undefined}
        aria-describedby={describedBy}
        className={buttonClass}
      >
        <ShoppingCart aria-hidden="true" className="size-4" />
        {busy ? "Añadiendo..." : "Añadir al carrito"}
      </button>
    );
  }

  return (
    <form {...formProps} className={cn(withQuantity && "flex items-end gap-2", className)}>
      <input type="hidden" name="intent" value={kind === "marketplace" ? "add-item" : "add"} />
      <input
        type="hidden"
        name={kind === "marketplace" ? "marketplaceProductId" : "productId"}
        value={productId}
      />
      <input type="hidden" name="redirectTo" value={back} />
      {withQuantity && inStock ? (
        <label className="flex flex-col text-sm font-medium text-slate-800">
          Cantidad
          <input
            type="number"
            name="quantity"
            defaultValue={1}
            min={1}
            max={Math.max(1, Math.min(maxQuantity, LIMITS.maxCartLineQuantity))}
            inputMode="numeric"
            className="mt-1 h-11 w-20 rounded-md border border-slate-300 px-2 text-base"
          />
        </label>
      ) : null}
      {button}
    </form>
  );
}
