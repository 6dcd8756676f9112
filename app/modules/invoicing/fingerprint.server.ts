/**
 * The VeriFactu fingerprint (huella) of an invoicing record, exactly as the AEAT's
 * «Detalle de las especificaciones técnicas para generación de la huella o hash de los registros
 * de facturación» (v0.1.2) describes: the record's fields as `Name=value`, in a fixed order,
 * joined by `&`, values trimmed and never escaped, hashed with SHA-256 and written as 64
 * upper-case hex digits. The first record of the chain has an empty previous fingerprint.
 */
import crypto from "node:crypto";
import { formatIsoDay, madridOffsetMs, madridWallClock } from "~/lib/dates";

export interface AltaFields {
  issuerTaxId: string;
  numSerie: string;
  /** dd-mm-yyyy */
  issueDateText: string;
  invoiceType: string;
  taxTotalText: string;
  totalText: string;
  previousHash: string;
  generatedAtText: string;
}

export interface AnulacionFields {
  issuerTaxId: string;
  numSerie: string;
  issueDateText: string;
  previousHash: string;
  generatedAtText: string;
}

function join(fields: [string, string][]): string {
  return fields.map(([name, value]) => `${name}=${value.trim()}`).join("&");
}

export function altaHashInput(f: AltaFields): string {
  return join([
    ["IDEmisorFactura", f.issuerTaxId],
    ["NumSerieFactura", f.numSerie],
    ["FechaExpedicionFactura", f.issueDateText],
    ["TipoFactura", f.invoiceType],
    ["CuotaTotal", f.taxTotalText],
    ["ImporteTotal", f.totalText],
    ["Huella", f.previousHash],
    ["FechaHoraHusoGenRegistro", f.generatedAtText],
  ]);
}

export function anulacionHashInput(f: AnulacionFields): string {
  return join([
    ["IDEmisorFacturaAnulada", f.issuerTaxId],
    ["NumSerieFacturaAnulada", f.numSerie],
    ["FechaExpedicionFacturaAnulada", f.issueDateText],
    ["Huella", f.previousHash],
    ["FechaHoraHusoGenRegistro", f.generatedAtText],
  ]);
}

export function fingerprint(input: string): string {
  return crypto.createHash("sha256").update(input, "utf8").digest("hex").toUpperCase();
}

/** `2026-11-27T10:11:12+01:00`: Madrid wall time with its offset, no milliseconds. */
export function madridTimestampText(at: Date): string {
  const wall = madridWallClock(at);
  const offsetMinutes = madridOffsetMs(at.getTime()) / 60_000;
  const two = (n: number) => String(n).padStart(2, "0");
  const offset = `${offsetMinutes < 0 ? "-" : "+"}${two(Math.floor(Math.abs(offsetMinutes) / 60))}:${two(Math.abs(offsetMinutes) % 60)}`;
  return `${wall.year}-${wall.month}-${wall.day}T${wall.hour}:${wall.minute}:${wall.second}${offset}`;
}

/** `yyyy-mm-dd` → `dd-mm-yyyy`, the records' date format. */
export function recordDateText(isoDay: string): string {
  return formatIsoDay(isoDay, "-");
}
