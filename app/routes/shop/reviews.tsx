import { hasAdminPowers } from "~/modules/accounts/two-factor.server";
import { useEffect } from "react";
import { data } from "react-router";
import type { Route } from "./+types/reviews";
import { FormErrors } from "~/components/forms/form-errors";
import { showToast } from "~/components/ui/toaster";
import { CACHE, pageCacheHeaders } from "~/lib/cache";
import { RATE_LIMITS } from "~/lib/constants";
import { userContext, type SessionUser } from "~/lib/context";
import { logRefusal } from "~/modules/accounts/middleware.server";
import { usePersonal } from "~/modules/accounts/personal";
import { readFormData } from "~/lib/forms.server";
import { firstErrorToast, formAction } from "~/lib/action.server";
import { forbidden, rateLimited, unauthenticated } from "~/lib/failure";
import { isRateLimited } from "~/db/rate-limit.server";
import { ContentPageHeading } from "~/modules/content/components/content-page-heading";
import { getPageContent } from "~/modules/content/page-content.server";
import {
  ReviewFormOrInvite,
  ReviewList,
  ReviewStatsPanel,
} from "~/modules/reviews/components/reviews-page-parts";
import { REVIEW_POLICY_NOTE } from "~/modules/reviews/constants";
import { REVIEWS_PATH_ENCODED } from "~/modules/reviews/display";
import {
  createReview,
  deleteReview,
  getReviewStats,
  listReviews,
} from "~/modules/reviews/reviews.server";
import {
  REVIEW_INTENTS,
  REVIEW_LOGIN_REQUIRED_MESSAGE,
  REVIEW_VERIFICATION_REQUIRED_MESSAGE,
} from "~/modules/reviews/constants";
import { deleteReviewSchema, reviewSchema } from "~/modules/reviews/schemas";
import { pageTitle } from "~/lib/page-title";

const TITLE = "Opiniones de clientes";
const TOO_MANY_REVIEWS =
  "Has publicado varias reseñas en poco tiempo. Espera un rato antes de publicar otra.";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(matches, loaderData?.header.title ?? TITLE) },
  { name: "description", content: "Lo que opinan nuestros clientes de la tienda." },
];

/** A failed action's reply is personal; pages otherwise follow the loader's cache preset. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const isAdmin = await hasAdminPowers(user);
  const [reviews, stats, content] = await Promise.all([
    listReviews(),
    isAdmin ? getReviewStats() : Promise.resolve(null),
    getPageContent("reviews"),
  ]);
  const { title, subtitle } = content.cabecera!;
  return data(
    {
      header: { title, subtitle },
      reviews,
      stats,
      isAdmin,
    },
    { headers: pageCacheHeaders(user !== null) },
  );
}

/** An action's answer that stays on the page (errors) is personal: never in a shared cache. */
const NO_STORE = { "Cache-Control": CACHE.privateNoStore };

function publish(formData: FormData, user: SessionUser | null) {
  return formAction(formData, {
    schema: reviewSchema,
    intent: REVIEW_INTENTS.create,
    replyHeaders: NO_STORE,
    authorize: async () => {
      // Spec §5: only a signed-in customer writes (checked after the form, as any refusal).
      if (!user) return unauthenticated(REVIEW_LOGIN_REQUIRED_MESSAGE);
      // ADR 0009: an unconfirmed account may browse and buy, but not publish under its name.
      if (!user.emailVerified) return forbidden(REVIEW_VERIFICATION_REQUIRED_MESSAGE);
      if (await isRateLimited([[`review:user:${user.id}`, RATE_LIMITS.reviewsPerUser]]))
        return rateLimited(TOO_MANY_REVIEWS);
      return null;
    },
    // `authorize` has refused a visitor by then.
    run: (review) => createReview({ user: user as SessionUser, ...review }),
    failureToast: (failure) => {
      if (failure.kind === "rate_limited") return undefined;
      if (failure.kind === "unauthenticated")
        return { title: failure.message, variant: "destructive" };
      return failure.kind === "forbidden"
        ? { title: "Confirma tu correo", description: failure.message, variant: "destructive" }
        : { title: "Error", description: failure.message, variant: "destructive" };
    },
    onSuccess: () => ({
      redirectTo: REVIEWS_PATH_ENCODED,
      toast: { title: "¡Gracias!", description: "Tu reseña ha sido publicada." },
    }),
  });
}

function remove(formData: FormData, user: SessionUser | null, logRefused: () => void) {
  return formAction(formData, {
    schema: deleteReviewSchema,
    intent: REVIEW_INTENTS.delete,
    replyHeaders: NO_STORE,
    // Spec §6: only admins delete reviews; the server decides, whatever the page showed.
    authorize: async () => {
      if (user && (await hasAdminPowers(user))) return null;
      logRefused();
      return forbidden("Acción no permitida. No tienes permisos para borrar reseñas.");
    },
    run: ({ reviewId }) => deleteReview(reviewId, user),
    failureToast: (failure) => ({
      title: failure.kind === "forbidden" ? "Acción no permitida" : "Error",
      description:
        failure.kind === "forbidden"
          ? "Solo los administradores pueden eliminar reseñas."
          : failure.message,
      variant: "destructive",
    }),
    invalidToast: firstErrorToast("Error"),
    // A review deleted meanwhile: back to the list, which no longer shows it.
    onFailure: (failure) =>
      failure.kind === "not_found"
        ? {
            redirectTo: REVIEWS_PATH_ENCODED,
            toast: { title: "Error", description: failure.message, variant: "destructive" },
          }
        : undefined,
    onSuccess: () => ({ redirectTo: REVIEWS_PATH_ENCODED, toast: { title: "Reseña borrada" } }),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const user = context.get(userContext);
  return formData.get("intent") === REVIEW_INTENTS.delete
    ? remove(formData, user, () => logRefusal(context, request, "review_delete_not_admin"))
    : publish(formData, user);
}

export default function ReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { header, reviews, stats, isAdmin } = loaderData;
  // A signed-in customer's page from the shared cache knows the account only once its personal
  // data has come (ADR 0020): until then it offers the form, whose action checks anyway.
  const personal = usePersonal();
  const signedIn = personal === null || personal.user !== null;
  const emailVerified = personal === null || personal.user?.emailVerified === true;
  const toast = actionData && "toast" in actionData ? actionData.toast : undefined;
  useEffect(() => {
    if (toast) showToast(toast);
  }, [actionData, toast]);

  const createResult = actionData?.intent === REVIEW_INTENTS.create ? actionData.result : null;
  const deleteError =
    actionData?.intent === REVIEW_INTENTS.delete
      ? Object.values(actionData.result.error ?? {}).flat()[0]
      : null;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <ContentPageHeading page="reviews" title={header.title} />
      {header.subtitle ? <p className="mt-1 text-slate-700">{header.subtitle}</p> : null}
      <p className="mt-2 text-sm text-slate-600">{REVIEW_POLICY_NOTE}</p>

      <ReviewFormOrInvite
        signedIn={signedIn}
        emailVerified={emailVerified}
        lastResult={createResult}
      />

      {deleteError ? (
        <div className="mt-6">
          <FormErrors errors={[deleteError]} />
        </div>
      ) : null}

      {isAdmin && stats ? <ReviewStatsPanel stats={stats} /> : null}

      <ReviewList reviews={reviews} isAdmin={isAdmin} />
    </div>
  );
}
