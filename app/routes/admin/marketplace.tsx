import type { Route } from "./+types/marketplace";
import { adminMeta } from "~/components/admin/admin-meta";
import { revalidateAfterConflict } from "~/lib/edit-version";
import { AdminListingPage } from "~/components/admin/listing-page";
import { replyFor } from "~/components/forms/reply-for";
import { useActionToast } from "~/components/forms/use-action-toast";
import { dispatchIntent, formAction } from "~/lib/action.server";
import { withoutDialogParams } from "~/lib/admin-dialog";
import { userContext } from "~/lib/context";
import {
  invalidRowToast,
  listingIntents,
  successToast,
} from "~/modules/catalog/admin-listing-actions.server";
import {
  createMarketplaceItem,
  deleteMarketplaceItem,
  getMarketplaceAdminPage,
  setMarketplaceApproval,
  updateMarketplaceItem,
} from "~/modules/marketplace/admin-marketplace.server";
import {
  approvalSchema,
  MARKETPLACE_INTENTS,
  MARKETPLACE_MESSAGES,
  marketplaceItemSchema,
} from "~/modules/marketplace/admin-schemas";
import {
  MARKETPLACE_ADMIN_COLUMNS,
  MarketplaceAdminRows,
} from "~/modules/marketplace/components/marketplace-admin-rows";
import { MarketplaceItemForm } from "~/modules/marketplace/components/marketplace-item-form";

export const meta: Route.MetaFunction = adminMeta("Marketplace");
// After a refused stale save (409) the edit form needs the row's new version.
export const shouldRevalidate = revalidateAfterConflict;

export async function loader({ request }: Route.LoaderArgs) {
  return getMarketplaceAdminPage(new URL(request.url).searchParams);
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext); // the admin layout's middleware guarantees an admin
  const back = withoutDialogParams(request.url);
  return dispatchIntent(request, {
    ...listingIntents({
      intents: MARKETPLACE_INTENTS,
      schema: marketplaceItemSchema,
      writes: {
        create: createMarketplaceItem,
        update: updateMarketplaceItem,
        remove: deleteMarketplaceItem,
      },
      messages: MARKETPLACE_MESSAGES,
      back,
      actor,
    }),
    [MARKETPLACE_INTENTS.approval]: (formData) =>
      formAction(formData, {
        schema: approvalSchema,
        intent: MARKETPLACE_INTENTS.approval,
        run: ({ id, approved }) => setMarketplaceApproval(id, approved, actor),
        onSuccess: (_, { approved }) => ({
          redirectTo: back,
          toast: successToast(
            approved ? MARKETPLACE_MESSAGES.approved : MARKETPLACE_MESSAGES.disapproved,
          ),
        }),
        failureTitle: MARKETPLACE_MESSAGES.approvalFailed,
        invalidToast: invalidRowToast(MARKETPLACE_MESSAGES.approvalFailed),
      }),
  });
}

export default function AdminMarketplacePage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, categories, editing, dialog, missing } = loaderData;
  useActionToast(actionData);
  return (
    <AdminListingPage
      title="Marketplace"
      description="Artículos de segunda mano: revísalos, apruébalos y decide cuáles se ven en la tienda."
      addLabel="Añadir producto"
      missing={missing ? MARKETPLACE_MESSAGES.gone : null}
      empty="No hay productos en el Marketplace."
      caption="Productos del Marketplace"
      tableClassName="md:min-w-[720px]"
      columns={MARKETPLACE_ADMIN_COLUMNS}
      rows={<MarketplaceAdminRows items={items} />}
      noun={{ one: "producto", many: "productos", where: " en el Marketplace" }}
      list={loaderData}
      dialog={dialog}
      dialogTitles={{
        add: "Añadir producto al Marketplace",
        edit: "Editar producto del Marketplace",
      }}
      form={
        <MarketplaceItemForm
          item={editing}
          categories={categories}
          lastResult={replyFor(actionData, MARKETPLACE_INTENTS.save)}
        />
      }
    />
  );
}
