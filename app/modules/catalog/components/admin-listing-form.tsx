import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminCheckboxField, AdminInputField } from "~/components/admin/fields";
import { VideoUrlsField } from "~/components/admin/video-urls-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { ImageField } from "~/modules/media/ui";

/*
 * The parts the admin's marketplace-item and service forms share (spec §2, §5): the section
 * headings, the images-and-videos section, the "Destacado en novedades" toggle with its order,
 * and the Cancelar/save buttons.
 */

type Field<Schema> = FieldMetadata<Schema, Record<string, unknown>, string[]>;

export const listingHeadingClass =
  "text-sm font-semibold tracking-wide text-slate-500 uppercase sm:col-span-2";

/** The image keys a form starts with: the row's, or those of a refused submission. */
function keysOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((key): key is string => typeof key === "string" && key !== "");
}

/** "Imágenes y vídeos": the uploads (saving waits for them, spec §4) and the video links. */
export function ListingMediaSection<Images, Videos>({
  formId,
  imageKeys,
  videoUrls,
  onUploadingChange,
  variant,
}: {
  formId: string;
  imageKeys: Field<Images>;
  videoUrls: Field<Videos>;
  onUploadingChange: (uploading: boolean) => void;
  variant?: "service";
}) {
  return (
    <section className="space-y-4" aria-labelledby={`${formId}-media`}>
      <h3 id={`${formId}-media`} className={listingHeadingClass}>
        Imágenes y vídeos
      </h3>
      <ImageField
        name={imageKeys.name}
        defaultKeys={keysOf(imageKeys.initialValue)}
        onBusyChange={onUploadingChange}
        errors={imageKeys.errors}
        variant={variant}
      />
      <VideoUrlsField field={videoUrls} />
    </section>
  );
}

/**
 * "Publicación": the form's own checkboxes (`children`), then "Destacado en novedades" and the
 * order, shown only while it is ticked (CSS :has, so it works before JavaScript too).
 */
export function ListingPublicationSection<Visible, Featured, Order>({
  formId,
  isPubliclyVisible,
  isFeaturedNew,
  featuredOrder,
  children,
}: {
  formId: string;
  isPubliclyVisible: Field<Visible>;
  isFeaturedNew: Field<Featured>;
  featuredOrder: Field<Order>;
  children?: ReactNode;
}) {
  return (
    <section className="group space-y-3" aria-labelledby={`${formId}-publish`}>
      <h3 id={`${formId}-publish`} className={listingHeadingClass}>
        Publicación
      </h3>
      <AdminCheckboxField label="Visible públicamente" field={isPubliclyVisible} />
      {children}
      <AdminCheckboxField
        label="Destacado en novedades"
        field={isFeaturedNew}
        checkboxClassName="featured-toggle"
      />
      <div className="hidden max-w-48 group-has-[.featured-toggle:checked]:block">
        <AdminInputField
          label="Orden de destacado"
          field={featuredOrder}
          type="number"
          step="1"
          inputMode="numeric"
          hint="Los números más bajos salen primero."
        />
      </div>
    </section>
  );
}

/** Cancelar (back to the list) and the save button, disabled while saving or uploading. */
export function ListingFormActions({
  closeTo,
  busy,
  uploading,
  editing,
  createLabel,
}: {
  closeTo: string;
  busy: boolean;
  uploading: boolean;
  editing: boolean;
  createLabel: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
      <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
        Cancelar
      </Link>
      <Button type="submit" disabled={busy || uploading}>
        {busy
          ? "Guardando..."
          : uploading
            ? "Subiendo imágenes..."
            : editing
              ? "Guardar cambios"
              : createLabel}
      </Button>
    </div>
  );
}
