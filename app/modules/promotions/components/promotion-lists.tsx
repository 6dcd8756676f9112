import { RefreshCw } from "~/components/icons/refresh-cw";
import { Link } from "react-router";
import { formatNumber } from "~/lib/numbers";
import { draftPath, PROMOTION_MESSAGES, PROMOTIONS_PATH } from "../schemas";
import { cardClass, linkClass, type DraftListItem, type HistoryRow } from "./promotion-types";

function Progress({ row }: { row: HistoryRow }) {
  const done = row.sent + row.failed;
  const percent = row.recipients > 0 ? Math.round((done / row.recipients) * 100) : 100;
  const labelId = `progreso-${row.id}`;
  return (
    <div className="space-y-1">
      <p id={labelId} className="text-sm text-slate-700">
        {`«${row.title}»: ${formatNumber(done)} de ${formatNumber(row.recipients)} procesados (${percent} %)`}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={row.recipients}
        aria-valuenow={done}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** «Envío en curso»: the progress of each promotion still sending. */
export function SendingProgress({ sending }: { sending: HistoryRow[] }) {
  if (sending.length === 0) return null;
  return (
    <section aria-labelledby="en-envio" className={cardClass}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="en-envio" className="text-lg font-semibold text-slate-900">
          Envío en curso
        </h2>
        <Link
          to={PROMOTIONS_PATH}
          reloadDocument
          className={`${linkClass} inline-flex items-center gap-1 text-sm`}
        >
          <RefreshCw aria-hidden className="size-4" /> Actualizar
        </Link>
      </div>
      <div className="mt-3 space-y-4">
        {sending.map((row) => (
          <Progress key={row.id} row={row} />
        ))}
      </div>
    </section>
  );
}

export function DraftList({
  drafts,
  totalDrafts,
  showAll,
}: {
  drafts: DraftListItem[];
  totalDrafts: number;
  showAll: boolean;
}) {
  return (
    <section aria-labelledby="borradores" className={cardClass}>
      <h2 id="borradores" className="text-lg font-semibold text-slate-900">
        {showAll ? "Todos los borradores" : "Últimos borradores"}
      </h2>
      {drafts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">Aún no hay borradores guardados.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {drafts.map((draft) => (
            <li key={draft.id} className="py-2">
              <Link to={draftPath(draft.id)} className={`${linkClass} break-words`}>
                {draft.title}
              </Link>
              <p className="text-xs text-slate-600">
                Guardado el <time dateTime={draft.atIso}>{draft.atLabel}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      {!showAll && totalDrafts > drafts.length ? (
        <Link
          to={`${PROMOTIONS_PATH}?borradores=todos`}
          className={`${linkClass} mt-3 inline-block text-sm`}
        >
          {`Ver todos los borradores (${formatNumber(totalDrafts)})`}
        </Link>
      ) : null}
      {showAll ? (
        <Link to={PROMOTIONS_PATH} className={`${linkClass} mt-3 inline-block text-sm`}>
          Ver solo los últimos
        </Link>
      ) : null}
    </section>
  );
}

const STATUS: Record<HistoryRow["status"], { label: string; className: string }> = {
  sending: { label: "Enviando", className: "bg-amber-100 text-amber-900" },
  sent: { label: "Enviada", className: "bg-green-100 text-green-900" },
  failed: { label: PROMOTION_MESSAGES.sendErrorTitle, className: "bg-red-100 text-red-900" },
};

const COLUMNS = [
  { label: "Promoción" },
  { label: "Estado" },
  { label: "Enviados", numeric: true },
  { label: "Fallidos", numeric: true },
  { label: "Fecha" },
  { label: "Enviada por", last: true },
];

const cell = (numeric?: boolean, last?: boolean) =>
  `py-2 ${last ? "" : "pr-3"} ${numeric ? "text-right tabular-nums" : ""}`.trim();

export function SendHistory({ history }: { history: HistoryRow[] }) {
  return (
    <section aria-labelledby="historial" className={`${cardClass} mt-6`}>
      <h2 id="historial" className="text-lg font-semibold text-slate-900">
        Historial de envíos
      </h2>
      {history.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">Todavía no se ha enviado ninguna promoción.</p>
      ) : (
        // Scrolls sideways on a phone: focusable, so keyboard users can scroll it too.
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="group" aria-labelledby="historial">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                {COLUMNS.map((c) => (
                  <th
                    key={c.label}
                    scope="col"
                    className={`${cell(c.numeric, c.last)} font-semibold`}
                  >
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {history.map((row) => (
                <tr key={row.id}>
                  <td className="py-2 pr-3 break-words text-slate-900">{row.title}</td>
                  <td className="py-2 pr-3">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS[row.status].className}`}
                    >
                      {STATUS[row.status].label}
                    </span>
                  </td>
                  <td className={cell(true)}>
                    {`${formatNumber(row.sent)} de ${formatNumber(row.recipients)}`}
                  </td>
                  <td className={cell(true)}>{formatNumber(row.failed)}</td>
                  <td className="py-2 pr-3 text-slate-700">
                    {row.atIso ? <time dateTime={row.atIso}>{row.atLabel}</time> : "—"}
                  </td>
                  <td className="py-2 text-slate-700">{row.sentBy ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
