import { Plus } from "~/components/icons/plus";
import { Download } from "~/components/icons/download";
import { Upload } from "~/components/icons/upload";
import { Link } from "react-router";
import type { Route } from "./+types/products";
import { adminMeta } from "~/components/admin/admin-meta";
import { revalidateAfterConflict } from "~/lib/edit-version";
import { useDialogLinks } from "~/components/admin/dialog-links";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useActionToast } from "~/components/forms/use-action-toast";
import { buttonVariants } from "~/components/ui/button";
import { dispatchIntent, formAction } from "~/lib/action.server";
import { withoutDialogParams } from "~/lib/admin-dialog";
import { userContext } from "~/lib/context";
import { invalid } from "~/lib/failure";
import { redirectWithToast } from "~/lib/toast.server";
import {
  deleteProductSchema,
  PRODUCT_INTENTS,
  productFormSchema,
} from "~/modules/catalog/admin-product-schemas";
import {
  createProduct,
  deleteProduct,
  loadAdminProductsPage,
  updateProduct,
} from "~/modules/catalog/admin-products.server";
import { PRODUCT_CSV_PATHS } from "~/modules/catalog/product-csv";
import { AdminProductDialog } from "~/modules/catalog/components/admin-product-dialog";
import { AdminProductFilters } from "~/modules/catalog/components/admin-product-filters";
import { AdminProductStats } from "~/modules/catalog/components/admin-product-stats";
import { AdminProductTable } from "~/modules/catalog/components/admin-product-table";

export const meta: Route.MetaFunction = adminMeta("Productos");
// After a refused stale save (409) the edit form needs the row's new version.
export const shouldRevalidate = revalidateAfterConflict;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await loadAdminProductsPage(url.searchParams);
  if (page.editMissing) {
    throw await redirectWithToast(withoutDialogParams(url), {
      title: "No se encontró el producto.",
      description: "Puede que otro administrador lo haya eliminado.",
      variant: "destructive",
    });
  }
  return page;
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext); // the admin layout's middleware guarantees an admin
  const back = withoutDialogParams(request.url);
  return dispatchIntent(request, {
    [PRODUCT_INTENTS.create]: (formData) =>
      formAction(formData, {
        schema: productFormSchema,
        intent: PRODUCT_INTENTS.create,
        run: (values) => createProduct(values, actor),
        onSuccess: () => ({ redirectTo: back, toast: { title: "Producto creado correctamente." } }),
      }),
    [PRODUCT_INTENTS.update]: (formData) =>
      formAction(formData, {
        schema: productFormSchema,
        intent: PRODUCT_INTENTS.update,
        run: async (values) =>
          values.id === undefined ? invalid(MISSING_ID) : updateProduct(values.id, values, actor),
        onSuccess: () => ({
          redirectTo: back,
          toast: { title: "Producto actualizado correctamente." },
        }),
      }),
    [PRODUCT_INTENTS.delete]: (formData) =>
      formAction(formData, {
        schema: deleteProductSchema,
        intent: PRODUCT_INTENTS.delete,
        failureTitle: DELETE_FAILED,
        invalidToast: () => ({
          title: DELETE_FAILED,
          description: "La petición no es válida. Recarga la página e inténtalo de nuevo.",
          variant: "destructive",
        }),
        run: ({ id }) => deleteProduct(id, actor),
        onSuccess: () => ({ redirectTo: back, toast: { title: "Producto eliminado." } }),
      }),
  });
}

const MISSING_ID = "No se pudo actualizar el producto. Falta su identificador: recarga la página.";
const DELETE_FAILED = "No se pudo eliminar el producto.";

export default function AdminProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, list, categories, editing, params } = loaderData;
  const { dialog, closeTo, addTo, editTo } = useDialogLinks();
  useActionToast(actionData);

  return (
    // One column that never grows past the screen: the wide table scrolls inside its box.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <AdminPageHeader
        title="Productos"
        description="Todo el catálogo, también lo oculto: stock, precios y datos internos."
      >
        {/* The CSV export and import (product-csv.ts): a download, then its own page. */}
        <a
          href={PRODUCT_CSV_PATHS.export}
          className={buttonVariants({ variant: "outline" })}
          download
        >
          <Download aria-hidden="true" />
          Exportar CSV
        </a>
        <Link to={PRODUCT_CSV_PATHS.import} className={buttonVariants({ variant: "outline" })}>
          <Upload aria-hidden="true" />
          Importar CSV
        </Link>
        <Link to={addTo} preventScrollReset className={buttonVariants()}>
          <Plus aria-hidden="true" />
          Añadir producto
        </Link>
      </AdminPageHeader>
      <AdminProductStats stats={stats} />
      <AdminProductFilters categories={categories} />
      <AdminProductTable
        list={list}
        sort={params.sort}
        filtered={Object.keys(params.filters).length > 0}
        editTo={editTo}
      />
      <AdminProductDialog
        open={editing !== null || dialog?.mode === "add"}
        product={editing}
        categories={categories}
        lastResult={actionData?.result}
        closeTo={closeTo}
      />
    </div>
  );
}
