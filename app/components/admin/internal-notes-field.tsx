import type { FieldMetadata } from "@conform-to/react";
import { AdminTextareaField } from "./fields";

/** «Notas internas» of a product or a service: the admins' own notes, never shown in the shop. */
export function InternalNotesField<Schema>({
  field,
}: {
  field: FieldMetadata<Schema, Record<string, unknown>, string[]>;
}) {
  return (
    <AdminTextareaField label="Notas internas" field={field} rows={3} className="sm:col-span-2" />
  );
}
