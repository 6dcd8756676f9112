import type { SubmissionResult } from "@conform-to/react";
import { ChevronRight } from "~/components/icons/chevron-right";
import { Pencil } from "~/components/icons/pencil";
import { Plus } from "~/components/icons/plus";
import { Trash2 } from "~/components/icons/trash-2";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ConfirmSubmit } from "~/components/admin/confirm-submit";
import { useDialogLinks } from "~/components/admin/dialog-links";
import { NamedOptions } from "~/components/admin/fields";
import { FormErrors } from "~/components/forms/form-errors";
import { Button, buttonVariants } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { formatNumber } from "~/lib/numbers";
import { cn } from "~/lib/utils";
import type { CategoryTree, MainCategoryRow } from "../admin-categories.server";
import {
  CATEGORY_DIALOG_KIND,
  CATEGORY_INTENTS,
  deleteCategoryWarning,
  deleteSubcategoryWarning,
} from "../admin-category-schemas";
import { TitledSection } from "~/components/ui/titled-section";

/*
 * The lists of /admin/categorias: the main categories (each unfolds to its subcategories), the
 * orphan subcategories and the nested categories, with their row actions. A refused row action
 * shows its message under its row.
 */

export const plural = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The action's answer to a refused submission (which form, the errors, what was sent). */
export type CategoryActionReply = { intent?: string; result?: SubmissionResult<string[]> };

type Parent = { id: number; name: string };

/** The message of a refused row action, when it was this row's. */
type RowError = (intent: string, id: number) => string | null;

function rowErrorOf(reply: CategoryActionReply | undefined): RowError {
  return (intent, id) => {
    const result = reply?.intent === intent ? reply.result : undefined;
    if (result?.initialValue?.id !== String(id)) return null;
    return Object.values(result.error ?? {}).flatMap((errors) => errors ?? [])[0] ?? null;
  };
}

const iconButton = buttonVariants({ variant: "ghost", size: "icon", className: "size-9" });
const iconDelete = "size-9 text-red-700 hover:bg-red-50 hover:text-red-800";

function EditLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} preventScrollReset aria-label={label} className={iconButton}>
      <Pencil aria-hidden />
    </Link>
  );
}

function DeleteButton({
  intent,
  id,
  title,
  description,
  label,
}: {
  intent: string;
  id: number;
  title: string;
  description: string;
  /** The icon button's accessible name; none: a labelled «Eliminar» button. */
  label?: string;
}) {
  const look = label
    ? ({ size: "icon", className: iconDelete, "aria-label": label } as const)
    : ({ variant: "outline", size: "default", className: "text-red-700" } as const);
  return (
    <ConfirmSubmit
      fields={{ intent, id: String(id) }}
      title={title}
      description={description}
      {...look}
    >
      <Trash2 aria-hidden />
      {label ? null : "Eliminar"}
    </ConfirmSubmit>
  );
}

function RowErrors({ error, className }: { error: string | null; className?: string }) {
  return error ? (
    <div className={className}>
      <FormErrors errors={[error]} />
    </div>
  ) : null;
}

function CategoryItem({
  category,
  open,
  rowError,
}: {
  category: MainCategoryRow;
  open: boolean;
  rowError: RowError;
}) {
  const { dialogTo } = useDialogLinks();
  const subCount = category.subcategories.length;
  const kind = CATEGORY_DIALOG_KIND.subcategory;
  return (
    <li className="relative rounded-xl border border-slate-200 bg-white shadow-sm">
      <details id={`categoria-${category.id}`} open={open || undefined} className="group">
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
              {category.subcategories.map((sub) => (
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
                      <EditLink
                        to={dialogTo({ id: sub.id, kind })}
                        label={`Editar subcategoría ${sub.name}`}
                      />
                      <DeleteButton
                        intent={CATEGORY_INTENTS.deleteSubcategory}
                        id={sub.id}
                        title={`¿Eliminar la subcategoría «${sub.name}»?`}
                        description={deleteSubcategoryWarning(sub.productCount, category.name)}
                        label={`Eliminar subcategoría ${sub.name}`}
                      />
                    </div>
                  </div>
                  <RowErrors error={rowError(CATEGORY_INTENTS.deleteSubcategory, sub.id)} />
                </li>
              ))}
            </ul>
          )}
          <Link
            to={dialogTo({ kind, parentId: category.id })}
            preventScrollReset
            className={buttonVariants({ variant: "outline", size: "sm", className: "mt-2" })}
          >
            <Plus aria-hidden />
            Añadir subcategoría a {category.name}
          </Link>
        </div>
      </details>
      <div className="absolute top-2.5 right-2 flex gap-1">
        <EditLink to={dialogTo({ id: category.id })} label={`Editar categoría ${category.name}`} />
        <DeleteButton
          intent={CATEGORY_INTENTS.deleteCategory}
          id={category.id}
          title={`¿Eliminar la categoría «${category.name}»?`}
          description={deleteCategoryWarning(subCount, category.productCount)}
          label={`Eliminar categoría ${category.name}`}
        />
      </div>
      <RowErrors
        error={rowError(CATEGORY_INTENTS.deleteCategory, category.id)}
        className="px-3 pb-3"
      />
    </li>
  );
}

function ReassignForm({ id, name, parents }: { id: number; name: string; parents: Parent[] }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === CATEGORY_INTENTS.reassignSubcategory &&
    navigation.formData?.get("id") === String(id);
  const selectId = `mover-${id}`;
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={CATEGORY_INTENTS.reassignSubcategory} />
      <input type="hidden" name="id" value={id} />
      <div className="min-w-48">
        <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-slate-800">
          Mover «{name}» a
        </label>
        <NativeSelect id={selectId} name="categoryId" defaultValue="">
          <NamedOptions items={parents} empty="Elige una categoría" />
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? "Moviendo..." : "Mover"}
      </Button>
    </Form>
  );
}

/** A row of the orphan and nested lists: its name, what it is, its actions and its error. */
function LooseRow({
  name,
  details,
  actions,
  error,
  className,
  alignEnd = false,
}: {
  name: string;
  details: ReactNode;
  actions: ReactNode;
  error: string | null;
  className: string;
  /** Actions with a label above them (the move form) line up at the bottom. */
  alignEnd?: boolean;
}) {
  return (
    <li className={className}>
      <div
        className={cn(
          "flex flex-col gap-3 sm:flex-row sm:justify-between",
          alignEnd ? "sm:items-end" : "sm:items-center",
        )}
      >
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{name}</p>
          <p className="text-sm text-slate-700">{details}</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">{actions}</div>
      </div>
      <RowErrors error={error} className="mt-2" />
    </li>
  );
}

function Section({
  id,
  title,
  intro,
  children,
  className = "mt-10",
}: {
  id: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <TitledSection id={id} title={title} className={className}>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      {children}
    </TitledSection>
  );
}

export function CategoryTreeLists({
  tree,
  openId,
  reply,
}: {
  tree: CategoryTree;
  openId: number | null;
  reply: CategoryActionReply | undefined;
}) {
  const rowError = rowErrorOf(reply);
  const parents = tree.categories.map(({ id, name }) => ({ id, name }));
  const { deleteCategory, deleteSubcategory, promoteCategory, reassignSubcategory } =
    CATEGORY_INTENTS;
  return (
    <>
      <Section
        id="arbol-categorias"
        title="Categorías principales"
        className="mt-6"
        intro={
          <>
            {plural(tree.totals.categories, "categoría principal", "categorías principales")} ·{" "}
            {plural(tree.totals.subcategories, "subcategoría", "subcategorías")}. Despliega una
            categoría para ver sus subcategorías.
          </>
        }
      >
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
              />
            ))}
          </ul>
        )}
      </Section>

      <Section
        id="subcategorias-huerfanas"
        title="Subcategorías huérfanas"
        intro="Subcategorías que no cuelgan de una categoría principal, sino de una categoría que a su vez tiene categoría padre: la tienda no las muestra en ninguna categoría. Muévelas a una categoría principal o elimínalas."
      >
        {tree.orphans.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">No hay subcategorías huérfanas.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {tree.orphans.map((orphan) => (
              <LooseRow
                key={orphan.id}
                className="rounded-xl border border-amber-200 bg-amber-50/60 p-3"
                alignEnd
                name={orphan.name}
                details={
                  <>
                    <span className="font-mono">{orphan.slug}</span> · cuelga de «
                    {orphan.parentName}» · {plural(orphan.productCount, "producto", "productos")}
                  </>
                }
                actions={
                  <>
                    {parents.length > 0 ? (
                      <ReassignForm id={orphan.id} name={orphan.name} parents={parents} />
                    ) : null}
                    <DeleteButton
                      intent={deleteSubcategory}
                      id={orphan.id}
                      title={`¿Eliminar la subcategoría «${orphan.name}»?`}
                      description={deleteSubcategoryWarning(orphan.productCount, null)}
                    />
                  </>
                }
                error={
                  rowError(reassignSubcategory, orphan.id) ?? rowError(deleteSubcategory, orphan.id)
                }
              />
            ))}
          </ul>
        )}
      </Section>

      {tree.nested.length > 0 ? (
        <Section
          id="categorias-anidadas"
          title="Categorías con categoría padre"
          intro="Categorías guardadas dentro de otra categoría. La tienda solo lista categorías principales: conviértelas en principales o elimínalas."
        >
          <ul className="mt-3 space-y-3">
            {tree.nested.map((row) => (
              <LooseRow
                key={row.id}
                className="rounded-xl border border-slate-200 bg-white p-3"
                name={row.name}
                details={
                  <>
                    <span className="font-mono">/{row.slug}</span> · dentro de «{row.parentName}» ·{" "}
                    {plural(row.subcategoryCount, "subcategoría", "subcategorías")} ·{" "}
                    {plural(row.productCount, "producto", "productos")}
                  </>
                }
                actions={
                  <>
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value={promoteCategory} />
                      <input type="hidden" name="id" value={row.id} />
                      <Button type="submit" variant="outline">
                        Convertir en principal
                      </Button>
                    </Form>
                    <DeleteButton
                      intent={deleteCategory}
                      id={row.id}
                      title={`¿Eliminar la categoría «${row.name}»?`}
                      description={deleteCategoryWarning(row.subcategoryCount, row.productCount)}
                    />
                  </>
                }
                error={rowError(promoteCategory, row.id) ?? rowError(deleteCategory, row.id)}
              />
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}
