import { ShoppingCart as shoppingCartIcon } from "lucide";
import { icon } from "~/components/ui/icons";
import { useEffect, type FormEvent, type ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { showToast } from "~/components/ui/toaster";
import { LIMITS } from "~/lib/constants";
import { cn } from "~/lib/utils";

const ShoppingCart = icon(shoppingCartIcon);

/** The /carrito resource route's answer to a fetcher (the cart module's actions return it). */
export type CartActionResult = { ok: boolean; message: string; count?: number };

/**
 * 'Añadir al carrito': a plain POST form to /carrito, so it works without JavaScript (the
 * action redirects back with a toast); once hydrated it posts through a fetcher instead (no
 * reload; the header badge follows as the root loader revalidates) and shows the answer as a
 * toast. Out of stock: a disabled 'Agotado'.
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
  const fetcher = useFetcher<CartActionResult>();
  const location = useLocation();
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    showToast({ title: result.message, variant: result.ok ? "default" : "destructive" });
  }, [fetcher.data]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    form.delete("redirectTo");
    void fetcher.submit(form, { method: "post", action: "/carrito" });
  }

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
    <form
      method="post"
      action="/carrito"
      onSubmit={submit}
      className={cn(withQuantity && "flex items-end gap-2", className)}
    >
      <input type="hidden" name="intent" value={kind === "marketplace" ? "add-item" : "add"} />
      <input
        type="hidden"
        name={kind === "marketplace" ? "marketplaceProductId" : "productId"}
        value={productId}
      />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
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
