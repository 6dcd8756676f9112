import { FolderPlus } from "~/components/icons/folder-plus";
import { Plus } from "~/components/icons/plus";
import { Link } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/categories";
import { adminMeta } from "~/components/admin/admin-meta";
import { useDialogLinks } from "~/components/admin/dialog-links";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useActionToast } from "~/components/forms/use-action-toast";
import { buttonVariants } from "~/components/ui/button";
import { dispatchIntent, formAction, type FormActionOptions } from "~/lib/action.server";
import { userContext } from "~/lib/context";
import { redirectWithToast } from "~/lib/toast.server";
import {
  deleteCategory,
  deleteSubcategory,
  loadCategoriesPage,
  promoteCategory,
  reassignSubcategory,
  saveCategory,
  saveSubcategory,
} from "~/modules/catalog/admin-categories.server";
import {
  CATEGORY_DIALOG_KIND,
  CATEGORY_INTENTS as INTENT,
  CATEGORY_MESSAGES as FAILED,
  CATEGORY_OPEN_PARAM,
  CATEGORY_SUCCESS as DONE,
  categorySchema,
  idSchema,
  reassignSchema,
  subcategorySchema,
} from "~/modules/catalog/admin-category-schemas";
import { CategoryDialogs } from "~/modules/catalog/components/admin-category-forms";
import { CategoryTreeLists } from "~/modules/catalog/components/admin-category-tree";

const PATH = "/admin/categorias";

export const meta: Route.MetaFunction = adminMeta("Categorías");

export async function loader({ request }: Route.LoaderArgs) {
  const page = await loadCategoriesPage(new URL(request.url).searchParams);
  if (!page.ok) {
    throw await redirectWithToast(PATH, { title: page.message, variant: "destructive" });
  }
  return page;
}

/** Back to the page (with a main category unfolded), with the success toast. */
function done(description: string, openId?: number) {
  const redirectTo = openId ? `${PATH}?${CATEGORY_OPEN_PARAM}=${openId}` : PATH;
  return { redirectTo, toast: { title: DONE.title, description } };
}

/** One form of the page through the pipeline; any refusal also toasts `failureTitle`. */
function handle<Schema extends z.ZodType, T extends object>(
  intent: string,
  failureTitle: string,
  options: Pick<FormActionOptions<Schema, T>, "schema" | "run" | "onSuccess">,
) {
  return (formData: FormData) =>
    formAction(formData, {
      ...options,
      intent,
      failureTitle,
      invalidToast: (errors) => ({
        title: failureTitle,
        description: Object.values(errors).flatMap((messages) => messages ?? [])[0],
        variant: "destructive",
      }),
    });
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext); // the admin layout's middleware guarantees an admin
  return dispatchIntent(request, {
    [INTENT.saveCategory]: handle(INTENT.saveCategory, FAILED.saveCategoryFailed, {
      schema: categorySchema,
      run: (input) => saveCategory(input, actor),
      onSuccess: (_, input) => done(input.itemId ? DONE.categoryUpdated : DONE.categoryCreated),
    }),
    [INTENT.saveSubcategory]: handle(INTENT.saveSubcategory, FAILED.saveSubcategoryFailed, {
      schema: subcategorySchema,
      run: (input) => saveSubcategory(input, actor),
      onSuccess: (_, input) =>
        done(input.itemId ? DONE.subcategoryUpdated : DONE.subcategoryCreated, input.categoryId),
    }),
    [INTENT.deleteCategory]: handle(INTENT.deleteCategory, FAILED.deleteCategoryFailed, {
      schema: idSchema,
      run: ({ id }) => deleteCategory(id, actor),
      onSuccess: () => done(DONE.categoryDeleted),
    }),
    [INTENT.deleteSubcategory]: handle(INTENT.deleteSubcategory, FAILED.deleteSubcategoryFailed, {
      schema: idSchema,
      run: ({ id }) => deleteSubcategory(id, actor),
      onSuccess: () => done(DONE.subcategoryDeleted),
    }),
    [INTENT.promoteCategory]: handle(INTENT.promoteCategory, FAILED.saveCategoryFailed, {
      schema: idSchema,
      run: ({ id }) => promoteCategory(id, actor),
      onSuccess: () => done(DONE.categoryPromoted),
    }),
    [INTENT.reassignSubcategory]: handle(INTENT.reassignSubcategory, FAILED.saveSubcategoryFailed, {
      schema: reassignSchema,
      run: ({ id, categoryId }) => reassignSubcategory(id, categoryId, actor),
      onSuccess: (_, { categoryId }) => done(DONE.subcategoryMoved, categoryId),
    }),
  });
}

export default function CategoriesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tree, dialog, category, subcategory, openId } = loaderData;
  useActionToast(actionData);
  const { addTo, dialogTo } = useDialogLinks();
  const parents = tree.categories.map(({ id, name }) => ({ id, name }));
  return (
    <>
      <AdminPageHeader
        title="Categorías"
        description="Categorías principales de la tienda y sus subcategorías."
      >
        <Link to={addTo} preventScrollReset className={buttonVariants()}>
          <FolderPlus aria-hidden />
          Nueva categoría
        </Link>
        {parents.length > 0 ? (
          <Link
            to={dialogTo({ kind: CATEGORY_DIALOG_KIND.subcategory })}
            preventScrollReset
            className={buttonVariants({ variant: "outline" })}
          >
            <Plus aria-hidden />
            Nueva subcategoría
          </Link>
        ) : null}
      </AdminPageHeader>
      <CategoryTreeLists tree={tree} openId={openId} reply={actionData} />
      <CategoryDialogs
        dialog={dialog}
        category={category}
        subcategory={subcategory}
        parents={parents}
        reply={actionData}
      />
    </>
  );
}
