import https from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getDb } from "~/db/client.server";
import { madridYear } from "~/lib/dates";
import { insertOrder } from "../../../tests/helpers/orders";
import { rowById } from "../../../tests/helpers/db-rows";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-database";
import {
  aeatFixture,
  AEAT_TEST_NIF,
  EXAMPLE_SALE,
  TEST_SYSTEM,
  makeTestPki,
  type TestPki,
} from "../../../tests/helpers/verifactu";
import { recordAmount } from "./amounts";
import { altaHashInput, fingerprint } from "./fingerprint.server";
import { AeatSoapSender } from "./sender.server";
import {
  countRecordsSentInYear,
  countUnsentRecords,
  initialSendStatus,
  loadRecordsToSend,
  sendPendingRecords,
  type SendState,
} from "./sending.server";

// The real sender against a local HTTPS server that demands a client certificate signed by its
// CA and replays AEAT answers built from the AEAT's documented schema (tests/fixtures/aeat):
// nothing here reaches the AEAT.

let testDb: TestDatabase;
let pki: TestPki;
let server: https.Server;
let endpoint: string;
let reply = "";
const received: { body: string; clientCn: string | undefined }[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  pki = makeTestPki();
  server = https.createServer(
    {
      key: pki.serverKey,
      cert: pki.serverCert,
      ca: pki.ca,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const peer = (request.socket as TLSSocket).getPeerCertificate();
        received.push({
          body: Buffer.concat(chunks).toString("utf8"),
          clientCn: [peer.subject?.CN].flat().join(","),
        });
        response.writeHead(200, { "Content-Type": "text/xml; charset=utf-8" });
        response.end(reply);
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `https://127.0.0.1:${(server.address() as AddressInfo).port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  pki?.cleanup();
  await testDb?.cleanup();
});

function sender(options: { pfx?: Buffer; endpoint?: string } = {}) {
  return new AeatSoapSender({
    endpoint: options.endpoint ?? endpoint,
    pfx: options.pfx ?? pki.clientP12,
    passphrase: pki.clientPassword,
    system: TEST_SYSTEM,
    ca: pki.ca,
    timeoutMs: 10_000,
  });
}

const ISSUER = {
  issuerName: "Tienda de Pruebas SL",
  issuerTaxId: AEAT_TEST_NIF,
  issuerAddress: "Calle Mayor 1, 28013 Madrid",
};
let lastHash = "";
let position = 0;

/** An issued invoice and its alta record, chained after the last one, written straight in. */
async function issue(values: {
  fullNumber: string;
  kind: "simplified" | "corrective";
  verifactuType: "F2" | "R5";
  correctsInvoiceId?: number;
  reason?: string;
  taxLines: { vatRateBp: number; usedGoodsScheme: boolean; baseCents: number; taxCents: number }[];
  sendStatus?: "pending" | "not_sent";
}) {
  const db = getDb();
  const { id: orderId } = await insertOrder(db);
  const baseCents = values.taxLines.reduce((sum, row) => sum + row.baseCents, 0);
  const taxCents = values.taxLines.reduce((sum, row) => sum + row.taxCents, 0);
  const [series, number] = values.fullNumber.split("-") as [string, string];
  const [invoice] = await db
    .insert(schema.invoices)
    .values({
      series,
      number: Number(number),
      fullNumber: values.fullNumber,
      kind: values.kind,
      verifactuType: values.verifactuType,
      orderId,
      correctsInvoiceId: values.correctsInvoiceId ?? null,
      reason: values.reason ?? null,
      issuedAt: new Date("2026-11-27T09:00:00Z"),
      issueDate: "2026-11-27",
      ...ISSUER,
      baseCents,
      taxCents,
      totalCents: baseCents + taxCents,
    })
    .returning({ id: schema.invoices.id });
  await db.insert(schema.invoiceTaxLines).values(
    values.taxLines.map((row) => ({
      ...row,
      invoiceId: invoice!.id,
      totalCents: row.baseCents + row.taxCents,
    })),
  );
  const fields = {
    issuerTaxId: AEAT_TEST_NIF,
    numSerie: values.fullNumber,
    issueDateText: "27-11-2026",
    invoiceType: values.verifactuType,
    taxTotalText: recordAmount(taxCents),
    totalText: recordAmount(baseCents + taxCents),
    previousHash: lastHash,
    generatedAtText: `2026-11-27T10:0${position}:00+01:00`,
  };
  const hash = fingerprint(altaHashInput(fields));
  position += 1;
  const [record] = await db
    .insert(schema.invoiceRecords)
    .values({
      ...fields,
      chainPosition: position,
      recordType: "alta",
      invoiceId: invoice!.id,
      hash,
      sendStatus: values.sendStatus ?? "pending",
    })
    .returning({ id: schema.invoiceRecords.id });
  lastHash = hash;
  return { invoiceId: invoice!.id, recordId: record!.id, hash };
}

const recordRow = (id: number) => rowById(schema.invoiceRecords, id);

describe("sending invoicing records to the AEAT", () => {
  const state: SendState = { nextAttemptAt: 0, failures: 0 };
  const t0 = new Date("2026-11-27T10:10:00+01:00");
  const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
  let first: Awaited<ReturnType<typeof issue>>;
  let second: Awaited<ReturnType<typeof issue>>;

  it("writes records not_sent while sending is off, and sends nothing", async () => {
    expect(initialSendStatus({ VERIFACTU_MODE: "off" })).toBe("not_sent");
    expect(initialSendStatus({ VERIFACTU_MODE: "test" })).toBe("pending");
    expect(initialSendStatus()).toBe("not_sent"); // the tests' settings: VERIFACTU_MODE unset
    expect(await sendPendingRecords()).toEqual({ status: "off" });
    expect(received).toHaveLength(0);
  });

  it("loads pending records in chain order with what the XML needs, as stored", async () => {
    first = await issue({
      fullNumber: "F2026-000001",
      kind: "simplified",
      verifactuType: "F2",
      taxLines: [
        { vatRateBp: 400, usedGoodsScheme: false, baseCents: 962, taxCents: 38 },
        { vatRateBp: 2100, usedGoodsScheme: true, baseCents: 4000, taxCents: 0 },
        { vatRateBp: 2100, usedGoodsScheme: false, baseCents: 5785, taxCents: 1215 },
      ],
    });
    second = await issue({
      fullNumber: "F2026-000002",
      kind: "simplified",
      verifactuType: "F2",
      taxLines: [{ vatRateBp: 2100, usedGoodsScheme: false, baseCents: 1653, taxCents: 347 }],
    });
    const records = await loadRecordsToSend(10);
    expect(records.map((r) => r.numSerie)).toEqual(["F2026-000001", "F2026-000002"]);
    const [a, b] = records;
    expect(a).toMatchObject({
      recordType: "alta",
      invoiceType: "F2",
      issuerName: "Tienda de Pruebas SL",
      previous: null,
      previousHash: "",
      hash: first.hash,
      ...EXAMPLE_SALE,
    });
    expect(b?.previous).toEqual({
      issuerTaxId: AEAT_TEST_NIF,
      numSerie: "F2026-000001",
      issueDateText: "27-11-2026",
      hash: first.hash,
    });
  });

  it("leaves records pending with the attempt counted when the AEAT cannot be reached, and waits longer each time", async () => {
    // A port nothing listens on: the connection is refused.
    const closed = https.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = sender({ endpoint: `https://127.0.0.1:${port}/` });

    const run = await sendPendingRecords({ sender: unreachable, now: at(0), state });
    expect(run).toMatchObject({ status: "failed", nextAttemptAt: at(60) });
    for (const id of [first.recordId, second.recordId]) {
      expect(await recordRow(id)).toMatchObject({
        sendStatus: "pending",
        sendAttempts: 1,
        sentAt: null,
        lastError: expect.stringMatching(/no se pudo contactar con la AEAT: ECONNREFUSED/),
      });
    }
    expect(await sendPendingRecords({ sender: unreachable, now: at(59), state })).toEqual({
      status: "waiting",
    });
    expect(await sendPendingRecords({ sender: unreachable, now: at(60), state })).toMatchObject({
      status: "failed",
      nextAttemptAt: at(60 + 120),
    });
    expect((await recordRow(first.recordId)).sendAttempts).toBe(2);
    expect(await countUnsentRecords()).toBe(2);
  });

  it("sends them with the client certificate, marks each as the AEAT answered and waits its time", async () => {
    reply = aeatFixture("rejected");
    const run = await sendPendingRecords({ sender: sender(), now: at(180), state });
    expect(run).toMatchObject({ status: "sent", accepted: 1, rejected: 1, unanswered: 0 });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.clientCn).toBe("TIENDA DE PRUEBAS SL");
    // In chain order, fingerprints as stored, flagged as late after the outage.
    expect(request!.body.indexOf("F2026-000001")).toBeLessThan(
      request!.body.indexOf("F2026-000002"),
    );
    expect(request!.body).toContain(`<sum1:Huella>${second.hash}</sum1:Huella>`);
    expect(request!.body).toContain("<sum1:Incidencia>S</sum1:Incidencia>");

    expect(await recordRow(first.recordId)).toMatchObject({
      sendStatus: "accepted",
      sendAttempts: 3,
      lastError: null,
      sentAt: expect.any(Date),
    });
    expect(await recordRow(second.recordId)).toMatchObject({
      sendStatus: "rejected",
      sendAttempts: 3,
      lastError: expect.stringMatching(
        /^Rechazado por la AEAT: 1124 El valor del campo TipoImpositivo/,
      ),
      sentAt: expect.any(Date),
    });
    expect(await countUnsentRecords()).toBe(1);
    // Answered this (Madrid) year: the shop is in VERI*FACTU mode until it ends.
    const year = madridYear();
    expect(await countRecordsSentInYear(year)).toBe(2);
    expect(await countRecordsSentInYear(String(Number(year) - 1))).toBe(0);
    // The answer asked for 120 s before the next message.
    expect(await sendPendingRecords({ sender: sender(), now: at(180 + 119), state })).toEqual({
      status: "waiting",
    });
    expect(await sendPendingRecords({ sender: sender(), now: at(180 + 120), state })).toEqual({
      status: "idle",
    });
    expect(received).toHaveLength(1);
  });

  it("is refused by a server that does not trust the client certificate: the record stays pending", async () => {
    const corrective = await issue({
      fullNumber: "R2026-000001",
      kind: "corrective",
      verifactuType: "R5",
      correctsInvoiceId: first.invoiceId,
      reason: "Devolución",
      taxLines: [{ vatRateBp: 2100, usedGoodsScheme: false, baseCents: -1653, taxCents: -347 }],
    });
    const [loaded] = await loadRecordsToSend(10);
    expect(loaded).toMatchObject({
      id: corrective.recordId,
      invoiceType: "R5",
      totalText: "-20.00",
      corrected: [
        { issuerTaxId: AEAT_TEST_NIF, numSerie: "F2026-000001", issueDateText: "27-11-2026" },
      ],
      description: "Rectificación de la factura F2026-000001: Devolución",
      previous: { numSerie: "F2026-000002", hash: second.hash },
    });

    const run = await sendPendingRecords({
      sender: sender({ pfx: pki.strangerP12 }),
      now: at(400),
      state,
    });
    expect(run).toMatchObject({ status: "failed" });
    expect(received).toHaveLength(1);
    expect(await recordRow(corrective.recordId)).toMatchObject({
      sendStatus: "pending",
      sendAttempts: 1,
      lastError: expect.stringMatching(/no se pudo contactar con la AEAT/),
    });
    expect(await countUnsentRecords()).toBe(2);
  });

  // PGlite serves one process (its data folder is locked): the lock matters on PostgreSQL, which
  // CI runs these tests on (DATABASE_URL).
  it.skipIf(!process.env.DATABASE_URL)(
    "lets one instance send at a time: a second run while one is sending finds it busy",
    async () => {
      let release!: () => void;
      let started!: () => void;
      const sending = new Promise<void>((resolve) => (started = resolve));
      const slow = {
        send: async (batch: { id: number }[]) => {
          started();
          await new Promise<void>((resolve) => (release = resolve));
          return {
            ok: false as const,
            kind: "network" as const,
            message: `sin respuesta (${batch.length})`,
          };
        },
      };
      const first = sendPendingRecords({ sender: slow, now: at(1000), state: { ...state } });
      await sending;
      expect(
        await sendPendingRecords({ sender: slow, now: at(1000), state: { ...state } }),
      ).toEqual({ status: "busy" });
      release();
      expect(await first).toMatchObject({ status: "failed" });
    },
  );

  it("never sends a record written while sending was off", async () => {
    const quiet = await issue({
      fullNumber: "F2026-000003",
      kind: "simplified",
      verifactuType: "F2",
      taxLines: [{ vatRateBp: 2100, usedGoodsScheme: false, baseCents: 100, taxCents: 21 }],
      sendStatus: "not_sent",
    });
    expect((await loadRecordsToSend(10)).map((r) => r.id)).not.toContain(quiet.recordId);
  });
});
