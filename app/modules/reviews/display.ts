/** Browser-safe review types and display rules, shared by the reviews page and the home page. */

import { formatDate } from "~/lib/dates";
import { formatNumber } from "~/lib/numbers";

/** One review as the pages show it (no user id: the browser does not need it). */
export interface ReviewView {
  id: number;
  rating: number;
  comment: string;
  userName: string | null;
  /** Spec §3: holds the author's avatar image address, if any. */
  avatarText: string | null;
  createdAt: Date;
  /**
   * "22 de noviembre de 2026" (Madrid), written by the server: a browser's first date format
   * loads its locale data, tens of milliseconds while the page hydrates (ADR 0021).
   */
  dateLabel: string;
}

/** A review with its date written for the page (on the server: ReviewView.dateLabel). */
export const withDateLabel = (review: Omit<ReviewView, "dateLabel">): ReviewView => ({
  ...review,
  dateLabel: formatDate(review.createdAt),
});

export interface ReviewStats {
  /** Mean rating of the shop-wide reviews; null when there are none. */
  average: number | null;
  count: number;
}

/** Spec §8: a reviewer without a name. */
export const ANONYMOUS_REVIEWER = "Usuario Anónimo";

export function reviewerName(userName: string | null | undefined): string {
  return userName?.trim() || ANONYMOUS_REVIEWER;
}

/**
 * The avatar picture to show, or null for the initials circle. Only same-site images are
 * shown: the Content-Security-Policy allows `img-src 'self'`, so any other address would
 * render as a broken picture.
 */
export function avatarImageSrc(avatarText: string | null | undefined): string | null {
  const value = avatarText?.trim();
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return null;
  }
  return value;
}

/** "4,3": the average rating with one decimal (spec §2). */
export function formatAverageRating(average: number): string {
  return formatNumber(average, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** "1 reseña", "13 reseñas". */
export function formatReviewCount(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? "reseña" : "reseñas"}`;
}

/** Spec §2: the reviews page; the path percent-encoded for Location headers and query strings. */
export const REVIEWS_PATH = "/reseñas";
export const REVIEWS_PATH_ENCODED = encodeURI(REVIEWS_PATH);
