import type { SubmissionResult } from "@conform-to/react";
import { AdminFormDialog } from "~/components/admin/form-dialog";
import { AdminProductForm, type CategoryOption, type EditableProduct } from "./admin-product-form";

/** The add/edit product dialog (`?nuevo`, `?editar=12`); closing goes to `closeTo`. */
export function AdminProductDialog({
  open,
  product,
  categories,
  lastResult,
  closeTo,
}: {
  open: boolean;
  product: EditableProduct | null;
  categories: CategoryOption[];
  lastResult: SubmissionResult<string[]> | null | undefined;
  closeTo: string;
}) {
  return (
    <AdminFormDialog
      open={open}
      closeTo={closeTo}
      title={product ? "Editar producto" : "Añadir producto"}
      description={
        product
          ? `Cambia los datos de «${product.name}».`
          : "Los campos Nombre, Descripción, Precio y Categoría son obligatorios."
      }
      wide
    >
      <AdminProductForm
        key={product?.id ?? "nuevo"}
        product={product}
        categories={categories}
        lastResult={lastResult}
        closeTo={closeTo}
      />
    </AdminFormDialog>
  );
}
