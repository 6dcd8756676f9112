import fs from "node:fs";
import https from "node:https";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getDb } from "~/db/client.server";
import { insertOrder } from "../../../tests/helpers/orders";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-database";
import { makeTestPki, TEST_SYSTEM, type TestPki } from "../../../tests/helpers/verifactu";
import { issueCorrectiveInvoice, issueSaleInvoice, requestCompleteInvoice } from "./issue.server";
import { countUnsentRecords, loadRecordsToSend, sendPendingRecords } from "./sending.server";
import { buildRegFactuEnvelope, checkRecord } from "./verifactu-xml.server";

// Sending on (VERIFACTU_MODE=test) from the settings alone, as a shop configures it, on records
// written by the real issuing code. The endpoint is a local port nothing listens on: the AEAT is
// never reached, and the records must stay pending.

let testDb: TestDatabase;
let pki: TestPki;

beforeAll(async () => {
  pki = makeTestPki();
  const p12 = path.join(pki.dir, "tienda.p12");
  fs.writeFileSync(p12, pki.clientP12);
  const closed = https.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  // Before anything reads the settings (getEnv caches its first read).
  Object.assign(process.env, {
    VERIFACTU_MODE: "test",
    VERIFACTU_CERT_PATH: p12,
    VERIFACTU_CERT_PASSWORD: pki.clientPassword,
    VERIFACTU_ENDPOINT: `https://127.0.0.1:${port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`,
  });
  testDb = await createTestDatabase();
  await getDb()
    .insert(schema.siteSettings)
    .values({
      key: "legal",
      value: {
        companyName: "Comercial Tienda, S.L.",
        nif: "B12345674",
        address: "Calle Mayor 1, 28013 Madrid",
        registry: "",
        phone: "910000000",
      },
    });
});

afterAll(async () => {
  await testDb?.cleanup();
  pki?.cleanup();
});

describe("records written by the issuing code, with sending on", () => {
  it("are pending, carried by the XML (F2, the F3 replacing it, the R1 correcting that) and left pending when the AEAT cannot be reached", async () => {
    const [user] = await getDb()
      .insert(schema.users)
      .values({ id: "sending-owner", name: "Ana", email: "ana.sending@ejemplo.es" })
      .returning({ id: schema.users.id });
    const order = await insertOrder(getDb(), {
      userId: user!.id,
      status: "paid",
      paidAt: new Date(),
      lines: [{ name: "Lámpara de pie", unitPriceCents: 4990, quantity: 2 }],
    });
    await getDb().transaction((tx) => issueSaleInvoice(tx, order.id));
    const complete = await requestCompleteInvoice({
      orderNumber: order.number,
      userId: user!.id,
      recipient: { name: "Ana O'Brien", taxId: "12345678Z", address: "Calle Luna 2, Madrid" },
    });
    expect(complete.ok).toBe(true);
    await getDb().transaction((tx) =>
      issueCorrectiveInvoice(tx, order.id, { reason: "Devolución del cliente" }),
    );

    const records = await loadRecordsToSend(10);
    expect(records.map((r) => r.recordType === "alta" && r.invoiceType)).toEqual([
      "F2",
      "F3",
      "R1",
    ]);
    const [f2, f3, r1] = records;
    for (const record of records) expect(() => checkRecord(record)).not.toThrow();
    expect(f3).toMatchObject({
      replaced: [{ numSerie: f2!.numSerie, issueDateText: f2!.issueDateText }],
      recipient: { name: "Ana O'Brien", taxId: "12345678Z" },
      previous: { numSerie: f2!.numSerie, hash: f2!.hash },
    });
    expect(r1).toMatchObject({
      corrected: [{ numSerie: f3!.numSerie }],
      recipient: { taxId: "12345678Z" },
      totalText: "-99.80",
    });
    const xml = buildRegFactuEnvelope({
      issuer: { name: f2!.issuerName, taxId: f2!.issuerTaxId },
      incident: false,
      system: TEST_SYSTEM,
      records,
    });
    expect(xml).toContain("<sum1:ImporteTotal>-99.80</sum1:ImporteTotal>");

    const run = await sendPendingRecords({ now: new Date() });
    expect(run).toMatchObject({ status: "failed" });
    const rows = await getDb()
      .select()
      .from(schema.invoiceRecords)
      .where(eq(schema.invoiceRecords.sendStatus, "pending"));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ sendAttempts: 1, sentAt: null });
      expect(row.lastError).toMatch(/no se pudo contactar con la AEAT/);
    }
    expect(await countUnsentRecords()).toBe(3);
  });
});
