import { formatDate } from "~/lib/dates";

export interface AccountSummaryData {
  name: string;
  email: string;
  createdAt: Date | string;
  receiveMarketingEmails: boolean | null;
  receiveNewsletter: boolean | null;
}

/** Read-only account details and communication preferences. */
export function AccountSummary({ profile }: { profile: AccountSummaryData }) {
  const yesNo = (value: boolean | null) => (value ? "Sí" : "No");
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="datos-personales"
        className="rounded-xl border border-slate-200 p-5"
      >
        <h2 id="datos-personales" className="text-lg font-semibold text-slate-900">
          Información personal
        </h2>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-600">Nombre completo</dt>
            <dd className="font-medium text-slate-900">{profile.name || "—"}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Correo electrónico</dt>
            <dd className="font-medium text-slate-900">{profile.email}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Cliente desde</dt>
            <dd className="font-medium text-slate-900">{formatDate(profile.createdAt)}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="preferencias" className="rounded-xl border border-slate-200 p-5">
        <h2 id="preferencias" className="text-lg font-semibold text-slate-900">
          Preferencias de comunicación
        </h2>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-600">Correos con ofertas</dt>
            <dd className="font-medium text-slate-900">{yesNo(profile.receiveMarketingEmails)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Newsletter</dt>
            <dd className="font-medium text-slate-900">{yesNo(profile.receiveNewsletter)}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
