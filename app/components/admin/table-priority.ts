/*
 * Priority columns of the admin tables: on a narrow screen a table keeps the columns needed to
 * find a row and act on it, and a column of secondary detail shows from a width up (on its
 * heading and on each of its cells; the row's dialog shows everything). Tailwind breakpoints.
 */

/** From 640 px up. */
export const FROM_SM = "hidden sm:table-cell";
/** From 768 px up. */
export const FROM_MD = "hidden md:table-cell";
/** From 1024 px up. */
export const FROM_LG = "hidden lg:table-cell";
/** From 1536 px up (a detail shown in another cell until then). */
export const FROM_2XL = "hidden 2xl:table-cell";

/**
 * An action button's visible text, hidden (icon only) below 768 px: the button keeps its own
 * aria-label ("Editar Portátil…"), so its name does not change.
 */
export const ACTION_TEXT_FROM_MD = "sr-only md:not-sr-only";
