import { schemaErrors } from "~/lib/schema-errors";
import { contactSchema } from "./schemas";

/** The contact form's checks in the browser: the action's own schema. */
export const validateContact = (formData: FormData) => schemaErrors(contactSchema, formData);
