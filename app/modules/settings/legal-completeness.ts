/**
 * Which of the seller's identifying data (LSSI art. 10, TRLGDCU art. 97.1 b–c) the owner has not
 * filled in yet in /admin/configuracion. Pure and browser-safe: the public pages use it to say
 * the data is being completed, the admin dashboard to list what is missing.
 */
import type { LegalData } from "./components/legal-data";

/** The fields every public legal text needs (the registry is only for registered companies). */
export const REQUIRED_LEGAL_FIELDS = [
  "companyName",
  "nif",
  "address",
  "phone",
  "contactEmail",
] as const;

export type RequiredLegalField = (typeof REQUIRED_LEGAL_FIELDS)[number];

/** How the admin's settings page names each field. */
export const LEGAL_FIELD_LABELS: Record<RequiredLegalField, string> = {
  companyName: "Razón social",
  nif: "NIF/CIF",
  address: "Dirección de la empresa",
  phone: "Teléfono",
  contactEmail: "Correo electrónico de contacto",
};

/** Where each field is set: the section of /admin/configuracion. */
export const LEGAL_FIELD_ANCHORS: Record<RequiredLegalField, string> = {
  companyName: "/admin/configuracion#datos-legales",
  nif: "/admin/configuracion#datos-legales",
  address: "/admin/configuracion#datos-legales",
  phone: "/admin/configuracion#datos-legales",
  contactEmail: "/admin/configuracion#general",
};

/** The required fields still empty, in the order of REQUIRED_LEGAL_FIELDS. */
export function missingLegalFields(legal: LegalData): RequiredLegalField[] {
  return REQUIRED_LEGAL_FIELDS.filter((field) => !legal[field]?.trim());
}

/** What the public sees while data is missing (a page, the checkout). */
export const LEGAL_DATA_PENDING =
  "Estamos completando los datos de la empresa que deben figurar aquí. Mientras tanto, puedes escribirnos desde la página de contacto.";
