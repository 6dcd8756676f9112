import { telHref } from "~/lib/phone";
import { LEGAL_DATA_PENDING, missingLegalFields } from "../legal-completeness";

/**
 * What the aviso legal shows of the shop's owner (LSSI art. 10, TRLGDCU art. 97.1.b–c), from
 * /admin/configuracion.
 */
export interface LegalData {
  companyName: string;
  nif: string;
  address: string;
  registry: string;
  /** "" until saved. */
  phone: string;
  contactEmail: string | null;
}

/** The phone as a link that calls it (plain text if it is not a valid number). */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  const href = telHref(phone);
  return href ? (
    <a href={href} className={className}>
      {phone}
    </a>
  ) : (
    <>{phone}</>
  );
}

/**
 * The owner's identifying data, as a block of the aviso legal and contact pages. What is not
 * saved yet is left out (never a placeholder), with a sentence saying it is being completed.
 */
export function LegalDataBlock({ legal }: { legal: LegalData }) {
  const incomplete = missingLegalFields(legal).length > 0;
  const row = (term: string, value: string) =>
    value ? (
      <>
        <dt className="font-medium text-slate-900">{term}</dt>
        <dd className="break-words">{value}</dd>
      </>
    ) : null;
  return (
    <section
      aria-labelledby="datos-del-titular"
      className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5"
    >
      <h2 id="datos-del-titular" className="text-lg font-semibold text-slate-900">
        Datos del titular
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-base text-slate-700 sm:grid-cols-[max-content_1fr]">
        {row("Titular", legal.companyName)}
        {row("NIF/CIF", legal.nif)}
        {row("Domicilio", legal.address)}
        {legal.registry ? (
          <>
            <dt className="font-medium text-slate-900">Datos registrales</dt>
            <dd>{legal.registry}</dd>
          </>
        ) : null}
        {legal.phone ? (
          <>
            <dt className="font-medium text-slate-900">Teléfono</dt>
            <dd>
              <PhoneLink
                phone={legal.phone}
                className="whitespace-nowrap text-brand-700 underline"
              />
            </dd>
          </>
        ) : null}
        {legal.contactEmail ? (
          <>
            <dt className="font-medium text-slate-900">Correo electrónico</dt>
            <dd>
              <a href={`mailto:${legal.contactEmail}`} className="text-brand-700 underline">
                {legal.contactEmail}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
      {incomplete ? <p className="mt-3 text-base text-slate-700">{LEGAL_DATA_PENDING}</p> : null}
    </section>
  );
}
