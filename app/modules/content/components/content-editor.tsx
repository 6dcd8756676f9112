import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { ExternalLink } from "~/components/icons/external-link";
import { History } from "~/components/icons/history";
import { RotateCcw } from "~/components/icons/rotate-ccw";
import { Save } from "~/components/icons/save";
import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import { AdminInputField, AdminTextareaField } from "~/components/admin/fields";
import { AdminPageHeader } from "~/components/admin/page-header";
import { FormErrors } from "~/components/forms/form-errors";
import { useSchemaForm } from "~/components/forms/schema-form";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import type { ContentEditorView, ContentSectionView } from "../editor-view";
import {
  CONTENT_FIELD_KINDS,
  CONTENT_FIELD_LABELS,
  sectionFieldNames,
  type ContentField,
} from "../page-content";
import { CONTENT_INTENTS, contentFieldMaxLength, sectionSchema } from "../schemas";

const RICH_TEXT_HINT =
  "Separa los párrafos con una línea en blanco. Formato: ## Título, - elemento de lista, 1. lista numerada, **negrita**, *cursiva*, [texto](https://… o /pagina o mailto:…).";

function fieldHint(field: ContentField): string | undefined {
  switch (CONTENT_FIELD_KINDS[field]) {
    case "url":
      return field === "imageUrl"
        ? "Una imagen de la tienda (/uploads/…) o una dirección https://. Vacío: sin imagen."
        : "Una página de la tienda (/productos) o una dirección https://.";
    case "rich":
      return RICH_TEXT_HINT;
    default:
      return field === "ctaButtonText" ? "Vacío: el botón no se muestra." : undefined;
  }
}

function SectionForm({
  pageKey,
  section,
  lastResult,
}: {
  pageKey: string;
  section: ContentSectionView;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { definition } = section;
  const schema = useMemo(() => sectionSchema(definition), [definition]);
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("section") === definition.id &&
    navigation.formData?.get("intent") === CONTENT_INTENTS.save;
  const [form, fields] = useSchemaForm(schema, {
    id: `contenido-${definition.id}`,
    lastResult,
    busy,
    defaultValue: section.values,
  });
  const names = sectionFieldNames(definition);
  return (
    <Form
      method="post"
      action={`/admin/contenido/${pageKey}`}
      {...getFormProps(form)}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value={CONTENT_INTENTS.save} />
      <input type="hidden" name="section" value={definition.id} />
      <FormErrors id={form.errorId} errors={form.errors} />
      {names.map((name) => {
        const field = fields[name]!;
        const label = CONTENT_FIELD_LABELS[name];
        const required = definition.required?.includes(name) ?? false;
        const kind = CONTENT_FIELD_KINDS[name];
        return kind === "text" || kind === "rich" ? (
          <AdminTextareaField
            key={name}
            label={label}
            field={field}
            required={required}
            rows={kind === "rich" ? 12 : 3}
            hint={fieldHint(name)}
          />
        ) : (
          <AdminInputField
            key={name}
            label={label}
            field={field}
            required={required}
            inputMode={kind === "url" ? "url" : undefined}
            autoComplete="off"
            hint={fieldHint(name)}
          />
        );
      })}
      <p className="text-sm text-slate-600">
        Máximo {contentFieldMaxLength("title")} caracteres en títulos y botones.
      </p>
      <div>
        <Button type="submit" disabled={busy}>
          <Save aria-hidden /> {busy ? "Guardando..." : "Guardar"}
        </Button>
      </div>
    </Form>
  );
}

function preview(value: string) {
  return value.length > 160 ? `${value.slice(0, 160)}…` : value;
}

function Versions({ pageKey, section }: { pageKey: string; section: ContentSectionView }) {
  const navigation = useNavigation();
  const restoring =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "restore"
      ? Number(navigation.formData.get("version"))
      : null;
  if (section.versionCount === 0) {
    return <p className="text-sm text-slate-600">Aún no hay versiones guardadas.</p>;
  }
  return (
    <details className="rounded-lg border border-slate-200">
      <summary className="flex min-h-10 cursor-pointer items-center gap-2 px-3 text-sm font-medium text-slate-800">
        <History aria-hidden className="size-4" />
        Versiones guardadas ({section.versionCount})
      </summary>
      <ol className="divide-y divide-slate-200 border-t border-slate-200">
        {section.versions.map((version, index) => (
          <li key={version.id} className="grid gap-2 p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-slate-800">
                <time dateTime={version.atIso} className="font-medium">
                  {version.at}
                </time>{" "}
                · {version.author ?? "cuenta eliminada"}
                {index === 0 && section.saved ? (
                  <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-800">
                    Actual
                  </span>
                ) : null}
              </p>
              {index === 0 && section.saved ? null : (
                <Form method="post" action={`/admin/contenido/${pageKey}`}>
                  <input type="hidden" name="intent" value={CONTENT_INTENTS.restore} />
                  <input type="hidden" name="section" value={section.definition.id} />
                  <input type="hidden" name="version" value={version.id} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    disabled={restoring === version.id}
                    aria-label={`Restaurar la versión del ${version.at}`}
                  >
                    <RotateCcw aria-hidden />{" "}
                    {restoring === version.id ? "Restaurando..." : "Restaurar"}
                  </Button>
                </Form>
              )}
            </div>
            <dl className="grid gap-1 text-slate-700 sm:grid-cols-[12rem_1fr]">
              {Object.entries(version.fields).map(([name, value]) => (
                <div key={name} className="contents">
                  <dt className="text-slate-600">{CONTENT_FIELD_LABELS[name as ContentField]}</dt>
                  <dd className="break-words">{value ? preview(value) : "—"}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
      {section.versionCount > section.versions.length ? (
        <p className="border-t border-slate-200 p-3 text-sm text-slate-600">
          Se muestran las {section.versions.length} más recientes de {section.versionCount}.
        </p>
      ) : null}
    </details>
  );
}

/**
 * The editor of one content page: a card per section with its form and its saved versions.
 * `resultFor(sectionId)`: the refused submission of that section's form, if any.
 */
export function ContentEditor({
  page,
  sections,
  resultFor,
}: ContentEditorView & {
  resultFor: (sectionId: string) => SubmissionResult<string[]> | undefined;
}) {
  return (
    <>
      <BackLink to="/admin/contenido">Contenido</BackLink>
      <AdminPageHeader
        title={`Contenido: ${page.label}`}
        description="Cada sección se guarda por separado y se publica al instante. Cada guardado queda como una versión que se puede restaurar."
      >
        <a
          href={page.path}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          Ver la página <ExternalLink aria-hidden className="size-4" />
        </a>
      </AdminPageHeader>

      <nav aria-label="Secciones de la página" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {sections.map((section) => (
            <li key={section.definition.id}>
              <a
                href={`#${section.definition.id}`}
                className="inline-flex min-h-8 items-center rounded-full border border-slate-300 bg-white px-3 text-sm text-slate-800 hover:border-brand-600"
              >
                {section.definition.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-6 grid gap-6">
        {sections.map((section) => {
          const { id, label, hint } = section.definition;
          return (
            <section
              key={id}
              id={id}
              aria-labelledby={`${id}-titulo`}
              tabIndex={-1}
              className="scroll-mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm target:border-brand-600 target:ring-2 target:ring-brand-600/30 sm:p-6"
            >
              <div className="mb-4">
                <h2 id={`${id}-titulo`} className="text-lg font-semibold text-slate-900">
                  {label}
                </h2>
                {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
                <p className="mt-1 text-sm text-slate-600">
                  {section.saved && section.updatedAt
                    ? `Guardado el ${section.updatedAt}${section.updatedBy ? ` por ${section.updatedBy}` : ""}.`
                    : "Muestra el texto predeterminado (aún no se ha guardado)."}
                </p>
              </div>
              <SectionForm
                // A save or restore reloads the values: start the form afresh from them.
                key={`${id}:${section.updatedAtIso ?? ""}`}
                pageKey={page.key}
                section={section}
                lastResult={resultFor(id)}
              />
              <div className="mt-6">
                <Versions pageKey={page.key} section={section} />
              </div>
            </section>
          );
        })}
      </div>
    </>
  );
}
