import { redirect } from "react-router";
import type { Route } from "./+types/avatar";
import { formAction } from "~/lib/action.server";
import { RATE_LIMITS, REQUEST_LIMITS } from "~/lib/constants";
import { userContext } from "~/lib/context";
import { discardBody, readLimitedFormData } from "~/lib/forms.server";
import { isRateLimited } from "~/db/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { avatarFormSchema, changeAvatar } from "~/modules/accounts/avatar.server";
import { AVATAR_MESSAGES } from "~/modules/accounts/settings-schemas";

/*
 * POST /perfil/avatar — the account's picture: one image (multipart, field `avatar`), checked
 * by its content and re-encoded by the media pipeline (lib/images.server.ts), or `quitar` for
 * the initials. A plain form post: back to /perfil with a toast, with or without JavaScript.
 * Behind the /perfil guard (anonymous visitors are sent to sign in).
 */

const BACK = "/perfil";

const refused = (description: string) =>
  redirectWithToast(BACK, {
    title: AVATAR_MESSAGES.failed,
    description,
    variant: "destructive",
  });

/** Nothing to show at this address: the form lives on /perfil. */
export function loader() {
  return redirect(BACK);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext)!;
  const maxBytes = REQUEST_LIMITS.uploadBodyBytes;
  // Over the rate limit the body is dropped unparsed, before the pipeline reads it.
  if (await isRateLimited([[`avatar:user:${user.id}`, RATE_LIMITS.avatarUploadsPerUser]])) {
    await discardBody(request, maxBytes);
    return refused(AVATAR_MESSAGES.rateLimited);
  }
  const body = await readLimitedFormData(request, { maxBytes });
  if (!body.ok) {
    return refused(body.reason === "too_large" ? AVATAR_MESSAGES.tooLarge : AVATAR_MESSAGES.noFile);
  }
  return formAction(body.formData, {
    schema: avatarFormSchema,
    run: ({ file }) => changeAvatar(user.id, file),
    onSuccess: ({ image }) => ({
      redirectTo: BACK,
      toast: { title: image ? AVATAR_MESSAGES.saved : AVATAR_MESSAGES.removed },
    }),
    onFailure: (failure) => refused(failure.message),
  });
}
