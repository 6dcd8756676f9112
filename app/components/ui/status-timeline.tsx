/** One status change as a timeline shows it. */
export interface TimelineEntry {
  id: number;
  label: string;
  atIso: string;
  at: string;
  /** Who made the change (admin views); omitted where it is not shown. */
  by?: string;
  note?: string | null;
}

/** A status history, oldest first (orders and returns). */
export function StatusTimeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-700">Sin cambios de estado.</p>;
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
      {entries.map((entry) => (
        <li key={entry.id}>
          <p className="text-sm font-medium text-slate-900">{entry.label}</p>
          <p className="text-xs text-slate-700">
            <time dateTime={entry.atIso}>{entry.at}</time>
            {entry.by !== undefined ? ` · ${entry.by}` : null}
          </p>
          {entry.note ? (
            <p className="text-xs whitespace-pre-line text-slate-700">{entry.note}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
