/**
 * The VERI*FACTU web service's XML: the SOAP request `RegFactuSistemaFacturacion` that carries
 * invoicing records to the AEAT, and the parser of its answer `RespuestaRegFactuSistemaFacturacion`.
 *
 * Element names, order and namespaces follow the AEAT's schemas (SuministroLR.xsd,
 * SuministroInformacion.xsd, RespuestaSuministro.xsd, published with SistemaFacturacion.wsdl on
 * the AEAT's developers' site) and the record design of Orden HAC/1177/2024's anexo. The fields
 * that were hashed (NIF, number, dates, TipoFactura, CuotaTotal, ImporteTotal, the previous
 * fingerprint, FechaHoraHusoGenRegistro, Huella) go out exactly as stored: the AEAT recomputes
 * the fingerprint from them.
 */
import { XMLBuilder, XMLParser } from "fast-xml-parser";
import type { VatExemption } from "./exemption";
import { recordAmount } from "./amounts";

export const NS = {
  soapenv: "http://schemas.xmlsoap.org/soap/envelope/",
  sum: "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd",
  sum1: "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd",
} as const;

/** At most this many records in one message (SuministroLR.xsd: RegistroFactura maxOccurs 1000). */
const MAX_RECORDS_PER_MESSAGE = 1000;
/** DetalleDesglose maxOccurs (SuministroInformacion.xsd, DesgloseType). */
const MAX_DESGLOSE_ROWS = 12;

export interface Party {
  name: string;
  taxId: string;
}

/** An invoice as the AEAT identifies it: issuer NIF, number and issue date (dd-mm-yyyy). */
export interface InvoiceId {
  issuerTaxId: string;
  numSerie: string;
  issueDateText: string;
}

/** The previous record of the chain, as Encadenamiento/RegistroAnterior names it. */
export interface PreviousRecord extends InvoiceId {
  hash: string;
}

export interface DesgloseRow {
  usedGoodsScheme: boolean;
  vatRateBp: number;
  baseCents: number;
  taxCents: number;
  /** Exempt (an export to Canarias, Ceuta or Melilla): see ./exemption.ts. */
  exemption?: VatExemption | null;
}

interface RecordCommon extends InvoiceId {
  id: number;
  chainPosition: number;
  /** NombreRazonEmisor and the header's ObligadoEmision (the invoice's issuer name). */
  issuerName: string;
  /** The previous record's fingerprint as hashed into this one; empty for the first. */
  previousHash: string;
  previous: PreviousRecord | null;
  generatedAtText: string;
  hash: string;
  sendAttempts: number;
}

const ALTA_TYPES = ["F1", "F2", "F3", "R1", "R5"] as const;
export type AltaInvoiceType = (typeof ALTA_TYPES)[number];

export interface AltaToSend extends RecordCommon {
  recordType: "alta";
  invoiceType: AltaInvoiceType;
  /** DescripcionOperacion (not hashed). */
  description: string;
  /** FechaOperacion dd-mm-yyyy, only when it differs from the issue date. */
  operationDateText: string | null;
  recipient: Party | null;
  /** F3: the simplified invoices it replaces. */
  replaced: InvoiceId[];
  /** R1/R5: the invoices it corrects. */
  corrected: InvoiceId[];
  taxLines: DesgloseRow[];
  taxTotalText: string;
  totalText: string;
}

export interface AnulacionToSend extends RecordCommon {
  recordType: "anulacion";
}

export type RecordToSend = AltaToSend | AnulacionToSend;

/** The SistemaInformatico block (Orden HAC/1177/2024 anexo): the software and this installation. */
export interface SystemInfo {
  /** The software's producer; null: the issuer itself (software of its own). */
  producer: Party | null;
  name: string;
  id: string;
  version: string;
  installationNumber: string;
}

/** A record the XML cannot carry (missing data or a broken link): it is not sent. */
export class RecordBuildError extends Error {
  override name = "RecordBuildError";
  constructor(
    readonly recordId: number,
    message: string,
  ) {
    super(message);
  }
}

const AMOUNT = /^-?\d{1,12}\.\d{2}$/;
const DATE = /^\d{2}-\d{2}-\d{4}$/;
const HASH = /^[0-9A-F]{64}$/;

/**
 * Free text the AEAT refuses to hold: «El valor del campo %s contiene carácteres no validos
 * (<, >, ", ', =)» (error 1287). Only for texts that are not hashed (names, descriptions);
 * apostrophes and quotes become their typographic forms, the rest a space.
 */
export function aeatText(value: string, max: number): string {
  const cleaned = value
    .replace(/'/g, "\u2019")
    .replace(/"/g, "\u201d")
    .replace(/[<>=]/g, " ")
    // Control characters (tabs, line breaks) are not text the AEAT keeps.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return [...cleaned].slice(0, max).join("").trim();
}

/** `21.00`, `4.00`, `0.00`: TipoImpositivo from basis points. */
function rateText(rateBp: number): string {
  if (!Number.isSafeInteger(rateBp) || rateBp < 0) throw new Error(`not a rate: ${rateBp}`);
  return `${Math.floor(rateBp / 100)}.${String(rateBp % 100).padStart(2, "0")}`;
}

/** Throws a RecordBuildError when the record cannot be sent as it is. */
export function checkRecord(record: RecordToSend): void {
  const fail = (message: string) => {
    throw new RecordBuildError(record.id, message);
  };
  if (!DATE.test(record.issueDateText)) fail("fecha de expedición no válida");
  if (!HASH.test(record.hash)) fail("huella no válida");
  if (record.previousHash === "") {
    if (record.previous) fail("el primer registro no puede tener registro anterior");
  } else if (!record.previous) {
    fail("no se encuentra el registro anterior de la cadena");
  } else if (record.previous.hash !== record.previousHash) {
    fail("la huella del registro anterior no coincide con la encadenada: cadena rota");
  }
  if (record.recordType === "anulacion") return;
  if (!(ALTA_TYPES as readonly string[]).includes(record.invoiceType))
    fail(`tipo de factura no admitido: ${record.invoiceType}`);
  if (!AMOUNT.test(record.taxTotalText) || !AMOUNT.test(record.totalText)) {
    fail("importes no válidos");
  }
  const needsRecipient = ["F1", "F3", "R1"].includes(record.invoiceType);
  if (needsRecipient && !record.recipient)
    fail(`una factura ${record.invoiceType} necesita destinatario`);
  if (record.invoiceType === "F3" && record.replaced.length === 0) {
    fail("una factura F3 debe indicar la factura simplificada que sustituye");
  }
  if (record.invoiceType.startsWith("R") && record.corrected.length === 0) {
    fail("una factura rectificativa debe indicar la factura que rectifica");
  }
  if (record.taxLines.length === 0 || record.taxLines.length > MAX_DESGLOSE_ROWS) {
    fail(`el desglose debe tener entre 1 y ${MAX_DESGLOSE_ROWS} líneas`);
  }
}

type XmlNode = Record<string, unknown>;

const idFactura = (id: InvoiceId): XmlNode => ({
  "sum1:IDEmisorFactura": id.issuerTaxId,
  "sum1:NumSerieFactura": id.numSerie,
  "sum1:FechaExpedicionFactura": id.issueDateText,
});

function encadenamiento(record: RecordToSend): XmlNode {
  if (!record.previous) return { "sum1:PrimerRegistro": "S" };
  return {
    "sum1:RegistroAnterior": {
      ...idFactura(record.previous),
      "sum1:Huella": record.previous.hash,
    },
  };
}

/** A Spanish NIF/NIE/CIF (9 characters) goes as NIF; anything else as IDOtro. */
function partyId(party: Party): XmlNode {
  let taxId = party.taxId.replace(/[\s.-]/g, "").toUpperCase();
  // A Spanish VAT number is the NIF with the ES prefix.
  if (/^ES[A-Z0-9]{9}$/.test(taxId)) taxId = taxId.slice(2);
  const name = { "sum1:NombreRazon": aeatText(party.name, 120) };
  if (/^[A-Z0-9]{9}$/.test(taxId)) return { ...name, "sum1:NIF": taxId };
  const country = /^([A-Z]{2})[A-Z0-9]+$/.exec(taxId)?.[1];
  // An EU VAT number (NIF-IVA, 02) carries its country prefix; otherwise another document (06).
  return country && country !== "ES"
    ? {
        ...name,
        "sum1:IDOtro": { "sum1:CodigoPais": country, "sum1:IDType": "02", "sum1:ID": taxId },
      }
    : { ...name, "sum1:IDOtro": { "sum1:IDType": "06", "sum1:ID": taxId.slice(0, 20) } };
}

function sistemaInformatico(system: SystemInfo, issuer: Party): XmlNode {
  const producer = system.producer ?? issuer;
  return {
    "sum1:NombreRazon": aeatText(producer.name, 120),
    "sum1:NIF": producer.taxId,
    "sum1:NombreSistemaInformatico": aeatText(system.name, 30),
    "sum1:IdSistemaInformatico": system.id,
    "sum1:Version": aeatText(system.version, 50),
    "sum1:NumeroInstalacion": aeatText(system.installationNumber, 100),
    // Tienda only sends (VERI*FACTU), for one taxpayer.
    "sum1:TipoUsoPosibleSoloVerifactu": "S",
    "sum1:TipoUsoPosibleMultiOT": "N",
    "sum1:IndicadorMultiplesOT": "N",
  };
}

function detalleDesglose(row: DesgloseRow): XmlNode {
  if (row.exemption) {
    return {
      "sum1:Impuesto": "01",
      // 02: Exportación. The AEAT refuses OperacionExenta E2 under ClaveRegimen 01.
      "sum1:ClaveRegimen": "02",
      "sum1:OperacionExenta": row.exemption,
      "sum1:BaseImponibleOimporteNoSujeto": recordAmount(row.baseCents),
    };
  }
  return {
    "sum1:Impuesto": "01",
    // 03: the special scheme for used goods (REBU, LIVA arts. 135–139); 01: the general scheme.
    "sum1:ClaveRegimen": row.usedGoodsScheme ? "03" : "01",
    "sum1:CalificacionOperacion": "S1",
    "sum1:TipoImpositivo": rateText(row.vatRateBp),
    "sum1:BaseImponibleOimporteNoSujeto": recordAmount(row.baseCents),
    "sum1:CuotaRepercutida": recordAmount(row.taxCents),
  };
}

function registroAlta(record: AltaToSend, system: SystemInfo): XmlNode {
  const node: XmlNode = {
    "sum1:IDVersion": "1.0",
    "sum1:IDFactura": idFactura(record),
    "sum1:NombreRazonEmisor": aeatText(record.issuerName, 120),
    "sum1:TipoFactura": record.invoiceType,
  };
  if (record.invoiceType.startsWith("R")) {
    // By differences: the corrective invoice carries the change (negative amounts on a refund).
    node["sum1:TipoRectificativa"] = "I";
    node["sum1:FacturasRectificadas"] = {
      "sum1:IDFacturaRectificada": record.corrected.map(idFactura),
    };
  }
  if (record.invoiceType === "F3") {
    node["sum1:FacturasSustituidas"] = {
      "sum1:IDFacturaSustituida": record.replaced.map(idFactura),
    };
  }
  if (record.operationDateText) node["sum1:FechaOperacion"] = record.operationDateText;
  node["sum1:DescripcionOperacion"] = aeatText(record.description, 500) || "Venta";
  // Destinatarios: mandatory for F1, F3, R1–R4; not allowed on F2 and R5.
  if (record.recipient && !["F2", "R5"].includes(record.invoiceType)) {
    node["sum1:Destinatarios"] = { "sum1:IDDestinatario": [partyId(record.recipient)] };
  }
  node["sum1:Desglose"] = { "sum1:DetalleDesglose": record.taxLines.map(detalleDesglose) };
  node["sum1:CuotaTotal"] = record.taxTotalText;
  node["sum1:ImporteTotal"] = record.totalText;
  node["sum1:Encadenamiento"] = encadenamiento(record);
  node["sum1:SistemaInformatico"] = sistemaInformatico(system, {
    name: record.issuerName,
    taxId: record.issuerTaxId,
  });
  node["sum1:FechaHoraHusoGenRegistro"] = record.generatedAtText;
  node["sum1:TipoHuella"] = "01";
  node["sum1:Huella"] = record.hash;
  return node;
}

function registroAnulacion(record: AnulacionToSend, system: SystemInfo): XmlNode {
  return {
    "sum1:IDVersion": "1.0",
    "sum1:IDFactura": {
      "sum1:IDEmisorFacturaAnulada": record.issuerTaxId,
      "sum1:NumSerieFacturaAnulada": record.numSerie,
      "sum1:FechaExpedicionFacturaAnulada": record.issueDateText,
    },
    "sum1:Encadenamiento": encadenamiento(record),
    "sum1:SistemaInformatico": sistemaInformatico(system, {
      name: record.issuerName,
      taxId: record.issuerTaxId,
    }),
    "sum1:FechaHoraHusoGenRegistro": record.generatedAtText,
    "sum1:TipoHuella": "01",
    "sum1:Huella": record.hash,
  };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  processEntities: true,
  suppressEmptyNode: false,
});

export interface EnvelopeInput {
  /** The taxpayer whose records these are (Cabecera/ObligadoEmision). */
  issuer: Party;
  /**
   * RemisionVoluntaria/Incidencia = S: the records were held back by an incident (the AEAT could
   * not be reached when they were made), so they arrive late.
   */
  incident: boolean;
  system: SystemInfo;
  records: readonly RecordToSend[];
}

/** The SOAP request, UTF-8 text. Throws a RecordBuildError for a record it cannot carry. */
export function buildRegFactuEnvelope(input: EnvelopeInput): string {
  if (input.records.length === 0 || input.records.length > MAX_RECORDS_PER_MESSAGE) {
    throw new Error(`a message carries 1 to ${MAX_RECORDS_PER_MESSAGE} records`);
  }
  for (const record of input.records) {
    checkRecord(record);
    if (record.issuerTaxId !== input.issuer.taxId) {
      // Error 1108 otherwise: every record's issuer must be the header's ObligadoEmision.
      throw new RecordBuildError(record.id, "el NIF del emisor no es el de la cabecera");
    }
  }
  const cabecera: XmlNode = {
    "sum1:ObligadoEmision": {
      "sum1:NombreRazon": aeatText(input.issuer.name, 120),
      "sum1:NIF": input.issuer.taxId,
    },
  };
  if (input.incident) cabecera["sum1:RemisionVoluntaria"] = { "sum1:Incidencia": "S" };
  return builder.build({
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    "soapenv:Envelope": {
      "@_xmlns:soapenv": NS.soapenv,
      "@_xmlns:sum": NS.sum,
      "@_xmlns:sum1": NS.sum1,
      "soapenv:Header": "",
      "soapenv:Body": {
        "sum:RegFactuSistemaFacturacion": {
          "sum:Cabecera": cabecera,
          "sum:RegistroFactura": input.records.map((record) =>
            record.recordType === "alta"
              ? { "sum1:RegistroAlta": registroAlta(record, input.system) }
              : { "sum1:RegistroAnulacion": registroAnulacion(record, input.system) },
          ),
        },
      },
    },
  }) as string;
}

// ---- The answer -------------------------------------------------------------------------------

export type RecordState = "Correcto" | "AceptadoConErrores" | "Incorrecto";

export interface ResponseLine extends InvoiceId {
  operation: "Alta" | "Anulacion";
  state: RecordState;
  errorCode: string | null;
  errorDescription: string | null;
  /** RegistroDuplicado/EstadoRegistroDuplicado: how the AEAT already holds a duplicate. */
  duplicateState: string | null;
}

export type AeatAnswer =
  | {
      kind: "answer";
      /** TiempoEsperaEnvio: seconds to wait before the next message. */
      waitSeconds: number;
      batchState: "Correcto" | "ParcialmenteCorrecto" | "Incorrecto";
      csv: string | null;
      lines: ResponseLine[];
    }
  | { kind: "fault"; code: string; message: string };

/** An answer that is neither the schema's response nor a SOAP fault. */
export class AeatAnswerError extends Error {
  override name = "AeatAnswerError";
}

const parser = new XMLParser({
  // Prefixes vary (env:, soapenv:, tikR:, tik:); element names are unique enough here.
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => name === "RespuestaLinea",
});

type Parsed = Record<string, unknown>;
const obj = (value: unknown): Parsed | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Parsed) : undefined;
const str = (value: unknown): string | null =>
  typeof value === "string" && value !== ""
    ? value
    : typeof value === "number"
      ? String(value)
      : null;

const RECORD_STATES: readonly RecordState[] = ["Correcto", "AceptadoConErrores", "Incorrecto"];
const BATCH_STATES = ["Correcto", "ParcialmenteCorrecto", "Incorrecto"] as const;

/** Reads the AEAT's answer (or its SOAP fault). Throws an AeatAnswerError when it is neither. */
export function parseAeatAnswer(xml: string): AeatAnswer {
  let doc: Parsed;
  try {
    doc = parser.parse(xml) as Parsed;
  } catch (error) {
    throw new AeatAnswerError(`respuesta no legible: ${(error as Error).message}`);
  }
  const body = obj(obj(doc.Envelope)?.Body);
  if (!body) throw new AeatAnswerError("la respuesta no es un sobre SOAP");
  const fault = obj(body.Fault);
  if (fault) {
    return {
      kind: "fault",
      code: str(fault.faultcode) ?? "",
      message: str(fault.faultstring) ?? "error sin descripción",
    };
  }
  const root = obj(body.RespuestaRegFactuSistemaFacturacion);
  if (!root) throw new AeatAnswerError("falta RespuestaRegFactuSistemaFacturacion");
  const batchState = str(root.EstadoEnvio);
  if (!BATCH_STATES.includes(batchState as (typeof BATCH_STATES)[number])) {
    throw new AeatAnswerError(`EstadoEnvio desconocido: ${batchState ?? "(vacío)"}`);
  }
  const wait = Number(str(root.TiempoEsperaEnvio));
  const lines = ((root.RespuestaLinea as unknown[] | undefined) ?? []).map((raw): ResponseLine => {
    const line = obj(raw) ?? {};
    const id = obj(line.IDFactura) ?? {};
    const state = str(line.EstadoRegistro);
    if (!RECORD_STATES.includes(state as RecordState)) {
      throw new AeatAnswerError(`EstadoRegistro desconocido: ${state ?? "(vacío)"}`);
    }
    const operation = str(obj(line.Operacion)?.TipoOperacion);
    return {
      operation: operation === "Anulacion" ? "Anulacion" : "Alta",
      issuerTaxId: str(id.IDEmisorFactura) ?? "",
      numSerie: str(id.NumSerieFactura) ?? "",
      issueDateText: str(id.FechaExpedicionFactura) ?? "",
      state: state as RecordState,
      errorCode: str(line.CodigoErrorRegistro),
      errorDescription: str(line.DescripcionErrorRegistro),
      duplicateState: str(obj(line.RegistroDuplicado)?.EstadoRegistroDuplicado),
    };
  });
  return {
    kind: "answer",
    waitSeconds: Number.isFinite(wait) && wait > 0 ? wait : 60,
    batchState: batchState as (typeof BATCH_STATES)[number],
    csv: str(root.CSV),
    lines,
  };
}
