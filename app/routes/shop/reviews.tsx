import { hasAdminPowers } from "~/modules/accounts/two-factor.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft as arrowLeftIcon } from "lucide";
import { icon } from "~/components/ui/icons";
import { useEffect } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/reviews";
import { FormErrors } from "~/components/forms/form-errors";
import { showToast } from "~/components/ui/toaster";
import { CACHE, pageCacheHeaders } from "~/lib/cache";
import { RATE_LIMITS } from "~/lib/constants";
import { userContext, type SessionUser } from "~/lib/context";
import { logRefusal } from "~/modules/accounts/middleware.server";
import { usePersonal } from "~/modules/accounts/personal";
import { readFormData } from "~/lib/forms.server";
import { isRateLimited } from "~/db/rate-limit.server";
import type { ToastInput } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { AdminEditLink } from "~/modules/content/components/admin-edit-link";
import { getPageContent } from "~/modules/content/page-content.server";
import {
  ReviewFormOrInvite,
  ReviewList,
  ReviewStatsPanel,
} from "~/modules/reviews/components/reviews-page-parts";
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

const ArrowLeft = icon(arrowLeftIcon);

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

/** An action's answer that stays on the page (errors), never stored by a shared cache. */
function reply<T>(payload: T, status: number) {
  return data(payload, { status, headers: { "Cache-Control": CACHE.privateNoStore } });
}

async function publish(formData: FormData, user: SessionUser | null) {
  const submission = parseWithZod(formData, { schema: reviewSchema });
  if (submission.status !== "success") {
    return reply({ intent: REVIEW_INTENTS.create, result: submission.reply() }, 400);
  }
  if (!user) {
    return reply(
      {
        intent: REVIEW_INTENTS.create,
        result: submission.reply({ formErrors: [REVIEW_LOGIN_REQUIRED_MESSAGE] }),
        toast: { title: REVIEW_LOGIN_REQUIRED_MESSAGE, variant: "destructive" } as ToastInput,
      },
      401,
    );
  }
  // ADR 0009: an unconfirmed account may browse and buy, but not publish under its name.
  if (!user.emailVerified) {
    return reply(
      {
        intent: REVIEW_INTENTS.create,
        result: submission.reply({ formErrors: [REVIEW_VERIFICATION_REQUIRED_MESSAGE] }),
        toast: {
          title: "Confirma tu correo",
          description: REVIEW_VERIFICATION_REQUIRED_MESSAGE,
          variant: "destructive",
        } as ToastInput,
      },
      403,
    );
  }
  if (await isRateLimited([[`review:user:${user.id}`, RATE_LIMITS.reviewsPerUser]])) {
    return reply(
      {
        intent: REVIEW_INTENTS.create,
        result: submission.reply({ formErrors: [TOO_MANY_REVIEWS] }),
      },
      429,
    );
  }
  const created = await createReview({ user, ...submission.value });
  if (!created.ok) {
    const message = `No se pudo publicar tu reseña. ${created.reason}`;
    return reply(
      {
        intent: REVIEW_INTENTS.create,
        result: submission.reply({ formErrors: [message] }),
        toast: { title: "Error", description: message, variant: "destructive" } as ToastInput,
      },
      500,
    );
  }
  return redirectWithToast(REVIEWS_PATH_ENCODED, {
    title: "¡Gracias!",
    description: "Tu reseña ha sido publicada.",
  });
}

async function remove(formData: FormData, user: SessionUser | null, logRefused: () => void) {
  const parsed = deleteReviewSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const message = "No se pudo eliminar la reseña. La petición no es válida.";
    return reply(
      {
        intent: REVIEW_INTENTS.delete,
        message,
        toast: { title: "Error", description: message, variant: "destructive" } as ToastInput,
      },
      400,
    );
  }
  // Spec §6: only admins delete reviews; the server decides, whatever the page showed.
  if (!user || !(await hasAdminPowers(user))) {
    logRefused();
    return reply(
      {
        intent: REVIEW_INTENTS.delete,
        message: "Acción no permitida. No tienes permisos para borrar reseñas.",
        toast: {
          title: "Acción no permitida",
          description: "Solo los administradores pueden eliminar reseñas.",
          variant: "destructive",
        } as ToastInput,
      },
      403,
    );
  }
  const deleted = await deleteReview(parsed.data.reviewId, user);
  return redirectWithToast(
    REVIEWS_PATH_ENCODED,
    deleted
      ? { title: "Reseña borrada" }
      : {
          title: "Error",
          description: "No se pudo eliminar la reseña. Ya no existe.",
          variant: "destructive",
        },
  );
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
  const deleteError = actionData?.intent === REVIEW_INTENTS.delete ? actionData.message : null;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <Link
        to="/"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Volver al inicio
      </Link>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{header.title}</h1>
        <AdminEditLink page="reviews" section="cabecera" label="Cabecera" />
      </div>
      {header.subtitle ? <p className="mt-1 text-slate-700">{header.subtitle}</p> : null}

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
