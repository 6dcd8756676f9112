import { Star } from "~/components/icons/star";
import { LIMITS } from "~/lib/constants";
import { cn } from "~/lib/utils";
import { formatNumber } from "~/lib/numbers";

/** Read-only stars, announced as "Valoración: 4 de 5". */
export function StarRating({
  rating,
  className,
  starClassName = "size-4",
}: {
  rating: number;
  className?: string;
  starClassName?: string;
}) {
  const max = LIMITS.reviewStarsMax;
  const filled = Math.round(rating);
  return (
    <span
      role="img"
      aria-label={`Valoración: ${formatNumber(rating)} de ${max}`}
      className={cn("inline-flex items-center gap-0.5", className)}
    >
      {Array.from({ length: max }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={cn(
            starClassName,
            i < filled ? "fill-amber-400 text-amber-500" : "fill-slate-200 text-slate-300",
          )}
        />
      ))}
    </span>
  );
}
