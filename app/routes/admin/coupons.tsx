import { data } from "react-router";
import type { Route } from "./+types/coupons";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminListingPage } from "~/components/admin/listing-page";
import { replyFor } from "~/components/forms/reply-for";
import { useActionToast } from "~/components/forms/use-action-toast";
import { dispatchIntent, formAction } from "~/lib/action.server";
import { readDialogParams, withoutDialogParams } from "~/lib/admin-dialog";
import { userContext } from "~/lib/context";
import { parsePage } from "~/lib/pagination";
import {
  couponCategoryOptions,
  createCoupon,
  deleteCoupon,
  getCouponForEdit,
  listCoupons,
  readCouponFilters,
  setCouponActive,
  updateCoupon,
} from "~/modules/coupons/admin.server";
import { COUPON_MESSAGES } from "~/modules/coupons/constants";
import {
  COUPON_ADMIN_COLUMNS,
  CouponAdminRows,
  CouponFilters,
  CouponForm,
} from "~/modules/coupons/components/coupon-admin";
import {
  COUPON_ADMIN_INTENTS,
  couponDeleteSchema,
  couponSchema,
  couponToggleSchema,
} from "~/modules/coupons/schemas";

export const meta: Route.MetaFunction = adminMeta("Cupones");

export async function loader({ request }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const filters = readCouponFilters(searchParams);
  const dialog = readDialogParams(searchParams);
  const [list, categories, editing] = await Promise.all([
    listCoupons(filters, parsePage(searchParams)),
    couponCategoryOptions(),
    dialog?.mode === "edit" ? getCouponForEdit(dialog.id) : Promise.resolve(null),
  ]);
  const missing = dialog?.mode === "edit" && !editing;
  return { ...list, filters, categories, editing, dialog: missing ? null : dialog, missing };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext); // the admin layout's middleware guarantees an admin
  const back = withoutDialogParams(request.url);
  const done = (description: string) => ({
    redirectTo: back,
    toast: { title: "Éxito", description },
  });
  return dispatchIntent(request, {
    [COUPON_ADMIN_INTENTS.save]: (formData) =>
      formAction(formData, {
        schema: couponSchema,
        intent: COUPON_ADMIN_INTENTS.save,
        run: ({ id, intent: _intent, ...input }) =>
          id === undefined ? createCoupon(input, actor) : updateCoupon(id, input, actor),
        onSuccess: (_, { id }) =>
          done(id === undefined ? COUPON_MESSAGES.created : COUPON_MESSAGES.updated),
        failureTitle: ({ id }) =>
          id === undefined ? COUPON_MESSAGES.createFailed : COUPON_MESSAGES.updateFailed,
      }),
    [COUPON_ADMIN_INTENTS.toggle]: (formData) =>
      formAction(formData, {
        schema: couponToggleSchema,
        intent: COUPON_ADMIN_INTENTS.toggle,
        run: ({ id, isActive }) => setCouponActive(id, isActive, actor),
        onSuccess: ({ isActive }) =>
          done(isActive ? COUPON_MESSAGES.activated : COUPON_MESSAGES.deactivated),
        onFailure: (failure) => {
          if (failure.kind === "not_found") throw data(null, { status: 404 });
          return undefined;
        },
      }),
    [COUPON_ADMIN_INTENTS.delete]: (formData) =>
      formAction(formData, {
        schema: couponDeleteSchema,
        intent: COUPON_ADMIN_INTENTS.delete,
        run: ({ id }) => deleteCoupon(id, actor),
        onSuccess: () => done(COUPON_MESSAGES.deleted),
        failureTitle: COUPON_MESSAGES.deleteFailed,
      }),
  });
}

export default function AdminCouponsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, categories, editing, dialog, missing, filters } = loaderData;
  useActionToast(actionData);
  const filtered = Boolean(filters.q || filters.estado);
  return (
    <AdminListingPage
      title="Cupones"
      description="Códigos de descuento para la tienda: porcentaje o importe, fechas, límites de uso y a qué productos se aplican."
      addLabel="Añadir cupón"
      notice={<CouponFilters q={filters.q} estado={filters.estado} />}
      missing={missing ? COUPON_MESSAGES.gone : null}
      empty={filtered ? "Ningún cupón coincide con la búsqueda." : "No hay cupones todavía."}
      caption="Cupones"
      tableClassName="md:min-w-[720px]"
      columns={COUPON_ADMIN_COLUMNS}
      rows={<CouponAdminRows items={items} />}
      noun={{ one: "cupón", many: "cupones" }}
      list={loaderData}
      dialog={dialog}
      dialogTitles={{ add: "Añadir cupón", edit: "Editar cupón" }}
      form={
        <CouponForm
          coupon={editing}
          categories={categories}
          lastResult={replyFor(actionData, COUPON_ADMIN_INTENTS.save)}
        />
      }
    />
  );
}
