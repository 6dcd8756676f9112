import { ArrowRight } from "~/components/icons/arrow-right";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LIMITS } from "~/lib/constants";
import { REVIEW_POLICY_NOTE } from "../constants";
import { reviewerName, REVIEWS_PATH, type ReviewView } from "../display";
import { ReviewAvatar } from "./review-card";
import { StarRating } from "./star-rating";

/**
 * The home page's customer reviews (spec §2): the reviews from `getHomeReviews()` (two) with
 * stars, comment and name, and a link to every review; «Aún no hay reseñas...» without any.
 */
export function HomeReviews({
  reviews,
  title = "Lo que dicen nuestros clientes",
  linkText = "Ver todas las reseñas",
  edit,
}: {
  reviews: readonly ReviewView[];
  /** The section's heading and link text (editable page content). */
  title?: string;
  linkText?: string;
  /** The admin's edit button, beside the heading. */
  edit?: ReactNode;
}) {
  return (
    <section className="bg-slate-50" aria-labelledby="home-resenas">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="home-resenas" className="text-2xl font-bold text-slate-900">
              {title}
            </h2>
            {edit}
          </div>
          <Link
            to={REVIEWS_PATH}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            {linkText}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        {reviews.length === 0 ? <p className="mt-6 text-slate-700">Aún no hay reseñas...</p> : null}
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {reviews.slice(0, LIMITS.homeReviewsShown).map((review) => (
            <li key={review.id}>
              <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <StarRating rating={review.rating} starClassName="size-5" />
                <blockquote className="mt-3 flex-1 text-pretty break-words text-slate-800">
                  <p>“{review.comment}”</p>
                </blockquote>
                <figcaption className="mt-4 flex items-center gap-3">
                  <ReviewAvatar userName={review.userName} avatarText={review.avatarText} />
                  <span className="font-semibold text-slate-900">
                    {reviewerName(review.userName)}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        {reviews.length > 0 ? (
          <p className="mt-4 text-sm text-slate-600">{REVIEW_POLICY_NOTE}</p>
        ) : null}
      </div>
    </section>
  );
}
