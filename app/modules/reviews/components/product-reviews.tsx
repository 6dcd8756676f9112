import { Star } from "~/components/icons/star";
import { formatNumber } from "~/lib/numbers";
import { cn } from "~/lib/utils";
import { ALL_REVIEWS_PARAM, PRODUCT_PAGE_REVIEWS, REVIEW_POLICY_NOTE } from "../constants";
import { formatAverageRating, formatReviewCount, type ReviewView } from "../display";
import { ReviewCard } from "./review-card";

/** A product's average as five stars and the number of reviews. */
export function Rating({ average, count }: { average: number; count: number }) {
  const rounded = Math.round(average);
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700">
      <span className="flex" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((star) => (
          <Star
            key={star}
            className={cn(
              "size-4",
              star <= rounded ? "fill-amber-400 text-amber-500" : "text-slate-300",
            )}
          />
        ))}
      </span>
      <span>
        <span className="sr-only">Valoración media: </span>
        <span className="font-semibold text-slate-900">{formatAverageRating(average)}</span>
        <span className="sr-only"> de 5</span>
        {` (${formatReviewCount(count)})`}
      </span>
    </p>
  );
}

/**
 * The product's reviews, newest first: the latest few, with a link to all of them when there
 * are more (up to PRODUCT_PAGE_REVIEWS_ALL on that page).
 */
export function ProductReviews({
  reviews,
  count,
  all,
  path,
}: {
  reviews: ReviewView[];
  count: number;
  all: boolean;
  path: string;
}) {
  return (
    <section aria-labelledby="opiniones" className="mt-12 border-t border-slate-200 pt-8">
      <h2 id="opiniones" className="scroll-mt-24 text-xl font-bold text-slate-900">
        Opiniones de clientes
      </h2>
      {reviews.length === 0 ? (
        <p className="mt-3 text-slate-700">Aún no hay reseñas...</p>
      ) : (
        <>
          {count > reviews.length ? (
            <p className="mt-1 text-sm text-slate-600">
              {`Las ${formatNumber(reviews.length)} más recientes de ${formatNumber(count)}.`}
            </p>
          ) : null}
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {reviews.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-600">{REVIEW_POLICY_NOTE}</p>
        </>
      )}
      {!all && count > PRODUCT_PAGE_REVIEWS ? (
        <a
          href={`${path}?${ALL_REVIEWS_PARAM}=todas#opiniones`}
          className="mt-4 inline-block font-semibold text-brand-700 underline"
        >
          {`Ver las ${formatNumber(count)} opiniones`}
        </a>
      ) : null}
      {all && count > PRODUCT_PAGE_REVIEWS ? (
        <a
          href={`${path}#opiniones`}
          className="mt-4 inline-block font-semibold text-brand-700 underline"
        >
          Ver solo las más recientes
        </a>
      ) : null}
    </section>
  );
}
