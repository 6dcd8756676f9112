import { parseWithZod } from "@conform-to/zod/v4";
import {
  ChevronRight as chevronRightIcon,
  FolderPlus as folderPlusIcon,
  Pencil as pencilIcon,
  Plus as plusIcon,
  Trash2 as trash2Icon,
} from "lucide";
import { icon } from "~/components/ui/icons";
import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/categories";
import { ConfirmSubmit } from "~/components/admin/confirm-submit";
import { AdminFormDialog } from "~/components/admin/form-dialog";
import { AdminPageHeader } from "~/components/admin/page-header";
import { FormErrors } from "~/components/forms/form-errors";
import { Button, buttonVariants } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { showToast } from "~/components/ui/toaster";
import { userContext } from "~/lib/context";
import { readFormData } from "~/lib/forms.server";
import type { Actor } from "~/modules/activity/activity.server";
import type { ToastInput } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";
import {
  deleteCategory,
  deleteSubcategory,
  getCategoryTree,
  promoteCategory,
  reassignSubcategory,
  saveCategory,
  saveSubcategory,
  type WriteResult,
  type MainCategoryRow,
} from "~/modules/catalog/admin-categories.server";
import {
  CATEGORY_INTENTS,
  CATEGORY_MESSAGES,
  CATEGORY_SUCCESS,
  categorySchema,
  deleteCategoryWarning,
  deleteSubcategoryWarning,
  idSchema,
  reassignSchema,
  subcategorySchema,
} from "~/modules/catalog/admin-category-schemas";
import { CategoryForm, SubcategoryForm } from "~/modules/catalog/components/admin-category-forms";
import { pageTitle } from "~/lib/page-title";
import { formatNumber } from "~/lib/numbers";

const ChevronRight = icon(chevronRightIcon);
const FolderPlus = icon(folderPlusIcon);
const Pencil = icon(pencilIcon);
const Plus = icon(plusIcon);
const Trash2 = icon(trash2Icon);

const PATH = "/admin/categorias";

/** The dialogs' URL parameters (AdminFormDialog: the open state lives in the URL). */
const DIALOG = {
  newCategory: "nueva-categoria",
  editCategory: "editar-categoria",
  /** Its value, when given, is the parent to preselect. */
  newSubcategory: "nueva-subcategoria",
  editSubcategory: "editar-subcategoria",
} as const;
/** Which main category to show unfolded (after a change to one of its subcategories). */
const OPEN_PARAM = "abierta";

const plural = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Categorías · Administración") },
];

function positiveId(value: string | null) {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

type Dialog =
  | { kind: "category"; id: number | null }
  | { kind: "subcategory"; id: number | null; parentId: number | null }
  | null;

function dialogFrom(params: URLSearchParams): Dialog {
  if (params.has(DIALOG.newCategory)) return { kind: "category", id: null };
  if (params.has(DIALOG.editCategory)) {
    // An unusable id is "not found" (-1), never the "new" dialog.
    return { kind: "category", id: positiveId(params.get(DIALOG.editCategory)) ?? -1 };
  }
  if (params.has(DIALOG.newSubcategory)) {
    return {
      kind: "subcategory",
      id: null,
      parentId: positiveId(params.get(DIALOG.newSubcategory)),
    };
  }
  if (params.has(DIALOG.editSubcategory)) {
    return {
      kind: "subcategory",
      id: positiveId(params.get(DIALOG.editSubcategory)) ?? -1,
      parentId: null,
    };
  }
  return null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const dialog = dialogFrom(params);
  const tree = await getCategoryTree();

  // The item a dialog edits comes from the tree itself.
  let category = null;
  let subcategory = null;
  if (dialog?.kind === "category" && dialog.id !== null) {
    category = tree.categories.find((row) => row.id === dialog.id) ?? null;
    if (!category) {
      throw await redirectWithToast(PATH, {
        title: "Categoría no encontrada.",
        variant: "destructive",
      });
    }
  }
  if (dialog?.kind === "subcategory" && dialog.id !== null) {
    subcategory =
      [...tree.categories.flatMap((row) => row.subcategories), ...tree.orphans].find(
        (row) => row.id === dialog.id,
      ) ?? null;
    if (!subcategory) {
      throw await redirectWithToast(PATH, {
        title: "Subcategoría no encontrada.",
        variant: "destructive",
      });
    }
  }
  return {
    tree,
    dialog,
    category,
    subcategory,
    openId: positiveId(params.get(OPEN_PARAM)),
  };
}

function failure<T extends object>(payload: T & { toast: ToastInput }, status: number) {
  return data(payload, { status });
}

function destructive(title: string, description?: string): ToastInput {
  return { title, description, variant: "destructive" };
}

/**
 * A dialog's save (category or subcategory): parse with the form's schema, one domain call,
 * then a redirect with the success toast, or the errors on the form plus a failure toast.
 */
async function saveAction<Intent extends string, Input extends { itemId?: number | undefined }>(
  formData: FormData,
  actor: Actor | null,
  options: {
    intent: Intent;
    schema: z.ZodType<Input>;
    save: (input: Input, actor: Actor | null) => Promise<WriteResult>;
    failedTitle: string;
    created: string;
    updated: string;
    backTo: (input: Input) => string;
  },
) {
  const { intent, failedTitle } = options;
  const submission = parseWithZod(formData, { schema: options.schema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? undefined;
    return failure(
      { intent, result: submission.reply(), toast: destructive(failedTitle, first) },
      400,
    );
  }
  const saved = await options.save(submission.value, actor);
  if (!saved.ok) {
    return failure(
      {
        intent,
        result: saved.field
          ? submission.reply({ fieldErrors: { [saved.field]: [saved.message] } })
          : submission.reply({ formErrors: [saved.message] }),
        toast: destructive(failedTitle, saved.message),
      },
      saved.status,
    );
  }
  return redirectWithToast(options.backTo(submission.value), {
    title: CATEGORY_SUCCESS.title,
    description: submission.value.itemId ? options.updated : options.created,
  });
}

/** Delete, promote and reassign: small forms outside the dialogs (one row each). */
async function rowAction(intent: string, formData: FormData, actor: Actor | null) {
  const failedTitle: Record<string, string> = {
    [CATEGORY_INTENTS.deleteCategory]: CATEGORY_MESSAGES.deleteCategoryFailed,
    [CATEGORY_INTENTS.promoteCategory]: CATEGORY_MESSAGES.saveCategoryFailed,
    [CATEGORY_INTENTS.deleteSubcategory]: CATEGORY_MESSAGES.deleteSubcategoryFailed,
    [CATEGORY_INTENTS.reassignSubcategory]: CATEGORY_MESSAGES.saveSubcategoryFailed,
  };
  const title = failedTitle[intent] ?? CATEGORY_MESSAGES.saveCategoryFailed;
  const invalid = (message: string, status = 400) =>
    failure(
      {
        intent,
        id: String(formData.get("id") ?? ""),
        message,
        toast: destructive(title, message),
      },
      status,
    );

  if (intent === CATEGORY_INTENTS.reassignSubcategory) {
    const parsed = reassignSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      const targetMissing = parsed.error.issues.some((issue) => issue.path[0] === "categoryId");
      return invalid(
        targetMissing ? CATEGORY_MESSAGES.reassignTarget : CATEGORY_MESSAGES.invalidRequest,
      );
    }
    const moved = await reassignSubcategory(parsed.data.id, parsed.data.categoryId, actor);
    if (!moved.ok) return invalid(moved.message, moved.status);
    return redirectWithToast(`${PATH}?${OPEN_PARAM}=${parsed.data.categoryId}`, {
      title: CATEGORY_SUCCESS.title,
      description: CATEGORY_SUCCESS.subcategoryMoved,
    });
  }

  const parsed = idSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return invalid(CATEGORY_MESSAGES.invalidRequest);
  const { id } = parsed.data;

  if (intent === CATEGORY_INTENTS.deleteCategory) {
    const deleted = await deleteCategory(id, actor);
    if (!deleted.ok) return invalid(deleted.message, deleted.status);
    return redirectWithToast(PATH, {
      title: CATEGORY_SUCCESS.title,
      description: CATEGORY_SUCCESS.categoryDeleted,
    });
  }
  if (intent === CATEGORY_INTENTS.deleteSubcategory) {
    const deleted = await deleteSubcategory(id, actor);
    if (!deleted.ok) return invalid(deleted.message, deleted.status);
    return redirectWithToast(PATH, {
      title: CATEGORY_SUCCESS.title,
      description: CATEGORY_SUCCESS.subcategoryDeleted,
    });
  }
  const promoted = await promoteCategory(id, actor);
  if (!promoted.ok) return invalid(promoted.message, promoted.status);
  return redirectWithToast(PATH, {
    title: CATEGORY_SUCCESS.title,
    description: CATEGORY_SUCCESS.categoryPromoted,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const actor = context.get(userContext); // the admin layout's middleware guarantees an admin
  const intent = String(formData.get("intent") ?? "");
  switch (intent) {
    case CATEGORY_INTENTS.saveCategory:
      return saveAction(formData, actor, {
        intent: CATEGORY_INTENTS.saveCategory,
        schema: categorySchema,
        save: saveCategory,
        failedTitle: CATEGORY_MESSAGES.saveCategoryFailed,
        created: CATEGORY_SUCCESS.categoryCreated,
        updated: CATEGORY_SUCCESS.categoryUpdated,
        backTo: () => PATH,
      });
    case CATEGORY_INTENTS.saveSubcategory:
      return saveAction(formData, actor, {
        intent: CATEGORY_INTENTS.saveSubcategory,
        schema: subcategorySchema,
        save: saveSubcategory,
        failedTitle: CATEGORY_MESSAGES.saveSubcategoryFailed,
        created: CATEGORY_SUCCESS.subcategoryCreated,
        updated: CATEGORY_SUCCESS.subcategoryUpdated,
        backTo: (input) => `${PATH}?${OPEN_PARAM}=${input.categoryId}`,
      });
    case CATEGORY_INTENTS.deleteCategory:
    case CATEGORY_INTENTS.deleteSubcategory:
    case CATEGORY_INTENTS.promoteCategory:
    case CATEGORY_INTENTS.reassignSubcategory:
      return rowAction(intent, formData, actor);
    default:
      return failure(
        {
          intent,
          id: "",
          message: CATEGORY_MESSAGES.invalidRequest,
          toast: destructive("Error", CATEGORY_MESSAGES.invalidRequest),
        },
        400,
      );
  }
}

const iconButton = (extra?: string) =>
  buttonVariants({ variant: "ghost", size: "icon", className: cn("size-9", extra) });

/** A dialog's URL, keeping the unfolded category unfolded meanwhile. */
type DialogLink = (param: string, value?: number) => string;

function CategoryItem({
  category,
  open,
  rowError,
  dialogLink,
}: {
  category: MainCategoryRow;
  open: boolean;
  rowError: (intent: string, id: number) => string | null;
  dialogLink: DialogLink;
}) {
  const subCount = category.subcategories.length;
  const detailsId = `categoria-${category.id}`;
  const deleteError = rowError(CATEGORY_INTENTS.deleteCategory, category.id);
  return (
    <li className="relative rounded-xl border border-slate-200 bg-white shadow-sm">
      <details id={detailsId} open={open || undefined} className="group">
        <summary className="flex min-h-14 cursor-pointer list-none items-center gap-3 rounded-xl py-2 pr-24 pl-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
          <ChevronRight
            aria-hidden
            className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-90"
          />
          <span className="min-w-0">
            <span className="block font-semibold break-words text-slate-900">{category.name}</span>
            <span className="block text-sm text-slate-600">
              <span className="font-mono">/{category.slug}</span> ·{" "}
              {plural(subCount, "subcategoría", "subcategorías")} ·{" "}
              {plural(category.productCount, "producto", "productos")}
            </span>
          </span>
        </summary>
        <div className="border-t border-slate-100 px-3 pt-2 pb-3 sm:pl-10">
          {category.description ? (
            <p className="mb-2 text-sm text-slate-700">{category.description}</p>
          ) : null}
          {subCount === 0 ? (
            <p className="py-2 text-sm text-slate-600">Esta categoría no tiene subcategorías.</p>
          ) : (
            <ul
              aria-label={`Subcategorías de ${category.name}`}
              className="divide-y divide-slate-100"
            >
              {category.subcategories.map((sub) => {
                const error = rowError(CATEGORY_INTENTS.deleteSubcategory, sub.id);
                return (
                  <li key={sub.id} className="py-2">
                    <div className="flex items-center justify-between gap-2">
                      <div className="min-w-0">
                        <p className="font-medium break-words text-slate-900">{sub.name}</p>
                        <p className="text-sm text-slate-600">
                          <span className="font-mono">{sub.slug}</span> ·{" "}
                          {plural(sub.productCount, "producto", "productos")}
                        </p>
                      </div>
                      <div className="flex shrink-0 gap-1">
                        <Link
                          to={dialogLink(DIALOG.editSubcategory, sub.id)}
                          preventScrollReset
                          aria-label={`Editar subcategoría ${sub.name}`}
                          className={iconButton()}
                        >
                          <Pencil aria-hidden />
                        </Link>
                        <ConfirmSubmit
                          fields={{
                            intent: CATEGORY_INTENTS.deleteSubcategory,
                            id: String(sub.id),
                          }}
                          title={`¿Eliminar la subcategoría «${sub.name}»?`}
                          description={deleteSubcategoryWarning(sub.productCount, category.name)}
                          aria-label={`Eliminar subcategoría ${sub.name}`}
                          size="icon"
                          className="size-9 text-red-700 hover:bg-red-50 hover:text-red-800"
                        >
                          <Trash2 aria-hidden />
                        </ConfirmSubmit>
                      </div>
                    </div>
                    {error ? <FormErrors errors={[error]} /> : null}
                  </li>
                );
              })}
            </ul>
          )}
          <Link
            to={dialogLink(DIALOG.newSubcategory, category.id)}
            preventScrollReset
            className={buttonVariants({ variant: "outline", size: "sm", className: "mt-2" })}
          >
            <Plus aria-hidden />
            Añadir subcategoría a {category.name}
          </Link>
        </div>
      </details>
      <div className="absolute top-2.5 right-2 flex gap-1">
        <Link
          to={dialogLink(DIALOG.editCategory, category.id)}
          preventScrollReset
          aria-label={`Editar categoría ${category.name}`}
          className={iconButton()}
        >
          <Pencil aria-hidden />
        </Link>
        <ConfirmSubmit
          fields={{ intent: CATEGORY_INTENTS.deleteCategory, id: String(category.id) }}
          title={`¿Eliminar la categoría «${category.name}»?`}
          description={deleteCategoryWarning(subCount, category.productCount)}
          aria-label={`Eliminar categoría ${category.name}`}
          size="icon"
          className="size-9 text-red-700 hover:bg-red-50 hover:text-red-800"
        >
          <Trash2 aria-hidden />
        </ConfirmSubmit>
      </div>
      {deleteError ? (
        <div className="px-3 pb-3">
          <FormErrors errors={[deleteError]} />
        </div>
      ) : null}
    </li>
  );
}

function ReassignForm({
  subcategoryId,
  name,
  parents,
}: {
  subcategoryId: number;
  name: string;
  parents: { id: number; name: string }[];
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === CATEGORY_INTENTS.reassignSubcategory &&
    navigation.formData?.get("id") === String(subcategoryId);
  const selectId = `mover-${subcategoryId}`;
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={CATEGORY_INTENTS.reassignSubcategory} />
      <input type="hidden" name="id" value={subcategoryId} />
      <div className="min-w-48">
        <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-slate-800">
          Mover «{name}» a
        </label>
        <NativeSelect id={selectId} name="categoryId" defaultValue="">
          <option value="">Elige una categoría</option>
          {parents.map((parent) => (
            <option key={parent.id} value={parent.id}>
              {parent.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? "Moviendo..." : "Mover"}
      </Button>
    </Form>
  );
}

export default function CategoriesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tree, dialog, category, subcategory, openId } = loaderData;

  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData]);

  const rowError = (intent: string, id: number) =>
    actionData &&
    "message" in actionData &&
    actionData.intent === intent &&
    actionData.id === String(id)
      ? actionData.message
      : null;
  const parents = tree.categories.map(({ id, name }) => ({ id, name }));
  const closeTo = openId ? `${PATH}?${OPEN_PARAM}=${openId}` : PATH;
  const dialogLink: DialogLink = (param, value) => {
    const params = new URLSearchParams();
    params.set(param, value ? String(value) : "");
    if (openId) params.set(OPEN_PARAM, String(openId));
    return `?${params.toString()}`;
  };
  const formResult = actionData && "result" in actionData ? actionData.result : null;

  return (
    <>
      <AdminPageHeader
        title="Categorías"
        description="Categorías principales de la tienda y sus subcategorías."
      >
        <Link to={dialogLink(DIALOG.newCategory)} preventScrollReset className={buttonVariants()}>
          <FolderPlus aria-hidden />
          Nueva categoría
        </Link>
        {parents.length > 0 ? (
          <Link
            to={dialogLink(DIALOG.newSubcategory)}
            preventScrollReset
            className={buttonVariants({ variant: "outline" })}
          >
            <Plus aria-hidden />
            Nueva subcategoría
          </Link>
        ) : null}
      </AdminPageHeader>

      <section aria-labelledby="arbol-categorias" className="mt-6">
        <h2 id="arbol-categorias" className="text-lg font-semibold text-slate-900">
          Categorías principales
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {plural(tree.totals.categories, "categoría principal", "categorías principales")} ·{" "}
          {plural(tree.totals.subcategories, "subcategoría", "subcategorías")}. Despliega una
          categoría para ver sus subcategorías.
        </p>
        {tree.categories.length === 0 ? (
          <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            No hay categorías para mostrar
          </p>
        ) : (
          <ul className="mt-4 space-y-3">
            {tree.categories.map((row) => (
              <CategoryItem
                key={row.id}
                category={row}
                open={row.id === openId}
                rowError={rowError}
                dialogLink={dialogLink}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="subcategorias-huerfanas" className="mt-10">
        <h2 id="subcategorias-huerfanas" className="text-lg font-semibold text-slate-900">
          Subcategorías huérfanas
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Subcategorías que no cuelgan de una categoría principal, sino de una categoría que a su
          vez tiene categoría padre: la tienda no las muestra en ninguna categoría. Muévelas a una
          categoría principal o elimínalas.
        </p>
        {tree.orphans.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">No hay subcategorías huérfanas.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {tree.orphans.map((orphan) => {
              const error =
                rowError(CATEGORY_INTENTS.reassignSubcategory, orphan.id) ??
                rowError(CATEGORY_INTENTS.deleteSubcategory, orphan.id);
              return (
                <li
                  key={orphan.id}
                  className="rounded-xl border border-amber-200 bg-amber-50/60 p-3"
                >
                  <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
                    <div className="min-w-0">
                      <p className="font-medium break-words text-slate-900">{orphan.name}</p>
                      <p className="text-sm text-slate-700">
                        <span className="font-mono">{orphan.slug}</span> · cuelga de «
                        {orphan.parentName}» ·{" "}
                        {plural(orphan.productCount, "producto", "productos")}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-end gap-2">
                      {parents.length > 0 ? (
                        <ReassignForm
                          subcategoryId={orphan.id}
                          name={orphan.name}
                          parents={parents}
                        />
                      ) : null}
                      <ConfirmSubmit
                        fields={{
                          intent: CATEGORY_INTENTS.deleteSubcategory,
                          id: String(orphan.id),
                        }}
                        title={`¿Eliminar la subcategoría «${orphan.name}»?`}
                        description={deleteSubcategoryWarning(orphan.productCount, null)}
                        variant="outline"
                        size="default"
                        className="text-red-700"
                      >
                        <Trash2 aria-hidden />
                        Eliminar
                      </ConfirmSubmit>
                    </div>
                  </div>
                  {error ? (
                    <div className="mt-2">
                      <FormErrors errors={[error]} />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {tree.nested.length > 0 ? (
        <section aria-labelledby="categorias-anidadas" className="mt-10">
          <h2 id="categorias-anidadas" className="text-lg font-semibold text-slate-900">
            Categorías con categoría padre
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Categorías guardadas dentro de otra categoría. La tienda solo lista categorías
            principales: conviértelas en principales o elimínalas.
          </p>
          <ul className="mt-3 space-y-3">
            {tree.nested.map((row) => {
              const error =
                rowError(CATEGORY_INTENTS.promoteCategory, row.id) ??
                rowError(CATEGORY_INTENTS.deleteCategory, row.id);
              return (
                <li key={row.id} className="rounded-xl border border-slate-200 bg-white p-3">
                  <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      <p className="font-medium break-words text-slate-900">{row.name}</p>
                      <p className="text-sm text-slate-700">
                        <span className="font-mono">/{row.slug}</span> · dentro de «{row.parentName}
                        » · {plural(row.subcategoryCount, "subcategoría", "subcategorías")} ·{" "}
                        {plural(row.productCount, "producto", "productos")}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Form method="post" preventScrollReset>
                        <input
                          type="hidden"
                          name="intent"
                          value={CATEGORY_INTENTS.promoteCategory}
                        />
                        <input type="hidden" name="id" value={row.id} />
                        <Button type="submit" variant="outline">
                          Convertir en principal
                        </Button>
                      </Form>
                      <ConfirmSubmit
                        fields={{ intent: CATEGORY_INTENTS.deleteCategory, id: String(row.id) }}
                        title={`¿Eliminar la categoría «${row.name}»?`}
                        description={deleteCategoryWarning(row.subcategoryCount, row.productCount)}
                        variant="outline"
                        size="default"
                        className="text-red-700"
                      >
                        <Trash2 aria-hidden />
                        Eliminar
                      </ConfirmSubmit>
                    </div>
                  </div>
                  {error ? (
                    <div className="mt-2">
                      <FormErrors errors={[error]} />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <AdminFormDialog
        open={dialog?.kind === "category"}
        closeTo={closeTo}
        title={category ? `Editar categoría «${category.name}»` : "Nueva categoría"}
        description={
          category
            ? "Cambia el nombre, el slug o la descripción de la categoría."
            : "Una categoría principal de la tienda: aparecerá en la lista de categorías."
        }
      >
        {dialog?.kind === "category" ? (
          <CategoryForm
            key={category?.id ?? "nueva"}
            lastResult={actionData?.intent === CATEGORY_INTENTS.saveCategory ? formResult : null}
            item={category}
            closeTo={closeTo}
          />
        ) : null}
      </AdminFormDialog>

      <AdminFormDialog
        open={dialog?.kind === "subcategory"}
        closeTo={closeTo}
        title={subcategory ? `Editar subcategoría «${subcategory.name}»` : "Nueva subcategoría"}
        description={
          subcategory
            ? "Cambia su categoría padre, nombre, slug o descripción."
            : "Una subcategoría dentro de una categoría principal."
        }
      >
        {dialog?.kind === "subcategory" ? (
          <SubcategoryForm
            key={subcategory?.id ?? `nueva-${dialog.parentId ?? ""}`}
            lastResult={actionData?.intent === CATEGORY_INTENTS.saveSubcategory ? formResult : null}
            item={
              subcategory
                ? {
                    ...subcategory,
                    // An orphan's parent is no main category: the admin picks one.
                    categoryId: parents.some((p) => p.id === subcategory.categoryId)
                      ? subcategory.categoryId
                      : null,
                  }
                : {
                    name: "",
                    slug: "",
                    description: null,
                    categoryId: parents.some((p) => p.id === dialog.parentId)
                      ? dialog.parentId
                      : null,
                  }
            }
            parents={parents}
            closeTo={closeTo}
          />
        ) : null}
      </AdminFormDialog>
    </>
  );
}
