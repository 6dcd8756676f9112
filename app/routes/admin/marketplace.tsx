import {
  Check as checkIcon,
  Pencil as pencilIcon,
  Plus as plusIcon,
  Trash2 as trash2Icon,
  X as xIcon,
} from "lucide";
import { ACTION_TEXT_FROM_MD, FROM_LG, FROM_MD, FROM_SM } from "~/components/admin/table-priority";
import { parsePage } from "~/lib/pagination";
import { cn } from "~/lib/utils";
import { icon } from "~/components/ui/icons";
import { useEffect } from "react";
import { data, Form, Link, useLocation, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/marketplace";
import { ConfirmSubmit } from "~/components/admin/confirm-submit";
import { AdminFormDialog } from "~/components/admin/form-dialog";
import { AdminPageHeader } from "~/components/admin/page-header";
import { YesNoBadge } from "~/components/admin/yes-no-badge";
import { Pagination } from "~/components/layout/pagination";
import { Button, buttonVariants } from "~/components/ui/button";
import { showToast } from "~/components/ui/toaster";
import { dialogSearch, readDialogParams, withoutDialogParams } from "~/lib/admin-dialog";
import { MARKETPLACE_CONDITION_LABELS } from "~/lib/constants";
import {
  deleteFromForm,
  failureToast,
  saveFromForm,
  successToast,
} from "~/lib/admin-listing-actions.server";
import { userContext } from "~/lib/context";
import { readFormData } from "~/lib/forms.server";
import { formatCents } from "~/lib/money";
import { redirectWithToast } from "~/lib/toast.server";
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
import type { Actor } from "~/modules/activity/activity.server";
import { MarketplaceItemForm } from "~/modules/marketplace/components/marketplace-item-form";
import { pageTitle } from "~/lib/page-title";

const Check = icon(checkIcon);
const Pencil = icon(pencilIcon);
const Plus = icon(plusIcon);
const Trash2 = icon(trash2Icon);
const X = icon(xIcon);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Marketplace · Administración") },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const page = parsePage(searchParams);
  return getMarketplaceAdminPage(page, readDialogParams(searchParams));
}

async function changeApproval(formData: FormData, back: string, actor: Actor | null) {
  const parsed = approvalSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return data({ toast: failureToast(MARKETPLACE_MESSAGES.approvalFailed) }, { status: 400 });
  }
  const { id, approved } = parsed.data;
  if (!(await setMarketplaceApproval(id, approved, actor))) {
    return data({ toast: failureToast(MARKETPLACE_MESSAGES.approvalFailed) }, { status: 404 });
  }
  return redirectWithToast(
    back,
    successToast(approved ? MARKETPLACE_MESSAGES.approved : MARKETPLACE_MESSAGES.disapproved),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext); // the admin layout's middleware guarantees an admin
  const formData = await readFormData(request);
  const back = withoutDialogParams(request.url);
  switch (formData.get("intent")) {
    case MARKETPLACE_INTENTS.save:
      return saveFromForm(formData, back, {
        schema: marketplaceItemSchema,
        create: createMarketplaceItem,
        update: updateMarketplaceItem,
        messages: MARKETPLACE_MESSAGES,
        actor,
      });
    case MARKETPLACE_INTENTS.approval:
      return changeApproval(formData, back, actor);
    case MARKETPLACE_INTENTS.delete:
      return deleteFromForm(formData, back, {
        remove: deleteMarketplaceItem,
        messages: MARKETPLACE_MESSAGES,
        actor,
      });
    default:
      return data({ toast: failureToast("La acción pedida no existe.") }, { status: 400 });
  }
}

/** Aprobar / Desaprobar: a small form per row that asks for the opposite state. */
function ApprovalButton({ id, name, approved }: { id: number; name: string; approved: boolean }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === MARKETPLACE_INTENTS.approval &&
    navigation.formData.get("id") === String(id);
  return (
    <Form method="post" preventScrollReset className="inline">
      <input type="hidden" name="intent" value={MARKETPLACE_INTENTS.approval} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="approved" value={approved ? "false" : "true"} />
      <Button type="submit" variant="ghost" size="sm" disabled={busy}>
        {approved ? <X aria-hidden="true" /> : <Check aria-hidden="true" />}
        <span className={ACTION_TEXT_FROM_MD}>{approved ? "Desaprobar" : "Aprobar"}</span>
        <span className="sr-only">{` «${name}»`}</span>
      </Button>
    </Form>
  );
}

export default function AdminMarketplacePage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageCount, pageSize, categories, editing, dialog, missing } =
    loaderData;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const closeTo = withoutDialogParams(`${location.pathname}${location.search}`);

  const toast = actionData?.toast;
  useEffect(() => {
    if (toast) showToast(toast);
  }, [actionData, toast]);

  const first = (page - 1) * pageSize + 1;
  const last = first + items.length - 1;

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Marketplace"
        description="Artículos de segunda mano: revísalos, apruébalos y decide cuáles se ven en la tienda."
      >
        <Link to={dialogSearch(searchParams)} preventScrollReset className={buttonVariants()}>
          <Plus aria-hidden="true" />
          Añadir producto
        </Link>
      </AdminPageHeader>

      {missing ? (
        <p
          role="alert"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {MARKETPLACE_MESSAGES.gone}
        </p>
      ) : null}

      {items.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-700">
          No hay productos en el Marketplace.
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="max-md:[&_td]:px-2 max-md:[&_th]:px-2 w-full text-sm md:min-w-[720px]">
            <caption className="sr-only">Productos del Marketplace</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  Nombre
                </th>
                <th scope="col" className={cn(FROM_LG, "px-3 py-2 text-left font-semibold")}>
                  Condición
                </th>
                <th scope="col" className={cn(FROM_SM, "px-3 py-2 text-right font-semibold")}>
                  Precio
                </th>
                <th scope="col" className={cn(FROM_MD, "px-3 py-2 text-left font-semibold")}>
                  Aprobado
                </th>
                <th scope="col" className={cn(FROM_MD, "px-3 py-2 text-left font-semibold")}>
                  Visible
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  <span className={ACTION_TEXT_FROM_MD}>Acciones</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {items.map((item) => (
                <tr key={item.id}>
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                    {item.name}
                    {item.isSold ? (
                      <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                        Vendido
                      </span>
                    ) : null}
                    {item.categoryName ? (
                      <span className="block text-xs font-normal text-slate-600">
                        {item.categoryName}
                      </span>
                    ) : null}
                  </th>
                  <td className={cn(FROM_LG, "px-3 py-2 text-slate-800")}>
                    {MARKETPLACE_CONDITION_LABELS[item.condition]}
                  </td>
                  <td
                    className={cn(
                      FROM_SM,
                      "px-3 py-2 text-right whitespace-nowrap text-slate-900 tabular-nums",
                    )}
                  >
                    {item.priceCents === null ? "N/A" : formatCents(item.priceCents)}
                  </td>
                  <td className={cn(FROM_MD, "px-3 py-2")}>
                    <YesNoBadge value={item.isApprovedByAdmin} />
                  </td>
                  <td className={cn(FROM_MD, "px-3 py-2")}>
                    <YesNoBadge value={item.isPubliclyVisible} />
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex items-center justify-end gap-1">
                      <Link
                        to={dialogSearch(searchParams, item.id)}
                        preventScrollReset
                        className={buttonVariants({ variant: "ghost", size: "sm" })}
                      >
                        <Pencil aria-hidden="true" />
                        <span className={ACTION_TEXT_FROM_MD}>Editar</span>
                        <span className="sr-only">{` «${item.name}»`}</span>
                      </Link>
                      <ApprovalButton
                        id={item.id}
                        name={item.name}
                        approved={item.isApprovedByAdmin}
                      />
                      <ConfirmSubmit
                        fields={{ intent: MARKETPLACE_INTENTS.delete, id: String(item.id) }}
                        title="¿Eliminar este producto del Marketplace?"
                        description={`Se eliminará «${item.name}» con sus imágenes. Esta acción no se puede deshacer.`}
                        className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      >
                        <Trash2 aria-hidden="true" />
                        <span className={ACTION_TEXT_FROM_MD}>Eliminar</span>
                        <span className="sr-only">{` «${item.name}»`}</span>
                      </ConfirmSubmit>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <p className="text-sm text-slate-600">
        {total === 0
          ? "0 productos en el Marketplace."
          : pageCount > 1
            ? `Mostrando ${first}–${last} de ${total} productos en el Marketplace.`
            : `${total} ${total === 1 ? "producto" : "productos"} en el Marketplace.`}
      </p>
      <Pagination page={page} pageCount={pageCount} />

      <AdminFormDialog
        open={dialog !== null}
        closeTo={closeTo}
        title={
          dialog?.mode === "edit"
            ? "Editar producto del Marketplace"
            : "Añadir producto al Marketplace"
        }
        description="Los campos marcados con * son obligatorios."
        wide
      >
        <MarketplaceItemForm
          key={editing?.id ?? "nuevo"}
          item={editing}
          categories={categories}
          lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          closeTo={closeTo}
        />
      </AdminFormDialog>
    </div>
  );
}
