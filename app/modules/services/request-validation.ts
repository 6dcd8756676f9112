import { schemaErrors } from "~/lib/schema-errors";
import { serviceRequestSchema } from "./request-schemas";

/** The service request form's checks in the browser: the action's own schema. */
export const validateServiceRequest = (formData: FormData) =>
  schemaErrors(serviceRequestSchema, formData);
