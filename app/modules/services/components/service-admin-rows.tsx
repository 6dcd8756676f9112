import { ListingRowActions, type ListingColumn } from "~/components/admin/listing-page";
import { FROM_MD, FROM_SM } from "~/components/admin/table-priority";
import { YesNoCell } from "~/components/admin/yes-no-badge";
import { formatCents } from "~/lib/money";
import { cn } from "~/lib/utils";
import {
  SERVICE_INTENTS,
  SERVICE_MESSAGES,
  SERVICE_PRICE_TYPE_SUFFIX,
  type ServicePriceType,
} from "../admin-schemas";

/** A row of /admin/servicios, as the loader sends it. */
export interface ServiceAdminRow {
  id: number;
  name: string;
  priceCents: number | null;
  priceType: ServicePriceType;
  isPubliclyVisible: boolean;
  categoryName: string | null;
  subcategoryName: string | null;
}

export const SERVICE_ADMIN_COLUMNS: ListingColumn[] = [
  { label: "Nombre" },
  { label: "Categoría", className: FROM_MD },
  { label: "Precio", align: "right" },
  { label: "Visible", className: FROM_SM },
];

/** The table's rows: name, category (and subcategory), price with its type, visibility. */
export function ServiceAdminRows({ items }: { items: ServiceAdminRow[] }) {
  return items.map((service) => (
    <tr key={service.id}>
      <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
        {service.name}
      </th>
      <td className={cn(FROM_MD, "px-3 py-2 text-slate-800")}>
        {service.categoryName ?? <span className="text-slate-500">Sin categoría</span>}
        {service.subcategoryName ? (
          <span className="block text-xs text-slate-600">{service.subcategoryName}</span>
        ) : null}
      </td>
      <td className="px-3 py-2 text-right text-slate-900 tabular-nums md:whitespace-nowrap">
        {service.priceCents === null
          ? "A consultar"
          : `${formatCents(service.priceCents)} ${SERVICE_PRICE_TYPE_SUFFIX[service.priceType]}`}
      </td>
      <YesNoCell className={FROM_SM} value={service.isPubliclyVisible} />
      <ListingRowActions
        id={service.id}
        name={service.name}
        deleteIntent={SERVICE_INTENTS.delete}
        deleteTitle={SERVICE_MESSAGES.confirmDelete}
      />
    </tr>
  ));
}
