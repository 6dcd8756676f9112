import { UserRound } from "~/components/icons/user-round";
import type { ReactNode } from "react";
import { cn, initialsOf } from "~/lib/utils";
import { avatarImageSrc, reviewerName, type ReviewView } from "../display";
import { StarRating } from "./star-rating";

/** The reviewer's picture when it is a same-site image, else their initials (or an icon). */
export function ReviewAvatar({
  userName,
  avatarText,
  className,
}: Pick<ReviewView, "userName" | "avatarText"> & { className?: string }) {
  const src = avatarImageSrc(avatarText);
  const base = cn("size-10 shrink-0 rounded-full", className);
  if (src) {
    return <img src={src} alt="" width={40} height={40} className={cn(base, "object-cover")} />;
  }
  const name = userName?.trim();
  return (
    <span
      aria-hidden="true"
      className={cn(
        base,
        "inline-flex items-center justify-center bg-brand-100 text-sm font-semibold text-brand-800",
      )}
    >
      {name ? initialsOf(name) : <UserRound className="size-5" />}
    </span>
  );
}

/** One review: avatar, name, date, stars and comment; `actions` go top right (admin delete). */
export function ReviewCard({ review, actions }: { review: ReviewView; actions?: ReactNode }) {
  const name = reviewerName(review.userName);
  const createdAt = new Date(review.createdAt);
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <ReviewAvatar userName={review.userName} avatarText={review.avatarText} />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-slate-900">{name}</h3>
          <p className="text-sm text-slate-600">
            <time dateTime={createdAt.toISOString()}>{review.dateLabel}</time>
          </p>
        </div>
        {actions ? <div className="-mt-1 -mr-2 shrink-0">{actions}</div> : null}
      </div>
      <StarRating rating={review.rating} className="mt-3" />
      <p className="mt-2 text-pretty break-words whitespace-pre-line text-slate-800">
        {review.comment}
      </p>
    </article>
  );
}
