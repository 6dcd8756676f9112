import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Pencil } from "~/components/icons/pencil";
import { Trash2 } from "~/components/icons/trash-2";
import { Form, Link } from "react-router";
import { ConfirmSubmit } from "~/components/admin/confirm-submit";
import { useDialogLinks } from "~/components/admin/dialog-links";
import {
  AdminCheckboxField,
  AdminInputField,
  AdminSelectField,
  AdminTextareaField,
} from "~/components/admin/fields";
import { FilterFields, SearchFilter, SelectFilter } from "~/components/admin/filter-bar";
import { FilterForm } from "~/components/admin/filter-form";
import type { ListingColumn } from "~/components/admin/listing-page";
import { ACTION_TEXT_FROM_MD, FROM_MD, FROM_SM } from "~/components/admin/table-priority";
import { FormErrors } from "~/components/forms/form-errors";
import { useSubmitting } from "~/components/forms/use-submitting";
import { Button, buttonVariants } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import { centsToInput } from "~/lib/decimal-input";
import { formatCents } from "~/lib/money";
import { cn } from "~/lib/utils";
import { COUPON_MESSAGES, COUPONS_PATH } from "../constants";
import {
  COUPON_ADMIN_INTENTS,
  COUPON_KIND_LABELS,
  COUPON_SCOPE_LABELS,
  couponSchema,
} from "../schemas";

/* /admin/cupones: the filter bar, the table's rows and the add/edit form. */

/** "10 %" or "5,00 €". */
export function couponValueText(kind: "percent" | "fixed", value: number): string {
  return kind === "percent"
    ? `${(value / 100).toLocaleString("es-ES", { maximumFractionDigits: 2 })} %`
    : formatCents(value);
}

export function CouponFilters({ q, estado }: { q: string; estado: string | null }) {
  return (
    <FilterForm label="Buscar cupones">
      <FilterFields
        gridClassName="lg:grid-cols-[1fr_14rem_auto]"
        clearTo={COUPONS_PATH}
        filtered={Boolean(q || estado)}
      >
        <SearchFilter id="cupones-q" name="q" value={q} placeholder="Código o descripción" />
        <SelectFilter
          id="cupones-estado"
          label="Estado"
          name="estado"
          value={estado}
          options={[
            ["activos", "Activos"],
            ["inactivos", "Inactivos"],
          ]}
        />
      </FilterFields>
    </FilterForm>
  );
}

export const COUPON_ADMIN_COLUMNS: ListingColumn[] = [
  { label: "Código" },
  { label: "Descuento", align: "right" },
  { label: "Validez", className: FROM_MD },
  { label: "Usos", className: FROM_SM, align: "right" },
  { label: "Activo" },
];

export interface CouponAdminRow {
  id: number;
  code: string;
  description: string | null;
  kind: "percent" | "fixed";
  value: number;
  startsAt: Date | string | null;
  endsAt: Date | string | null;
  maxUses: number | null;
  usedCount: number;
  isActive: boolean;
  redemptions: number;
}

function validityText(row: CouponAdminRow) {
  const from = row.startsAt ? `desde el ${formatDate(row.startsAt)}` : "";
  const to = row.endsAt
    ? `hasta el ${formatDate(new Date(new Date(row.endsAt).getTime() - 1))}`
    : "";
  return [from, to].filter(Boolean).join(" ") || "Sin fechas";
}

/** The active switch: a real form (works without JavaScript). */
function ActiveSwitch({ row }: { row: CouponAdminRow }) {
  const busy = useSubmitting(COUPON_ADMIN_INTENTS.toggle);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={COUPON_ADMIN_INTENTS.toggle} />
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="isActive" value={row.isActive ? "false" : "true"} />
      <button
        type="submit"
        role="switch"
        aria-checked={row.isActive}
        aria-label={`Cupón ${row.code} activo`}
        disabled={busy}
        className={cn(
          "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors",
          row.isActive ? "bg-emerald-600" : "bg-slate-300",
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            "inline-block size-5 rounded-full bg-white shadow transition-transform",
            row.isActive ? "translate-x-5" : "translate-x-0.5",
          )}
        />
      </button>
    </Form>
  );
}

export function CouponAdminRows({ items }: { items: CouponAdminRow[] }) {
  const { editTo } = useDialogLinks();
  return items.map((row) => (
    <tr key={row.id}>
      <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
        <Link to={`${COUPONS_PATH}/${row.id}`} className="font-mono hover:underline">
          {row.code}
        </Link>
        {row.description ? (
          <span className="block text-xs font-normal text-slate-600">{row.description}</span>
        ) : null}
      </th>
      <td className="px-3 py-2 text-right tabular-nums">{couponValueText(row.kind, row.value)}</td>
      <td className={cn(FROM_MD, "px-3 py-2 text-slate-700")}>{validityText(row)}</td>
      <td className={cn(FROM_SM, "px-3 py-2 text-right tabular-nums")}>
        {row.usedCount}
        {row.maxUses === null ? "" : ` / ${row.maxUses}`}
      </td>
      <td className="px-3 py-2">
        <ActiveSwitch row={row} />
      </td>
      <td className="px-3 py-2">
        <div className="flex items-center justify-end gap-1">
          <Link
            to={`${COUPONS_PATH}/${row.id}`}
            className={buttonVariants({ variant: "ghost", size: "sm" })}
          >
            <span>Uso</span>
            <span className="sr-only">{` de ${row.code}`}</span>
          </Link>
          <Link
            to={editTo(row.id)}
            preventScrollReset
            className={buttonVariants({ variant: "ghost", size: "sm" })}
          >
            <Pencil aria-hidden="true" />
            <span className={ACTION_TEXT_FROM_MD}>Editar</span>
            <span className="sr-only">{` ${row.code}`}</span>
          </Link>
          {row.redemptions === 0 ? (
            <ConfirmSubmit
              fields={{ intent: COUPON_ADMIN_INTENTS.delete, id: String(row.id) }}
              title={COUPON_MESSAGES.confirmDelete}
              description={`Se eliminará el cupón «${row.code}». Nunca se ha usado en un pedido.`}
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
            >
              <Trash2 aria-hidden="true" />
              <span className={ACTION_TEXT_FROM_MD}>Eliminar</span>
              <span className="sr-only">{` ${row.code}`}</span>
            </ConfirmSubmit>
          ) : null}
        </div>
      </td>
    </tr>
  ));
}

/** The coupon being edited, as the loader sends it. */
export interface EditableCoupon {
  id: number;
  code: string;
  description: string | null;
  kind: "percent" | "fixed";
  value: number;
  minimumOrderCents: number | null;
  startsOn: string;
  endsOn: string;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  scope: "all" | "catalog" | "categories";
  categoryIds: number[];
  isActive: boolean;
  usedCount: number;
}

export function CouponForm({
  coupon,
  categories,
  lastResult,
}: {
  coupon: EditableCoupon | null;
  categories: { id: number; name: string }[];
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const { closeTo } = useDialogLinks();
  const busy = useSubmitting(COUPON_ADMIN_INTENTS.save, { untilLoaded: true });
  const [form, fields] = useForm({
    id: `coupon-${coupon?.id ?? "nuevo"}`,
    lastResult: busy ? null : lastResult,
    defaultValue: coupon
      ? {
          code: coupon.code,
          description: coupon.description ?? "",
          kind: coupon.kind,
          // Percent in basis points shown as "12,5"; fixed in cents as "5,00".
          value: centsToInput(coupon.value),
          minimumOrder: centsToInput(coupon.minimumOrderCents),
          startsOn: coupon.startsOn,
          endsOn: coupon.endsOn,
          maxUses: coupon.maxUses === null ? "" : String(coupon.maxUses),
          maxUsesPerCustomer:
            coupon.maxUsesPerCustomer === null ? "" : String(coupon.maxUsesPerCustomer),
          scope: coupon.scope,
          categoryIds: coupon.categoryIds.map(String),
          isActive: coupon.isActive ? "on" : undefined,
        }
      : { kind: "percent", scope: "all", isActive: "on" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: couponSchema }),
  });
  const chosen = new Set(coupon?.categoryIds ?? []);
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="intent" value={COUPON_ADMIN_INTENTS.save} />
      {coupon ? <input type="hidden" name="id" value={coupon.id} /> : null}
      <FormErrors
        id={form.errorId}
        errors={[...(form.errors ?? []), ...(fields.id.errors ?? [])]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminInputField
          label="Código"
          field={fields.code}
          required
          autoComplete="off"
          hint="De 3 a 32 caracteres: letras (A–Z), números, «-» y «_». Da igual mayúsculas o minúsculas."
        />
        <AdminCheckboxField label="Activo" field={fields.isActive} />
        <AdminTextareaField
          label="Descripción (interna)"
          field={fields.description}
          rows={2}
          className="sm:col-span-2"
        />
        <AdminSelectField label="Tipo de descuento" field={fields.kind} required>
          <option value="percent">{COUPON_KIND_LABELS.percent} (%)</option>
          <option value="fixed">{COUPON_KIND_LABELS.fixed} (€)</option>
        </AdminSelectField>
        <AdminInputField
          label="Valor"
          field={fields.value}
          required
          inputMode="decimal"
          hint="Un porcentaje (10 o 12,5) o un importe en euros (5,00). Nunca se aplica al envío."
        />
        <AdminInputField
          label="Pedido mínimo (€, opcional)"
          field={fields.minimumOrder}
          inputMode="decimal"
          hint="Se compara con el total de productos antes del descuento."
        />
        <div className="hidden sm:block" />
        <DateField label="Válido desde (opcional)" field={fields.startsOn} />
        <DateField label="Válido hasta, incluido (opcional)" field={fields.endsOn} />
        <p className="text-sm text-slate-600 sm:col-span-2">
          Fechas en hora de Madrid: desde las 00:00 del primer día hasta las 24:00 del último.
        </p>
        <AdminInputField
          label="Usos en total (opcional)"
          field={fields.maxUses}
          inputMode="numeric"
          hint={coupon ? `Usados ahora: ${coupon.usedCount}.` : "Vacío: sin límite."}
        />
        <AdminInputField
          label="Usos por cliente (opcional)"
          field={fields.maxUsesPerCustomer}
          inputMode="numeric"
          hint="Por cuenta o por correo electrónico. Vacío: sin límite."
        />
        <AdminSelectField
          label="Se aplica a"
          field={fields.scope}
          required
          className="sm:col-span-2"
        >
          {(["all", "catalog", "categories"] as const).map((scope) => (
            <option key={scope} value={scope}>
              {COUPON_SCOPE_LABELS[scope]}
            </option>
          ))}
        </AdminSelectField>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">
            Categorías (si se aplica solo a algunas)
          </legend>
          <div className="grid max-h-48 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-2">
            {categories.map((category) => (
              <label key={category.id} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name={fields.categoryIds.name}
                  value={category.id}
                  defaultChecked={chosen.has(category.id)}
                  className="size-4"
                />
                {category.name}
              </label>
            ))}
          </div>
          {fields.categoryIds.errors?.length ? (
            <p className="mt-1 text-sm text-red-700">{fields.categoryIds.errors.join(" ")}</p>
          ) : null}
        </fieldset>
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
        <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          Cancelar
        </Link>
        <Button type="submit" disabled={busy}>
          {busy ? "Guardando..." : coupon ? "Guardar cambios" : "Crear cupón"}
        </Button>
      </div>
    </Form>
  );
}

function DateField({
  label,
  field,
}: {
  label: string;
  field: { id: string; name: string; initialValue?: unknown; errors?: string[]; errorId: string };
}) {
  return (
    <div>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={field.id}
        name={field.name}
        type="date"
        defaultValue={typeof field.initialValue === "string" ? field.initialValue : ""}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={field.errors?.length ? field.errorId : undefined}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm"
      />
      {field.errors?.length ? (
        <p id={field.errorId} className="mt-1 text-sm text-red-700">
          {field.errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
