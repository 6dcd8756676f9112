import { data } from "react-router";

/**
 * Reads a submitted form. A body the browser could not have sent (bad multipart, wrong
 * encoding) is a 400 with a Spanish message, not a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(
      { message: "El formulario enviado no es válido. Recarga la página e inténtalo de nuevo." },
      { status: 400 },
    );
  }
}
