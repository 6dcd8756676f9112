/** What the aviso legal shows of the shop's owner (LSSI art. 10), from /admin/configuracion. */
export interface LegalData {
  companyName: string;
  nif: string;
  address: string;
  registry: string;
  contactEmail: string | null;
}

function Value({ text }: { text: string | null }) {
  if (text) return <>{text}</>;
  // Not filled in yet: highlighted like the page's other placeholders.
  return <mark className="rounded bg-amber-100 px-1 text-slate-900">[pendiente]</mark>;
}

/** The owner's identifying data, as a block of the aviso legal page. */
export function LegalDataBlock({ legal }: { legal: LegalData }) {
  return (
    <section
      aria-labelledby="datos-del-titular"
      className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5"
    >
      <h2 id="datos-del-titular" className="text-lg font-semibold text-slate-900">
        Datos del titular
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-base text-slate-700 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-900">Titular</dt>
        <dd>
          <Value text={legal.companyName} />
        </dd>
        <dt className="font-medium text-slate-900">NIF/CIF</dt>
        <dd>
          <Value text={legal.nif} />
        </dd>
        <dt className="font-medium text-slate-900">Domicilio</dt>
        <dd>
          <Value text={legal.address} />
        </dd>
        {legal.registry ? (
          <>
            <dt className="font-medium text-slate-900">Datos registrales</dt>
            <dd>{legal.registry}</dd>
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
    </section>
  );
}
