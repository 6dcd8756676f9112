import { Check } from "~/components/icons/check";
import { X } from "~/components/icons/x";
import { Form, useNavigation } from "react-router";
import { ListingRowActions, type ListingColumn } from "~/components/admin/listing-page";
import { ACTION_TEXT_FROM_MD, FROM_LG, FROM_MD, FROM_SM } from "~/components/admin/table-priority";
import { YesNoCell } from "~/components/admin/yes-no-badge";
import { Button } from "~/components/ui/button";
import { MARKETPLACE_CONDITION_LABELS } from "~/lib/constants";
import { formatCents } from "~/lib/money";
import { cn } from "~/lib/utils";
import { MARKETPLACE_INTENTS } from "../admin-schemas";

/** A row of /admin/marketplace-productos, as the loader sends it. */
export interface MarketplaceAdminRow {
  id: number;
  name: string;
  condition: keyof typeof MARKETPLACE_CONDITION_LABELS;
  priceCents: number | null;
  isApprovedByAdmin: boolean;
  isPubliclyVisible: boolean;
  isSold: boolean;
  categoryName: string | null;
}

export const MARKETPLACE_ADMIN_COLUMNS: ListingColumn[] = [
  { label: "Nombre" },
  { label: "Condición", className: FROM_LG },
  { label: "Precio", className: FROM_SM, align: "right" },
  { label: "Aprobado", className: FROM_MD },
  { label: "Visible", className: FROM_MD },
];

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

/** The table's rows: name (sold badge, category), condition, price, approval, visibility. */
export function MarketplaceAdminRows({ items }: { items: MarketplaceAdminRow[] }) {
  return items.map((item) => (
    <tr key={item.id}>
      <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
        {item.name}
        {item.isSold ? (
          <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            Vendido
          </span>
        ) : null}
        {item.categoryName ? (
          <span className="block text-xs font-normal text-slate-600">{item.categoryName}</span>
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
      <YesNoCell className={FROM_MD} value={item.isApprovedByAdmin} />
      <YesNoCell className={FROM_MD} value={item.isPubliclyVisible} />
      <ListingRowActions
        id={item.id}
        name={item.name}
        deleteIntent={MARKETPLACE_INTENTS.delete}
        deleteTitle="¿Eliminar este producto del Marketplace?"
      >
        <ApprovalButton id={item.id} name={item.name} approved={item.isApprovedByAdmin} />
      </ListingRowActions>
    </tr>
  ));
}
