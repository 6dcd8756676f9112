import { data } from "react-router";
import type { Route } from "./+types/content-page";
import { useIntentResults } from "~/components/forms/use-intent-results";
import { dispatchIntent, formAction } from "~/lib/action.server";
import { userContext } from "~/lib/context";
import { formatDateTime } from "~/lib/dates";
import { readFormData } from "~/lib/forms.server";
import { pageTitle } from "~/lib/page-title";
import { getCategoryBySlug } from "~/modules/catalog/products.server";
import { ContentEditor } from "~/modules/content/components/content-editor";
import {
  ELECTRONICS_CATEGORY_SLUG,
  ELECTRONICS_PAGE_KEY,
  getContentPage,
  getContentSection,
} from "~/modules/content/page-content";
import {
  getContentEditorView,
  restoreContentVersionById,
  saveContentSection,
} from "~/modules/content/page-content.server";
import {
  CONTENT_INTENTS,
  CONTENT_SAVE_FAILED,
  CONTENT_SAVED_TOAST,
  restoreVersionSchema,
  sectionSchema,
} from "~/modules/content/schemas";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: pageTitle(matches, `Contenido: ${loaderData?.page.label ?? "página"}`, "Administración"),
  },
];

export async function loader({ params }: Route.LoaderArgs) {
  // Until saved, the electronics page's header shows the category's own name and description.
  const category =
    params.pageName === ELECTRONICS_PAGE_KEY
      ? await getCategoryBySlug(ELECTRONICS_CATEGORY_SLUG)
      : null;
  const editor = await getContentEditorView(params.pageName, category ?? null);
  if (!editor) throw data(null, { status: 404 });
  return editor;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const page = getContentPage(params.pageName);
  if (!page) throw data(null, { status: 404 });
  // The admin layout's guard has run: an admin is signed in.
  const admin = context.get(userContext)!;
  const formData = await readFormData(request);
  const section = getContentSection(page, String(formData.get("section") ?? ""));
  if (!section) throw data(null, { status: 404 });
  const editorUrl = `/admin/contenido/${page.key}#${section.id}`;
  // Each section's form shows its own refusals: the reply names the section.
  const common = { intent: section.id, failureTitle: CONTENT_SAVE_FAILED };
  return dispatchIntent(formData, {
    [CONTENT_INTENTS.save]: (fields) =>
      formAction(fields, {
        ...common,
        schema: sectionSchema(section),
        run: (value) => saveContentSection(admin, page.key, section.id, value),
        onSuccess: () => ({
          redirectTo: editorUrl,
          toast: {
            title: CONTENT_SAVED_TOAST,
            description: `«${section.label}» ya se muestra en ${page.path}.`,
          },
        }),
      }),
    [CONTENT_INTENTS.restore]: (fields) =>
      formAction(fields, {
        ...common,
        schema: restoreVersionSchema,
        run: ({ version }) => restoreContentVersionById(admin, page.key, section.id, version),
        onSuccess: ({ createdAt }) => ({
          redirectTo: editorUrl,
          toast: {
            title: CONTENT_SAVED_TOAST,
            description: `«${section.label}» vuelve a tener la versión del ${formatDateTime(createdAt)}.`,
          },
        }),
      }),
  });
}

export default function AdminContentEditor({ loaderData, actionData }: Route.ComponentProps) {
  const resultFor = useIntentResults(actionData);
  return <ContentEditor {...loaderData} resultFor={resultFor} />;
}
