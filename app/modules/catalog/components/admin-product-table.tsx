import { Pencil } from "~/components/icons/pencil";
import { Trash2 } from "~/components/icons/trash-2";
import { TriangleAlert } from "~/components/icons/triangle-alert";
import type { ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { ConfirmSubmit } from "~/components/admin/confirm-submit";
import { DataTable, TABLE_CARD } from "~/components/admin/admin-table";
import type { TableColumn } from "~/components/admin/table-headings";
import { FROM_2XL, FROM_LG, FROM_MD, FROM_SM } from "~/components/admin/table-priority";
import { Pagination } from "~/components/layout/pagination";
import { buttonVariants } from "~/components/ui/button";
import { PRODUCT_CONDITION_LABELS } from "~/lib/constants";
import { formatShortDate } from "~/lib/dates";
import { imageUrl } from "~/lib/image-url";
import { formatCents } from "~/lib/money";
import { formatNumber } from "~/lib/numbers";
import { productPath } from "~/lib/slug";
import type { TableSort } from "~/lib/table-params";
import { cn } from "~/lib/utils";
import { PRODUCT_INTENTS, type ProductSortColumn } from "../admin-product-schemas";
import type { AdminProductRow } from "../admin-products.server";
import { salePriceOf } from "../pricing";

/**
 * The actions stay in sight while a narrow screen scrolls the table sideways. Icons only below
 * 1536 px (each keeps its aria-label), so at 1280 px every column fits beside them.
 */
const ACTION_TEXT_FROM_2XL = "sr-only 2xl:not-sr-only";
const STICKY_ACTIONS = "sticky right-0 px-3 py-2 shadow-[-8px_0_8px_-8px_rgb(15_23_42/0.15)]";

const COLUMNS: TableColumn[] = [
  { label: "Imagen", className: FROM_SM, labelClassName: "sr-only" },
  { label: "Nombre", sort: "nombre" },
  { label: "SKU", className: FROM_2XL, sort: "sku" },
  { label: "Categoría", className: FROM_MD },
  { label: "Condición", className: FROM_2XL },
  { label: "Precio", sort: "precio" },
  { label: "Stock", className: FROM_SM, sort: "stock" },
  { label: "Visible", className: FROM_MD },
  { label: "Alta", className: FROM_LG, sort: "creado" },
  {
    label: "Acciones",
    className: cn(STICKY_ACTIONS, "bg-slate-50"),
    align: "right",
    labelClassName: "sr-only md:not-sr-only",
  },
];

interface ProductList {
  items: AdminProductRow[];
  total: number;
  page: number;
  pageCount: number;
  perPage: number;
}

/** The admin product table (spec §7): count line, sortable priority columns, pagination. */
export function AdminProductTable({
  list,
  sort,
  filtered,
  editTo,
}: {
  list: ProductList;
  sort: TableSort<ProductSortColumn>;
  filtered: boolean;
  editTo: (id: number) => string;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const first = list.total === 0 ? 0 : (list.page - 1) * list.perPage + 1;
  const last = Math.min(list.total, list.page * list.perPage);
  return (
    <section aria-labelledby="tabla-productos" aria-busy={loading || undefined}>
      <h2 id="tabla-productos" className="sr-only">
        Listado de productos
      </h2>
      <p className="mb-2 text-sm text-slate-700" aria-live="polite">
        {list.total === 0
          ? filtered
            ? "Ningún producto coincide con la búsqueda o los filtros."
            : "¡Vaya! No hay productos aquí."
          : `Mostrando ${formatNumber(first)}–${formatNumber(last)} de ${formatNumber(list.total)} productos`}
      </p>
      {list.total > 0 ? (
        <div className={TABLE_CARD}>
          <DataTable caption="Productos" columns={COLUMNS} sort={sort}>
            {list.items.map((product) => (
              <ProductRow key={product.id} product={product} editTo={editTo(product.id)} />
            ))}
          </DataTable>
        </div>
      ) : null}
      <Pagination page={list.page} pageCount={list.pageCount} />
    </section>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-slate-500">{children}</span>;
}

function ProductRow({ product, editTo }: { product: AdminProductRow; editTo: string }) {
  const low = product.minimumStockLevel > 0 && product.stockQuantity <= product.minimumStockLevel;
  const condition = PRODUCT_CONDITION_LABELS[product.condition];
  return (
    <tr className="align-middle">
      <td className={cn(FROM_SM, "px-3 py-2")}>
        {product.imageKey ? (
          <img
            src={imageUrl(product.imageKey, 320)}
            alt=""
            width={48}
            height={36}
            loading="lazy"
            decoding="async"
            className="h-9 w-12 max-w-none rounded border border-slate-200 object-cover"
          />
        ) : (
          <span className="block h-9 w-12 rounded border border-dashed border-slate-300 bg-slate-50" />
        )}
      </td>
      <td className="max-w-72 min-w-28 px-3 py-2 md:min-w-48">
        {product.isPubliclyVisible ? (
          <Link
            to={productPath(product)}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {product.name}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{product.name}</span>
        )}
        {product.subcategoryName ? (
          <span className="block text-xs text-slate-600">{product.subcategoryName}</span>
        ) : null}
        {/* The SKU column shows from 1536 px; until then the SKU is here. */}
        {product.sku ? (
          <span className="block font-mono text-xs text-slate-700 2xl:hidden">
            <span className="sr-only">SKU: </span>
            {product.sku}
          </span>
        ) : null}
      </td>
      <td className={cn(FROM_2XL, "px-3 py-2 font-mono text-xs whitespace-nowrap text-slate-800")}>
        {product.sku ?? <Muted>—</Muted>}
      </td>
      <td className={cn(FROM_MD, "px-3 py-2 text-slate-800")}>
        {product.categoryName ?? <Muted>Sin categoría</Muted>}
        {/* The Condición column shows from 1536 px; until then it is here. */}
        <span className="block text-xs text-slate-600 2xl:hidden">{condition}</span>
      </td>
      <td className={cn(FROM_2XL, "px-3 py-2 text-slate-800")}>{condition}</td>
      <td className="px-3 py-2 md:whitespace-nowrap">
        <PriceCell product={product} />
        {/* The Stock column shows from 640 px; until then the stock is here. */}
        <span
          className={cn(
            "block text-xs sm:hidden",
            low ? "font-semibold text-amber-800" : "text-slate-700",
          )}
        >
          Stock: {formatNumber(product.stockQuantity)}
          {low ? " (bajo)" : ""}
        </span>
      </td>
      <td className={cn(FROM_SM, "px-3 py-2 whitespace-nowrap")}>
        <span className={cn("font-semibold", low ? "text-amber-800" : "text-slate-900")}>
          {formatNumber(product.stockQuantity)}
        </span>
        {low ? (
          <span className="mt-0.5 flex items-start gap-1 text-xs font-medium text-amber-800">
            <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
            <span>
              Stock bajo{" "}
              <span className="block font-normal">
                (mín. {formatNumber(product.minimumStockLevel)})
              </span>
            </span>
          </span>
        ) : null}
      </td>
      <td className={cn(FROM_MD, "px-3 py-2 text-slate-800")}>
        {product.isPubliclyVisible ? "Sí" : "No"}
      </td>
      <td className={cn(FROM_LG, "px-3 py-2 whitespace-nowrap text-slate-700")}>
        {formatShortDate(product.createdAt)}
      </td>
      <td className={cn(STICKY_ACTIONS, "bg-white")}>
        <RowActions product={product} editTo={editTo} />
      </td>
    </tr>
  );
}

function PriceCell({ product }: { product: AdminProductRow }) {
  const salePrice = salePriceOf(product);
  if (salePrice === null) {
    return <span className="text-slate-900">{formatCents(product.priceCents)}</span>;
  }
  return (
    <>
      <span className="font-semibold text-red-700">{formatCents(salePrice)}</span>{" "}
      <span className="text-xs text-slate-700">(oferta)</span>
      <s className="block text-xs text-slate-600">
        <span className="sr-only">Antes: </span>
        {formatCents(product.priceCents)}
      </s>
    </>
  );
}

function RowActions({ product, editTo }: { product: AdminProductRow; editTo: string }) {
  return (
    <div className="flex justify-end gap-1">
      <Link
        to={editTo}
        preventScrollReset
        aria-label={`Editar ${product.name}`}
        className={buttonVariants({ variant: "ghost", size: "sm" })}
      >
        <Pencil aria-hidden="true" />
        <span className={ACTION_TEXT_FROM_2XL}>Editar</span>
      </Link>
      <ConfirmSubmit
        fields={{ intent: PRODUCT_INTENTS.delete, id: String(product.id) }}
        title="¿Estás seguro de que quieres eliminar este producto?"
        description={
          <>
            <strong>{product.name}</strong> y sus imágenes se borrarán definitivamente.
          </>
        }
        aria-label={`Eliminar ${product.name}`}
        className="text-red-700 hover:bg-red-50 hover:text-red-800"
      >
        <Trash2 aria-hidden="true" />
        <span className={ACTION_TEXT_FROM_2XL}>Eliminar</span>
      </ConfirmSubmit>
    </div>
  );
}
