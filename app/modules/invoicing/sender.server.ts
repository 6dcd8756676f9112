/**
 * Sending invoicing records to the AEAT (VERI*FACTU, RD 1007/2023 art. 16; Orden HAC/1177/2024
 * art. 16): the VerifactuSender interface and its real implementation, AeatSoapSender, which
 * posts the SOAP message over HTTPS with the shop's client certificate (mutual TLS).
 *
 * Nothing here pretends: a record counts as sent only when the AEAT's answer names it.
 */
import fs from "node:fs";
import https from "node:https";
import type { Env } from "~/lib/env.server";
import {
  AeatAnswerError,
  buildRegFactuEnvelope,
  parseAeatAnswer,
  type Party,
  type RecordToSend,
  type ResponseLine,
  type SystemInfo,
} from "./verifactu-xml.server";
import { VERIFACTU_LIMITS, VERIFACTU_SYSTEM } from "./verifactu-constants";

export type { RecordToSend } from "./verifactu-xml.server";

export type RecordResult =
  | { recordId: number; status: "accepted"; warning: { code: string; description: string } | null }
  | { recordId: number; status: "rejected"; code: string; description: string }
  /** The answer did not name this record: it stays pending. */
  | { recordId: number; status: "unanswered" };

export type SendOutcome =
  | {
      ok: true;
      /** TiempoEsperaEnvio: the AEAT's wait, in seconds, before the next message. */
      waitSeconds: number;
      csv: string | null;
      results: RecordResult[];
    }
  | {
      ok: false;
      /** network: unreachable, TLS or timeout; refused: a SOAP fault; unreadable: not the schema. */
      kind: "network" | "refused" | "unreadable";
      message: string;
    };

export interface VerifactuSender {
  /** Sends one message: records of one issuer, in chain order, at most 1000. */
  send(batch: RecordToSend[]): Promise<SendOutcome>;
}

/**
 * The VERI*FACTU SOAP endpoints (service sfVerifactu of SistemaFacturacion.wsdl, AEAT developers'
 * site «Sistemas Informáticos de Facturación y Sistemas VERI*FACTU»; the same four addresses in
 * josemmo/Verifactu-PHP's AeatClient and other public clients). www1/prewww1 take a natural
 * person's or a representative's certificate; www10/prewww10 a «certificado de sello».
 */
const VERIFACTU_ENDPOINTS = {
  test: {
    personal: "https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP",
    seal: "https://prewww10.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP",
  },
  production: {
    personal:
      "https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP",
    seal: "https://www10.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP",
  },
} as const;

export function verifactuEndpoint(
  env: Pick<Env, "VERIFACTU_MODE" | "VERIFACTU_CERT_KIND" | "VERIFACTU_ENDPOINT">,
): string | null {
  if (env.VERIFACTU_MODE === "off") return null;
  return env.VERIFACTU_ENDPOINT ?? VERIFACTU_ENDPOINTS[env.VERIFACTU_MODE][env.VERIFACTU_CERT_KIND];
}

/** The SistemaInformatico block from the settings (producer: the shop itself unless set). */
export function systemInfoFromEnv(
  env: Pick<
    Env,
    "VERIFACTU_PRODUCER_NAME" | "VERIFACTU_PRODUCER_NIF" | "VERIFACTU_INSTALLATION_NUMBER"
  >,
): SystemInfo {
  return {
    producer:
      env.VERIFACTU_PRODUCER_NAME && env.VERIFACTU_PRODUCER_NIF
        ? { name: env.VERIFACTU_PRODUCER_NAME, taxId: env.VERIFACTU_PRODUCER_NIF }
        : null,
    name: VERIFACTU_SYSTEM.name,
    id: VERIFACTU_SYSTEM.id,
    version: VERIFACTU_SYSTEM.version,
    installationNumber: env.VERIFACTU_INSTALLATION_NUMBER,
  };
}

export interface AeatSoapSenderOptions {
  endpoint: string;
  /** The client certificate and its key (PKCS#12) and the password that opens it. */
  pfx: Buffer;
  passphrase: string;
  system: SystemInfo;
  /** Extra trusted CAs (tests: the local server's self-signed certificate). */
  ca?: Buffer | string;
  timeoutMs?: number;
}

export class AeatSoapSender implements VerifactuSender {
  private readonly agent: https.Agent;

  constructor(private readonly options: AeatSoapSenderOptions) {
    this.agent = new https.Agent({
      pfx: options.pfx,
      passphrase: options.passphrase,
      ...(options.ca ? { ca: options.ca } : {}),
      keepAlive: false,
      minVersion: "TLSv1.2",
    });
  }

  static fromEnv(env: Env): AeatSoapSender | null {
    const endpoint = verifactuEndpoint(env);
    if (!endpoint || !env.VERIFACTU_CERT_PATH) return null;
    return new AeatSoapSender({
      endpoint,
      pfx: fs.readFileSync(env.VERIFACTU_CERT_PATH),
      passphrase: env.VERIFACTU_CERT_PASSWORD ?? "",
      system: systemInfoFromEnv(env),
    });
  }

  async send(batch: RecordToSend[]): Promise<SendOutcome> {
    const first = batch[0];
    if (!first) return { ok: true, waitSeconds: 0, csv: null, results: [] };
    const issuer: Party = { name: first.issuerName, taxId: first.issuerTaxId };
    const body = buildRegFactuEnvelope({
      issuer,
      incident: batch.some((record) => record.sendAttempts > 0),
      system: this.options.system,
      records: batch,
    });
    let reply: { status: number; text: string };
    try {
      reply = await this.post(body);
    } catch (error) {
      return { ok: false, kind: "network", message: networkMessage(error) };
    }
    let answer;
    try {
      answer = parseAeatAnswer(reply.text);
    } catch (error) {
      const reason = error instanceof AeatAnswerError ? error.message : String(error);
      return {
        ok: false,
        // A gateway's error page while the service is down is as good as no answer.
        kind: reply.status >= 500 || reply.status === 429 ? "network" : "unreadable",
        message: `respuesta HTTP ${reply.status} de la AEAT: ${reason}`,
      };
    }
    if (answer.kind === "fault") {
      return {
        ok: false,
        kind: "refused",
        message: `la AEAT rechazó el envío entero: ${answer.message}`,
      };
    }
    return {
      ok: true,
      waitSeconds: answer.waitSeconds,
      csv: answer.csv,
      results: matchResults(batch, answer.lines),
    };
  }

  private post(body: string): Promise<{ status: number; text: string }> {
    const timeoutMs = this.options.timeoutMs ?? VERIFACTU_LIMITS.requestTimeoutMs;
    return new Promise((resolve, reject) => {
      const request = https.request(
        this.options.endpoint,
        {
          method: "POST",
          agent: this.agent,
          headers: {
            "Content-Type": "text/xml; charset=utf-8",
            SOAPAction: '""',
            "Content-Length": Buffer.byteLength(body, "utf8"),
            "User-Agent": `${VERIFACTU_SYSTEM.name}/${VERIFACTU_SYSTEM.version}`,
          },
          timeout: timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > VERIFACTU_LIMITS.maxAnswerBytes) {
              request.destroy(new Error("respuesta demasiado grande"));
              return;
            }
            chunks.push(chunk);
          });
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString("utf8"),
            }),
          );
          response.on("error", reject);
        },
      );
      request.on("timeout", () => request.destroy(new Error(`sin respuesta en ${timeoutMs} ms`)));
      request.on("error", reject);
      request.end(body, "utf8");
    });
  }
}

function networkMessage(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return `no se pudo contactar con la AEAT: ${code ? `${code} ` : ""}${message}`;
}

const lineKey = (operation: string, issuerTaxId: string, numSerie: string, date: string) =>
  `${operation}|${issuerTaxId}|${numSerie}|${date}`;

/**
 * Each record's fate from the answer's lines (RespuestaLinea, named by IDFactura and
 * Operacion). A duplicate (error 3000) the AEAT already holds as correct or accepted with
 * errors was sent before (an answer lost on the way back): it counts as accepted.
 */
export function matchResults(
  batch: readonly RecordToSend[],
  lines: readonly ResponseLine[],
): RecordResult[] {
  const byKey = new Map(
    lines.map((line) => [
      lineKey(line.operation, line.issuerTaxId, line.numSerie, line.issueDateText),
      line,
    ]),
  );
  return batch.map((record): RecordResult => {
    const operation = record.recordType === "alta" ? "Alta" : "Anulacion";
    const line = byKey.get(
      lineKey(operation, record.issuerTaxId, record.numSerie, record.issueDateText),
    );
    if (!line) return { recordId: record.id, status: "unanswered" };
    const code = line.errorCode ?? "";
    const description = line.errorDescription ?? "";
    if (line.state === "Correcto")
      return { recordId: record.id, status: "accepted", warning: null };
    if (line.state === "AceptadoConErrores") {
      return { recordId: record.id, status: "accepted", warning: { code, description } };
    }
    if (
      code === "3000" &&
      (line.duplicateState === "Correcta" || line.duplicateState === "AceptadaConErrores")
    ) {
      return {
        recordId: record.id,
        status: "accepted",
        warning: { code, description: `${description} (ya constaba en la AEAT)`.trim() },
      };
    }
    return { recordId: record.id, status: "rejected", code, description };
  });
}
