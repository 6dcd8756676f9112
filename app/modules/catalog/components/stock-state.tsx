import { CircleAlert } from "~/components/icons/circle-alert";
import { CircleCheck } from "~/components/icons/circle-check";
import { CircleX } from "~/components/icons/circle-x";
import { cn } from "~/lib/utils";
import { STOCK_STATUS_LABELS, type StockStatus } from "../stock";

const STOCK_STYLE: Record<StockStatus, { icon: typeof CircleCheck; className: string }> = {
  in_stock: { icon: CircleCheck, className: "text-green-800" },
  low_stock: { icon: CircleAlert, className: "text-amber-800" },
  out_of_stock: { icon: CircleX, className: "text-red-700" },
};

/** In stock, few left or sold out, as the product page shows it. */
export function StockState({ status }: { status: StockStatus }) {
  const { icon: Icon, className } = STOCK_STYLE[status];
  return (
    <p className={cn("flex items-center gap-1.5 font-medium", className)}>
      <Icon aria-hidden="true" className="size-5" />
      {STOCK_STATUS_LABELS[status]}
    </p>
  );
}
