import { UserPlus } from "~/components/icons/user-plus";
import { Link } from "react-router";
import type { Route } from "./+types/users";
import { adminMeta } from "~/components/admin/admin-meta";
import { useDialogLinks } from "~/components/admin/dialog-links";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useIntentResults } from "~/components/forms/use-intent-results";
import { buttonVariants } from "~/components/ui/button";
import { dispatchIntent, formAction } from "~/lib/action.server";
import { withoutDialogParams } from "~/lib/admin-dialog";
import { userContext } from "~/lib/context";
import { invalid } from "~/lib/failure";
import {
  ADMIN_USER_INTENTS,
  ADMIN_USER_TOASTS,
  createUserSchema,
  deleteUserSchema,
  updateUserSchema,
} from "~/modules/accounts/admin-schemas";
import {
  createAdminUser,
  deleteAdminUser,
  loadAdminUsersPage,
  updateAdminUser,
} from "~/modules/accounts/admin-users.server";
import { UserDialogs } from "~/modules/accounts/components/admin-user-forms";
import { UsersSearchForm, UsersTable } from "~/modules/accounts/components/admin-users-table";
import { isWeakPassword } from "~/modules/accounts/passwords.server";
import { COMMON_PASSWORD_MESSAGE } from "~/modules/accounts/schemas";

export const meta: Route.MetaFunction = adminMeta("Usuarios");

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await loadAdminUsersPage(new URL(request.url).searchParams);
  return { ...page, currentUserId: context.get(userContext)?.id ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext); // the admin layout's middleware guarantees an admin
  // Back to the list as it was (search, order, page), the dialog closed.
  const backTo = withoutDialogParams(request.url);
  const refusedToast = (title: string, description: string) => ({
    redirectTo: backTo,
    toast: { title, description, variant: "destructive" as const },
  });
  return dispatchIntent(request, {
    [ADMIN_USER_INTENTS.create]: (formData) =>
      formAction(formData, {
        schema: createUserSchema,
        intent: ADMIN_USER_INTENTS.create,
        hideFields: ["password"],
        authorize: async ({ password }) =>
          (await isWeakPassword(password)) ? invalid(COMMON_PASSWORD_MESSAGE, "password") : null,
        run: (value) => createAdminUser(value, actor),
        onSuccess: ({ profileSaved }) => ({
          redirectTo: backTo,
          toast: profileSaved ? ADMIN_USER_TOASTS.created : ADMIN_USER_TOASTS.profileNotSaved,
        }),
        failureTitle: "Error al crear usuario",
      }),
    [ADMIN_USER_INTENTS.update]: (formData) =>
      formAction(formData, {
        schema: updateUserSchema,
        intent: ADMIN_USER_INTENTS.update,
        run: (value) => updateAdminUser(value, actor),
        onSuccess: () => ({ redirectTo: backTo, toast: ADMIN_USER_TOASTS.updated }),
        // Deleted meanwhile: the dialog has nothing left to edit.
        onFailure: (failure) =>
          failure.kind === "not_found"
            ? refusedToast("Error al actualizar perfil", failure.message)
            : undefined,
      }),
    [ADMIN_USER_INTENTS.delete]: (formData) =>
      formAction(formData, {
        schema: deleteUserSchema,
        intent: ADMIN_USER_INTENTS.delete,
        run: ({ id }) => deleteAdminUser(id, actor),
        onSuccess: () => ({ redirectTo: backTo, toast: ADMIN_USER_TOASTS.deleted }),
        onFailure: (failure) => refusedToast("Error al eliminar", failure.message),
      }),
  });
}

export default function UsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { editing, creating, currentUserId, ...list } = loaderData;
  const { closeTo, addTo, editTo } = useDialogLinks();
  const resultFor = useIntentResults(actionData);

  return (
    <>
      <AdminPageHeader
        title="Usuarios"
        description="Cuentas de clientes y administradores: altas, datos de perfil, roles y bajas."
      >
        <Link to={addTo} preventScrollReset className={buttonVariants()}>
          <UserPlus aria-hidden /> Añadir usuario
        </Link>
      </AdminPageHeader>
      <UsersSearchForm search={list.search} sort={list.sort} />
      <UsersTable {...list} currentUserId={currentUserId} editTo={editTo} />
      <UserDialogs
        creating={creating}
        editing={editing}
        currentUserId={currentUserId}
        closeTo={closeTo}
        resultFor={resultFor}
      />
    </>
  );
}
