/** The shapes /admin/promociones hands to its parts (what `loadPromotionsPage` returns). */

export interface EditingDraft {
  id: number;
  title: string;
  body: string;
  /** The draft's last change: what «Enviar ahora» hands back. */
  version: string;
}

export interface DraftListItem {
  id: number;
  title: string;
  atIso: string;
  atLabel: string;
}

export interface HistoryRow {
  id: number;
  title: string;
  status: "sending" | "sent" | "failed";
  sentBy: string | null;
  recipients: number;
  sent: number;
  failed: number;
  atIso: string | null;
  atLabel: string | null;
}

export const cardClass = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
export const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";
export const quietLinkClass =
  "inline-flex h-10 items-center px-2 text-sm font-medium text-slate-700 underline-offset-2 hover:underline";
