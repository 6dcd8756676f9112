import { parseWithZod } from "@conform-to/zod/v4";
import {
  TriangleAlert as triangleAlertIcon,
  Pencil as pencilIcon,
  Plus as plusIcon,
  Search as searchIcon,
  Trash2 as trash2Icon,
} from "lucide";
import { icon } from "~/components/ui/icons";
import { useEffect, type FormEvent } from "react";
import { data, Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/products";
import { ConfirmSubmit } from "~/components/admin/confirm-submit";
import { AdminFormDialog } from "~/components/admin/form-dialog";
import { AdminPageHeader } from "~/components/admin/page-header";
import { FROM_2XL, FROM_LG, FROM_MD, FROM_SM } from "~/components/admin/table-priority";
import { SortHeader } from "~/components/admin/sort-header";
import { StatCards } from "~/components/admin/stat-cards";
import { Pagination } from "~/components/layout/pagination";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { showToast } from "~/components/ui/toaster";
import { PRODUCT_CONDITION_LABELS } from "~/lib/constants";
import { formatShortDate } from "~/lib/dates";
import { userContext } from "~/lib/context";
import { readFormData } from "~/lib/forms.server";
import type { Actor } from "~/modules/activity/activity.server";
import { imageUrl } from "~/lib/image-url";
import { formatCents } from "~/lib/money";
import { productPath } from "~/lib/slug";
import { SORT_PARAMS } from "~/lib/table-params";
import type { ToastInput } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";
import {
  CONDITION_OPTIONS,
  deleteProductSchema,
  parseAdminProductParams,
  PRODUCT_FILTER_PARAMS,
  PRODUCT_INTENTS,
  productFormSchema,
  VISIBILITY_OPTIONS,
} from "~/modules/catalog/admin-product-schemas";
import {
  createProduct,
  deleteProduct,
  loadAdminProductsPage,
  updateProduct,
} from "~/modules/catalog/admin-products.server";
import { AdminProductForm } from "~/modules/catalog/components/admin-product-form";
import { salePriceOf } from "~/modules/catalog/pricing";
import { pageTitle } from "~/lib/page-title";
import { formatNumber } from "~/lib/numbers";

const TriangleAlert = icon(triangleAlertIcon);
const Pencil = icon(pencilIcon);
const Plus = icon(plusIcon);
const Search = icon(searchIcon);
const Trash2 = icon(trash2Icon);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Productos · Administración") },
];

/** The dialog's URL parameters (AdminFormDialog): `?nuevo` and `?editar=<id>`. */
const DIALOG_PARAMS = { create: "nuevo", edit: "editar" } as const;

/** The same page without the dialog: where saving, deleting and closing go back to. */
function listUrl(url: URL) {
  const params = new URLSearchParams(url.search);
  params.delete(DIALOG_PARAMS.create);
  params.delete(DIALOG_PARAMS.edit);
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseAdminProductParams(url.searchParams);
  const editParam = url.searchParams.get(DIALOG_PARAMS.edit);
  const editId = editParam && /^[1-9]\d{0,9}$/.test(editParam) ? Number(editParam) : undefined;
  const page = await loadAdminProductsPage(params, { editId });
  if (editParam !== null && !page.editing) {
    throw await redirectWithToast(listUrl(url), {
      title: "No se encontró el producto.",
      description: "Puede que otro administrador lo haya eliminado.",
      variant: "destructive",
    });
  }
  return {
    ...page,
    params,
    creating: url.searchParams.has(DIALOG_PARAMS.create),
  };
}

async function save(
  formData: FormData,
  url: URL,
  intent: "create" | "update",
  actor: Actor | null,
) {
  const submission = parseWithZod(formData, { schema: productFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), toast: null }, { status: 400 });
  }
  const values = submission.value;
  const verb = intent === "create" ? "crear" : "actualizar";
  if (intent === "update" && values.id === undefined) {
    const message = `No se pudo ${verb} el producto. Falta su identificador: recarga la página.`;
    return data(
      { result: submission.reply({ formErrors: [message] }), toast: null },
      { status: 400 },
    );
  }
  const result =
    intent === "create"
      ? await createProduct(values, actor)
      : await updateProduct(values.id!, values, actor);
  if (!result.ok) {
    if (result.notFound) {
      return redirectWithToast(listUrl(url), {
        title: `No se pudo ${verb} el producto.`,
        description: "Ya no existe: puede que otro administrador lo haya eliminado.",
        variant: "destructive",
      });
    }
    if (result.field) {
      return data(
        {
          result: submission.reply({ fieldErrors: { [result.field]: [result.message] } }),
          toast: null,
        },
        { status: result.field === "sku" ? 409 : 400 },
      );
    }
    // An unexpected database failure (logged by the domain): nothing was saved.
    const toast: ToastInput = {
      title: `No se pudo ${verb} el producto.`,
      description: "Error del servidor. Tus datos siguen en el formulario: inténtalo de nuevo.",
      variant: "destructive",
    };
    return data(
      { result: submission.reply({ formErrors: [result.message] }), toast },
      { status: 500 },
    );
  }
  return redirectWithToast(listUrl(url), {
    title:
      intent === "create"
        ? "Producto creado correctamente."
        : "Producto actualizado correctamente.",
  });
}

async function remove(formData: FormData, url: URL, actor: Actor | null) {
  const parsed = deleteProductSchema.safeParse(Object.fromEntries(formData));
  const deleted = parsed.success ? await deleteProduct(parsed.data.id, actor) : false;
  return redirectWithToast(
    listUrl(url),
    deleted
      ? { title: "Producto eliminado." }
      : {
          title: "No se pudo eliminar el producto.",
          description: parsed.success
            ? "Ya no existe: puede que otro administrador lo haya eliminado."
            : "La petición no es válida. Recarga la página e inténtalo de nuevo.",
          variant: "destructive",
        },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const url = new URL(request.url);
  const actor = context.get(userContext); // the admin layout's middleware guarantees an admin
  switch (formData.get("intent")) {
    case PRODUCT_INTENTS.create:
      return save(formData, url, "create", actor);
    case PRODUCT_INTENTS.update:
      return save(formData, url, "update", actor);
    case PRODUCT_INTENTS.delete:
      return remove(formData, url, actor);
    default:
      throw data({ message: "Acción desconocida." }, { status: 400 });
  }
}

/**
 * The actions stay in sight while a narrow screen scrolls the table sideways. Icons only below
 * 1536 px (each keeps its aria-label), so at 1280 px every column fits beside them.
 */
const ACTION_TEXT_FROM_2XL = "sr-only 2xl:not-sr-only";
const STICKY_ACTIONS = "sticky right-0 px-3 py-2 shadow-[-8px_0_8px_-8px_rgb(15_23_42/0.15)]";

/** The search box and the advanced filters: a GET form, so it works without JavaScript. */
function ProductFilters({ categories }: { categories: { id: number; name: string }[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const current = new URLSearchParams(location.search);
  const value = (name: string) => current.get(name) ?? "";
  const advancedNames = Object.values(PRODUCT_FILTER_PARAMS).filter((name) => name !== "q");
  const advancedActive = advancedNames.some((name) => value(name) !== "");
  const sortColumn = current.get(SORT_PARAMS.column);
  const sortDirection = current.get(SORT_PARAMS.direction);

  // With JavaScript, empty fields stay out of the URL; without it, the server ignores them.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, field] of new FormData(event.currentTarget)) {
      if (typeof field === "string" && field.trim() !== "") params.append(name, field.trim());
    }
    const query = params.toString();
    void navigate({ pathname: location.pathname, search: query ? `?${query}` : "" });
  };

  const labelClass = "mb-1 block text-sm font-medium text-slate-800";
  return (
    <Form
      method="get"
      role="search"
      aria-label="Buscar productos"
      onSubmit={onSubmit}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      {sortColumn ? <input type="hidden" name={SORT_PARAMS.column} value={sortColumn} /> : null}
      {sortDirection ? (
        <input type="hidden" name={SORT_PARAMS.direction} value={sortDirection} />
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="buscar-productos" className={labelClass}>
            Buscar
          </label>
          <Input
            id="buscar-productos"
            type="search"
            name={PRODUCT_FILTER_PARAMS.q}
            defaultValue={value(PRODUCT_FILTER_PARAMS.q)}
            key={`q-${value(PRODUCT_FILTER_PARAMS.q)}`}
            placeholder="Nombre, SKU, EAN o marca"
          />
        </div>
        <button type="submit" className={buttonVariants()}>
          <Search aria-hidden="true" />
          Buscar
        </button>
      </div>
      <details open={advancedActive} className="group mt-3">
        <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline">
          Filtros avanzados{advancedActive ? " (activos)" : ""}
        </summary>
        <div key={location.search} className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <div>
            <label htmlFor="filtro-sku" className={labelClass}>
              SKU
            </label>
            <Input
              id="filtro-sku"
              name={PRODUCT_FILTER_PARAMS.sku}
              defaultValue={value(PRODUCT_FILTER_PARAMS.sku)}
            />
          </div>
          <div>
            <label htmlFor="filtro-proveedor" className={labelClass}>
              Proveedor
            </label>
            <Input
              id="filtro-proveedor"
              name={PRODUCT_FILTER_PARAMS.supplier}
              defaultValue={value(PRODUCT_FILTER_PARAMS.supplier)}
            />
          </div>
          <div>
            <label htmlFor="filtro-categoria" className={labelClass}>
              Categoría
            </label>
            <NativeSelect
              id="filtro-categoria"
              name={PRODUCT_FILTER_PARAMS.category}
              defaultValue={value(PRODUCT_FILTER_PARAMS.category)}
            >
              <option value="">Todas</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div>
            <label htmlFor="filtro-condicion" className={labelClass}>
              Condición
            </label>
            <NativeSelect
              id="filtro-condicion"
              name={PRODUCT_FILTER_PARAMS.condition}
              defaultValue={value(PRODUCT_FILTER_PARAMS.condition)}
            >
              <option value="">Todas</option>
              {CONDITION_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div>
            <label htmlFor="filtro-visibilidad" className={labelClass}>
              Visibilidad
            </label>
            <NativeSelect
              id="filtro-visibilidad"
              name={PRODUCT_FILTER_PARAMS.visibility}
              defaultValue={value(PRODUCT_FILTER_PARAMS.visibility)}
            >
              <option value="">Todos</option>
              {Object.entries(VISIBILITY_OPTIONS).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col justify-end gap-2">
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name={PRODUCT_FILTER_PARAMS.onSale}
                value="si"
                defaultChecked={value(PRODUCT_FILTER_PARAMS.onSale) === "si"}
                className="size-4 accent-brand-700"
              />
              Solo en oferta
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name={PRODUCT_FILTER_PARAMS.lowStock}
                value="bajo"
                defaultChecked={value(PRODUCT_FILTER_PARAMS.lowStock) === "bajo"}
                className="size-4 accent-brand-700"
              />
              Solo con stock bajo
            </label>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="submit" className={buttonVariants({ variant: "outline" })}>
            Aplicar filtros
          </button>
          <Link to={location.pathname} className={buttonVariants({ variant: "ghost" })}>
            Quitar filtros
          </Link>
        </div>
      </details>
    </Form>
  );
}

export default function AdminProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, list, categories, editing, creating, params } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const toast = actionData?.toast;
  useEffect(() => {
    if (toast) showToast(toast);
  }, [actionData, toast]);

  // The page's URL without the dialog, and with it (`?nuevo`, `?editar=12`).
  const listSearch = new URLSearchParams(location.search);
  listSearch.delete(DIALOG_PARAMS.create);
  listSearch.delete(DIALOG_PARAMS.edit);
  const listQuery = listSearch.toString();
  const closeTo = `${location.pathname}${listQuery ? `?${listQuery}` : ""}`;
  const withDialog = (param: string) =>
    `${location.pathname}?${listQuery ? `${listQuery}&` : ""}${param}`;

  const filtered = Object.keys(params.filters).length > 0;
  const first = list.total === 0 ? 0 : (list.page - 1) * list.perPage + 1;
  const last = Math.min(list.total, list.page * list.perPage);
  const loading =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;

  return (
    // One column that never grows past the screen: the wide table scrolls inside its box.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <AdminPageHeader
        title="Productos"
        description="Todo el catálogo, también lo oculto: stock, precios y datos internos."
      >
        <Link to={withDialog(DIALOG_PARAMS.create)} preventScrollReset className={buttonVariants()}>
          <Plus aria-hidden="true" />
          Añadir producto
        </Link>
      </AdminPageHeader>

      <StatCards
        label="Resumen del inventario"
        items={[
          {
            label: "Valor total del stock",
            value: formatCents(stats.stockValueCents),
            hint: "Suma de stock × precio normal (sin ofertas), de todo el catálogo.",
          },
          {
            label: "Coste interno total",
            value: formatCents(stats.internalCostCents),
            hint: "Suma de stock × coste interno; sin coste interno cuenta 0.",
          },
          {
            label: "Productos",
            value: formatNumber(stats.products),
            hint: `${formatNumber(stats.units)} unidades en stock.`,
          },
          {
            label: "Con stock bajo",
            value: formatNumber(stats.lowStock),
            hint: "Stock igual o menor que el mínimo (si el mínimo es mayor que 0).",
          },
        ]}
      />

      <ProductFilters categories={categories} />

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
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
            <table className="max-md:[&_td]:px-2 max-md:[&_th]:px-2 w-full text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className={cn(FROM_SM, "px-3 py-2 text-left font-semibold")}>
                    <span className="sr-only">Imagen</span>
                  </th>
                  <SortHeader column="nombre" label="Nombre" sort={params.sort} />
                  <SortHeader column="sku" label="SKU" sort={params.sort} className={FROM_2XL} />
                  <th scope="col" className={cn(FROM_MD, "px-3 py-2 text-left font-semibold")}>
                    Categoría
                  </th>
                  <th scope="col" className={cn(FROM_2XL, "px-3 py-2 text-left font-semibold")}>
                    Condición
                  </th>
                  <SortHeader column="precio" label="Precio" sort={params.sort} />
                  <SortHeader column="stock" label="Stock" sort={params.sort} className={FROM_SM} />
                  <th scope="col" className={cn(FROM_MD, "px-3 py-2 text-left font-semibold")}>
                    Visible
                  </th>
                  <SortHeader column="creado" label="Alta" sort={params.sort} className={FROM_LG} />
                  <th
                    scope="col"
                    className={cn(STICKY_ACTIONS, "bg-slate-50 text-right font-semibold")}
                  >
                    <span className="sr-only md:not-sr-only">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {list.items.map((product) => {
                  const salePrice = salePriceOf(product);
                  const low =
                    product.minimumStockLevel > 0 &&
                    product.stockQuantity <= product.minimumStockLevel;
                  return (
                    <tr key={product.id} className="align-middle">
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
                          <span className="block text-xs text-slate-600">
                            {product.subcategoryName}
                          </span>
                        ) : null}
                        {/* The SKU column shows from 1536 px; until then the SKU is here. */}
                        {product.sku ? (
                          <span className="block font-mono text-xs text-slate-700 2xl:hidden">
                            <span className="sr-only">SKU: </span>
                            {product.sku}
                          </span>
                        ) : null}
                      </td>
                      <td
                        className={cn(
                          FROM_2XL,
                          "px-3 py-2 font-mono text-xs whitespace-nowrap text-slate-800",
                        )}
                      >
                        {product.sku ?? <span className="text-slate-500">—</span>}
                      </td>
                      <td className={cn(FROM_MD, "px-3 py-2 text-slate-800")}>
                        {product.categoryName ?? (
                          <span className="text-slate-500">Sin categoría</span>
                        )}
                        {/* The Condición column shows from 1536 px; until then it is here. */}
                        <span className="block text-xs text-slate-600 2xl:hidden">
                          {PRODUCT_CONDITION_LABELS[product.condition]}
                        </span>
                      </td>
                      <td className={cn(FROM_2XL, "px-3 py-2 text-slate-800")}>
                        {PRODUCT_CONDITION_LABELS[product.condition]}
                      </td>
                      <td className="px-3 py-2 md:whitespace-nowrap">
                        {salePrice !== null ? (
                          <>
                            <span className="font-semibold text-red-700">
                              {formatCents(salePrice)}
                            </span>{" "}
                            <span className="text-xs text-slate-700">(oferta)</span>
                            <s className="block text-xs text-slate-600">
                              <span className="sr-only">Antes: </span>
                              {formatCents(product.priceCents)}
                            </s>
                          </>
                        ) : (
                          <span className="text-slate-900">{formatCents(product.priceCents)}</span>
                        )}
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
                        <span
                          className={cn("font-semibold", low ? "text-amber-800" : "text-slate-900")}
                        >
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
                        <div className="flex justify-end gap-1">
                          <Link
                            to={withDialog(`${DIALOG_PARAMS.edit}=${product.id}`)}
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
                                <strong>{product.name}</strong> y sus imágenes se borrarán
                                definitivamente.
                              </>
                            }
                            aria-label={`Eliminar ${product.name}`}
                            className="text-red-700 hover:bg-red-50 hover:text-red-800"
                          >
                            <Trash2 aria-hidden="true" />
                            <span className={ACTION_TEXT_FROM_2XL}>Eliminar</span>
                          </ConfirmSubmit>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
        <Pagination page={list.page} pageCount={list.pageCount} />
      </section>

      <AdminFormDialog
        open={creating || editing !== null}
        closeTo={closeTo}
        title={editing ? "Editar producto" : "Añadir producto"}
        description={
          editing
            ? `Cambia los datos de «${editing.name}».`
            : "Los campos Nombre, Descripción, Precio y Categoría son obligatorios."
        }
        wide
      >
        <AdminProductForm
          key={editing?.id ?? "nuevo"}
          product={editing}
          categories={categories}
          lastResult={actionData?.result}
          closeTo={closeTo}
        />
      </AdminFormDialog>
    </div>
  );
}
