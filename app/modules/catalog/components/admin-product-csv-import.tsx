import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { DataTable, TABLE_CARD } from "~/components/admin/admin-table";
import { nativeValidity } from "~/components/forms/native-validity";
import type { TableColumn } from "~/components/admin/table-headings";
import { Button } from "~/components/ui/button";
import { inputClassName } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { PRODUCT_CSV_LIMITS } from "~/lib/constants";
import { formatNumber } from "~/lib/numbers";
import { cn } from "~/lib/utils";
import {
  PRODUCT_CSV_FILE_FIELD,
  PRODUCT_CSV_HEADER,
  PRODUCT_CSV_MESSAGES,
  PRODUCT_CSV_INTENTS,
  type ProductCsvReport,
} from "../product-csv";

const MAX_MB = PRODUCT_CSV_LIMITS.maxFileBytes / 1024 ** 2;

/** A file's size as people read it: "850 KB", "12,4 MB". */
const formatMegabytes = (bytes: number) =>
  bytes < 1024 ** 2
    ? `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`
    : `${formatNumber(bytes / 1024 ** 2, { maximumFractionDigits: 1 })} MB`;

/** «Importar» or «Comprobar archivo» with no file chosen: said in Spanish, as the server would. */
const noFileMessage = nativeValidity({ valueMissing: PRODUCT_CSV_MESSAGES.noFile });

/**
 * The import form (a plain multipart post: works without JavaScript) and the dry run's or
 * failed import's report. «Comprobar archivo» writes nothing; «Importar» checks the file again
 * and writes every row in one transaction only if no row has a problem.
 */

export function ProductCsvImportForm({ report }: { report: ProductCsvReport | undefined }) {
  const navigation = useNavigation();
  const [chosen, setChosen] = useState<{ name: string; size: number } | null>(null);
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const importing = busy && navigation.formData?.get("intent") === PRODUCT_CSV_INTENTS.import;
  const clean = report && !report.fileError && report.errorCount === 0;

  return (
    <div className="grid gap-6">
      <Form
        method="post"
        encType="multipart/form-data"
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        aria-busy={busy}
      >
        <div className="grid gap-2">
          <Label htmlFor="product-csv-file">Archivo CSV</Label>
          <input
            id="product-csv-file"
            name={PRODUCT_CSV_FILE_FIELD}
            type="file"
            accept=".csv,text/csv"
            required
            aria-describedby="product-csv-file-hint"
            className={cn(inputClassName, "h-auto py-1.5")}
            onInvalid={noFileMessage.onInvalid}
            onChange={(event) => {
              noFileMessage.onChange(event);
              const file = event.currentTarget.files?.[0];
              setChosen(file ? { name: file.name, size: file.size } : null);
            }}
          />
          <p id="product-csv-file-hint" className="text-sm text-slate-600">
            Hasta {MAX_MB} MB y {formatNumber(PRODUCT_CSV_LIMITS.maxRows)} productos, en UTF-8 con
            «;» entre columnas (el formato de «Exportar CSV»).
            {chosen ? ` Seleccionado: ${chosen.name} (${formatMegabytes(chosen.size)}).` : ""}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          {/* The same submit button twice: the step that comes next is the filled one. */}
          {(
            [
              [PRODUCT_CSV_INTENTS.check, "Comprobar archivo", !clean],
              [PRODUCT_CSV_INTENTS.import, "Importar", clean],
            ] as const
          ).map(([intent, label, next]) => (
            <Button
              key={intent}
              type="submit"
              name="intent"
              value={intent}
              variant={next ? "default" : "outline"}
              disabled={busy}
            >
              {label}
            </Button>
          ))}
        </div>
        {busy ? (
          <div role="status" className="grid gap-2">
            {/* No value: the bar moves until the server answers (upload and every row's check). */}
            <progress className="h-2 w-full accent-brand-600" aria-label="Progreso" />
            <p className="text-sm text-slate-700">
              {importing ? "Subiendo, comprobando e importando" : "Subiendo y comprobando"}{" "}
              {chosen ? `«${chosen.name}» (${formatMegabytes(chosen.size)})` : "el archivo"}… Con
              muchos productos puede tardar un poco.
            </p>
          </div>
        ) : null}
      </Form>
      {report && !busy ? <ProductCsvReportView report={report} /> : null}
      <details className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
        <summary className="cursor-pointer font-medium text-slate-900">Formato del archivo</summary>
        <ul className="mt-3 list-disc space-y-1 pl-5">
          <li>
            Una fila por producto con todas estas columnas, en cualquier orden:{" "}
            <code className="break-words">{PRODUCT_CSV_HEADER.join(";")}</code>.
          </li>
          <li>
            El SKU identifica el producto: si ya existe se actualiza, si no se crea. Las filas sin
            SKU no se admiten. Los productos que no están en el archivo no cambian.
          </li>
          <li>
            Importes en euros con coma decimal (1234,50), peso en kg (0,189), IVA en porcentaje (21,
            10 o 4), sí/no en las columnas de sí o no, categoría y subcategoría por su slug,
            imágenes separadas por «|».
          </li>
          <li>Si alguna fila tiene un error no se guarda nada: todo o nada.</li>
        </ul>
      </details>
    </div>
  );
}

const ERROR_COLUMNS: TableColumn[] = [{ label: "Fila" }, { label: "Columna" }, { label: "Error" }];

function ProductCsvReportView({ report }: { report: ProductCsvReport }) {
  if (report.fileError) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">No se puede importar «{report.fileName}».</p>
        <p className="mt-1">{report.fileError}</p>
        <p className="mt-1 text-sm">No se ha guardado nada.</p>
      </div>
    );
  }
  const summary = `${formatNumber(report.rows)} filas: ${formatNumber(report.create)} productos nuevos, ${formatNumber(report.update)} con cambios y ${formatNumber(report.unchanged)} sin cambios.`;
  if (report.errorCount === 0) {
    return (
      <div
        role="status"
        className="rounded-xl border border-green-200 bg-green-50 p-4 text-green-900"
      >
        <p className="font-semibold">«{report.fileName}» no tiene errores.</p>
        <p className="mt-1">{summary}</p>
        <p className="mt-1 text-sm">
          Todavía no se ha guardado nada: pulsa «Importar» con el mismo archivo para guardarlo.
        </p>
      </div>
    );
  }
  const hidden = report.errorCount - report.errors.length;
  return (
    <section aria-labelledby="csv-errors-title" className="grid gap-3">
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p id="csv-errors-title" className="font-semibold">
          {report.errorCount === 1
            ? "«" + report.fileName + "» tiene 1 error."
            : `«${report.fileName}» tiene ${formatNumber(report.errorCount)} errores.`}{" "}
          No se ha guardado nada.
        </p>
        <p className="mt-1 text-sm">{summary} Corrige el archivo y vuelve a comprobarlo.</p>
      </div>
      <div className={TABLE_CARD}>
        <DataTable caption="Errores del archivo por fila" columns={ERROR_COLUMNS}>
          {report.errors.map((error, i) => (
            <tr key={i}>
              <td className="px-3 py-2 tabular-nums">{error.row}</td>
              <td className="px-3 py-2">{error.column ? <code>{error.column}</code> : "—"}</td>
              <td className="px-3 py-2">{error.message}</td>
            </tr>
          ))}
        </DataTable>
      </div>
      {hidden > 0 ? (
        <p className="text-sm text-slate-700">
          Y {formatNumber(hidden)} errores más: corrige estos y vuelve a comprobar el archivo.
        </p>
      ) : null}
    </section>
  );
}
