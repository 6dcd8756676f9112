/**
 * The verification QR of an invoice (RD 1619/2012 art. 6.5; Orden HAC/1177/2024 arts. 20–21;
 * AEAT «Características del QR y especificaciones del servicio de cotejo»): the AEAT's cotejo
 * address with the alta record's NIF, series-number, issue date and total, in that order.
 * Browser-safe: no secrets, only the record's own values.
 */
import { formatIsoDay } from "~/lib/dates";

/** VERIFACTU_MODE (app/lib/env.server.ts): whether and where invoicing records are sent. */
export type VerifactuMode = "off" | "test" | "production";

const HOSTS = {
  test: "https://prewww2.aeat.es",
  production: "https://www2.agenciatributaria.gob.es",
} as const;

/** The service that checks a record sent to the AEAT, and the one for systems that do not send. */
const VERIFACTU_SERVICE = "/wlpl/TIKE-CONT/ValidarQR";
const NO_VERIFACTU_SERVICE = "/wlpl/TIKE-CONT/ValidarQRNoVerifactu";

/** What the QR carries: exactly the alta record's IDEmisorFactura, NumSerieFactura, … */
export interface QrRecord {
  issuerTaxId: string;
  numSerie: string;
  /** FechaExpedicionFactura: dd-mm-yyyy. */
  issueDateText: string;
  /** ImporteTotal as the record writes it: `12.35`, `-21.00` (a dot, no grouping). */
  totalText: string;
}

/** Whether the invoice carries the «VERI*FACTU» legend: only when every record is sent. */
export function isVerifactu(mode: VerifactuMode): boolean {
  return mode !== "off";
}

/**
 * The cotejo URL. Sending on: ValidarQR on the test or production host. Sending off: the
 * production host's ValidarQRNoVerifactu — a customer who scans the code of an invoice
 * that was never sent is sent to the real AEAT, where such invoices are checked and reported.
 */
export function cotejoUrl(record: QrRecord, mode: VerifactuMode): string {
  const base =
    mode === "off"
      ? `${HOSTS.production}${NO_VERIFACTU_SERVICE}`
      : `${HOSTS[mode]}${VERIFACTU_SERVICE}`;
  // Spec §4: values URL-encoded in UTF-8; the four parameters in this order, nothing else.
  const params: [string, string][] = [
    ["nif", record.issuerTaxId.trim()],
    ["numserie", record.numSerie.trim()],
    ["fecha", record.issueDateText.trim()],
    ["importe", record.totalText.trim()],
  ];
  return `${base}?${params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&")}`;
}

/** `2026-11-27` (a Madrid calendar day) → `27-11-2026`, as the record and the QR write it. */
export function qrDate(isoDay: string): string {
  return formatIsoDay(isoDay, "-");
}

/**
 * The mode an invoice is printed in: how its alta record was handled, not today's setting. A
 * record written while sending was off never claims «VERI*FACTU», even after sending is
 * switched on; one sent (or queued) under a mode since switched off points at the AEAT's own
 * service.
 */
export function printedMode(sendStatus: string | undefined, current: VerifactuMode): VerifactuMode {
  if (sendStatus === undefined || sendStatus === "not_sent") return "off";
  return current === "off" ? "production" : current;
}
