import type { SubmissionResult } from "@conform-to/react";
import { LogIn } from "~/components/icons/log-in";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { VerificationNotice } from "~/components/forms/resend-verification-button";
import { REVIEW_LOGIN_REQUIRED_MESSAGE, REVIEW_VERIFICATION_REQUIRED_MESSAGE } from "../constants";
import {
  formatAverageRating,
  formatReviewCount,
  reviewerName,
  REVIEWS_PATH_ENCODED,
  type ReviewStats,
  type ReviewView,
} from "../display";
import { DeleteReviewButton } from "./delete-review-button";
import { ReviewCard } from "./review-card";
import { StarRating } from "./star-rating";
import { WriteReview } from "./write-review";

/* The parts of /opiniones: who may write, the admins' summary, and the list. */

/** The form for a confirmed account; otherwise what is missing (confirming, signing in). */
export function ReviewFormOrInvite({
  signedIn,
  emailVerified,
  lastResult,
}: {
  signedIn: boolean;
  emailVerified: boolean;
  lastResult: SubmissionResult<string[]> | null;
}) {
  if (signedIn && emailVerified) {
    return (
      <div className="mt-6">
        <WriteReview lastResult={lastResult} />
      </div>
    );
  }
  return signedIn ? (
    <VerificationNotice
      message={REVIEW_VERIFICATION_REQUIRED_MESSAGE}
      redirectTo={REVIEWS_PATH_ENCODED}
      className="mt-6"
    />
  ) : (
    <div className="mt-6 flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-slate-800">{REVIEW_LOGIN_REQUIRED_MESSAGE}</p>
      <Link
        to={`/login?redirectTo=${encodeURIComponent(REVIEWS_PATH_ENCODED)}`}
        className={buttonVariants({ variant: "outline" })}
      >
        <LogIn aria-hidden="true" />
        Iniciar sesión
      </Link>
    </div>
  );
}

/** 'Resumen (solo administradores)': the average rating and the count. */
export function ReviewStatsPanel({ stats }: { stats: ReviewStats }) {
  return (
    <section
      aria-labelledby="resumen-valoraciones"
      className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-5"
    >
      <h2 id="resumen-valoraciones" className="text-sm font-semibold text-brand-900">
        Resumen (solo administradores)
      </h2>
      <dl className="mt-3 flex flex-wrap gap-x-12 gap-y-4">
        <div>
          <dt className="text-sm text-slate-700">Valoración media</dt>
          <dd className="mt-1 flex items-center gap-3">
            {stats.average === null ? (
              <span className="text-slate-800">Sin valoraciones todavía</span>
            ) : (
              <>
                <span className="text-3xl font-bold text-slate-900">
                  {formatAverageRating(stats.average)}
                </span>
                <StarRating rating={Number(stats.average.toFixed(1))} starClassName="size-5" />
              </>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">Total</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900">
            {formatReviewCount(stats.count)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** Every review, newest first; an admin may delete each. */
export function ReviewList({ reviews, isAdmin }: { reviews: ReviewView[]; isAdmin: boolean }) {
  return (
    <section aria-labelledby="todas-las-resenas" className="mt-8">
      <h2 id="todas-las-resenas" className="sr-only">
        Todas las reseñas
      </h2>
      {reviews.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-8 text-center text-slate-700">
          Aún no hay reseñas... ¡Sé el primero en opinar!
        </p>
      ) : (
        <ul className="space-y-4">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewCard
                review={review}
                actions={
                  isAdmin ? (
                    <DeleteReviewButton
                      reviewId={review.id}
                      reviewerName={reviewerName(review.userName)}
                    />
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
