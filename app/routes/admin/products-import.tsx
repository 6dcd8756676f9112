import { data } from "react-router";
import type { Route } from "./+types/products-import";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { BackLink } from "~/components/ui/back-link";
import { userContext } from "~/lib/context";
import { readLimitedFormData } from "~/lib/forms.server";
import { formAction } from "~/lib/action.server";
import { failureStatus, ok } from "~/lib/failure";
import { formatNumber } from "~/lib/numbers";
import { PRODUCT_CSV_LIMITS } from "~/lib/constants";
import {
  PRODUCT_CSV_BODY_BYTES,
  PRODUCT_CSV_INTENTS,
  PRODUCT_CSV_MESSAGES,
  productCsvUploadSchema,
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

export const meta: Route.MetaFunction = adminMeta("Importar productos");

const PRODUCTS_PAGE = "/admin/productos";

/** A request refused before any file is read: its report says why. */
function refused(message: string, status: number) {
  const report: ProductCsvReport = {
    intent: PRODUCT_CSV_INTENTS.check,
    fileName: "",
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
  // The file's size is capped before anything is parsed: a larger body is refused unread.
  const body = await readLimitedFormData(request, { maxBytes: PRODUCT_CSV_BODY_BYTES });
  if (!body.ok) {
    return body.reason === "too_large"
      ? refused(PRODUCT_CSV_MESSAGES.tooLarge(PRODUCT_CSV_LIMITS.maxFileBytes / 1024 ** 2), 413)
      : refused(PRODUCT_CSV_MESSAGES.noFile, 400);
  }
  return formAction(body.formData, {
    schema: productCsvUploadSchema,
    run: async ({ intent, file }) => {
      const outcome =
        intent === PRODUCT_CSV_INTENTS.import
          ? await importProductCsv(file, actor)
          : { ...(await checkProductCsv(file)), imported: false };
      return ok({ outcome, report: productCsvReport(intent, file.name, outcome) });
    },
    // Imported: back to the list. Otherwise the report: 200 for a clean dry run, 422 with problems.
    onSuccess: ({ outcome, report }) =>
      outcome.imported
        ? {
            redirectTo: PRODUCTS_PAGE,
            toast: {
              title: "Productos importados.",
              description: `${formatNumber(outcome.create)} nuevos, ${formatNumber(outcome.update)} actualizados y ${formatNumber(outcome.unchanged)} sin cambios.`,
            },
          }
        : data({ report }, { status: report.fileError || report.errorCount ? 422 : 200 }),
    // No file chosen (or a field that is not a file): said like a file that cannot be read.
    onFailure: (failure) => refused(failure.message, failureStatus(failure)),
  });
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
      <ProductCsvImportForm
        report={actionData && "report" in actionData ? actionData.report : undefined}
      />
    </div>
  );
}
