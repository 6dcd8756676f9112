import { data } from "react-router";
import type { Route } from "./+types/products-import";
import { AdminPageHeader } from "~/components/admin/page-header";
import { BackLink } from "~/components/ui/back-link";
import { userContext } from "~/lib/context";
import { readLimitedFormData } from "~/lib/forms.server";
import { pageTitle } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";
import { formatNumber } from "~/lib/numbers";
import { PRODUCT_CSV_LIMITS } from "~/lib/constants";
import {
  PRODUCT_CSV_BODY_BYTES,
  PRODUCT_CSV_FILE_FIELD,
  PRODUCT_CSV_INTENTS,
  PRODUCT_CSV_MESSAGES,
  type ProductCsvReport,
} from "~/modules/catalog/product-csv";
import {
  checkProductCsv,
  importProductCsv,
  productCsvReport,
} from "~/modules/catalog/product-csv.server";
import { ProductCsvImportForm } from "~/modules/catalog/components/admin-product-csv-import";

/*
 * /admin/productos/importar — upload a product CSV, check it (dry run, nothing written) or
 * import it (checked again, then all rows in one transaction). Behind the admin guard.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Importar productos · Administración") },
];

const PRODUCTS_PAGE = "/admin/productos";

function refused(fileName: string, message: string, status: number) {
  const report: ProductCsvReport = {
    intent: PRODUCT_CSV_INTENTS.check,
    fileName,
    fileError: message,
    rows: 0,
    create: 0,
    update: 0,
    unchanged: 0,
    errors: [],
    errorCount: 0,
  };
  return data({ report }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext); // the admin layout's middleware guarantees an admin
  const body = await readLimitedFormData(request, { maxBytes: PRODUCT_CSV_BODY_BYTES });
  if (!body.ok) {
    return body.reason === "too_large"
      ? refused("", PRODUCT_CSV_MESSAGES.tooLarge(PRODUCT_CSV_LIMITS.maxFileBytes / 1024 ** 2), 413)
      : refused("", PRODUCT_CSV_MESSAGES.noFile, 400);
  }
  const file = body.formData.get(PRODUCT_CSV_FILE_FIELD);
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) {
    return refused("", PRODUCT_CSV_MESSAGES.noFile, 400);
  }
  const intent =
    body.formData.get("intent") === PRODUCT_CSV_INTENTS.import
      ? PRODUCT_CSV_INTENTS.import
      : PRODUCT_CSV_INTENTS.check;
  if (intent === PRODUCT_CSV_INTENTS.import) {
    const result = await importProductCsv(file, actor);
    if (result.imported) {
      throw await redirectWithToast(PRODUCTS_PAGE, {
        title: "Productos importados.",
        description: `${formatNumber(result.create)} nuevos, ${formatNumber(result.update)} actualizados y ${formatNumber(result.unchanged)} sin cambios.`,
      });
    }
    const report = productCsvReport(intent, file.name, result);
    return data({ report }, { status: 422 });
  }
  const check = await checkProductCsv(file);
  const report = productCsvReport(intent, file.name, check);
  return data({ report }, { status: check.fileError || check.errors.length ? 422 : 200 });
}

export default function AdminProductsImportPage({ actionData }: Route.ComponentProps) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <BackLink to={PRODUCTS_PAGE}>Productos</BackLink>
        <AdminPageHeader
          title="Importar productos"
          description="Crea o actualiza productos desde un archivo CSV. Compruébalo primero: no se guarda nada hasta que pulses «Importar», y solo si no hay errores."
        />
      </div>
      <ProductCsvImportForm report={actionData?.report} />
    </div>
  );
}
