import { describe, expect, it } from "vitest";
import {
  altaHashInput,
  anulacionHashInput,
  fingerprint,
  madridTimestampText,
  recordDateText,
} from "./fingerprint.server";

// The worked examples of the AEAT's «Detalle de las especificaciones técnicas para generación de
// la huella o hash de los registros de facturación» v0.1.2, §6.
describe("the VeriFactu fingerprint", () => {
  // The AEAT's test issuer, invoice date and amounts, shared by the three examples.
  const EXAMPLE = { issuerTaxId: "89890001K", issueDateText: "01-01-2024" };
  const ALTA = { ...EXAMPLE, invoiceType: "F1", taxTotalText: "12.35", totalText: "123.45" };
  const firstAlta = altaHashInput({
    ...ALTA,
    numSerie: "12345678/G33",
    previousHash: "",
    generatedAtText: "2024-01-01T19:20:30+01:00",
  });

  it("first alta record: the hash input string", () => {
    expect(firstAlta).toBe(
      "IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00",
    );
  });

  it.each([
    [
      "first alta record (no previous fingerprint)",
      firstAlta,
      "3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60",
    ],
    [
      "chained alta record",
      altaHashInput({
        ...ALTA,
        numSerie: "12345679/G34",
        previousHash: "3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60",
        generatedAtText: "2024-01-01T19:20:35+01:00",
      }),
      "F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97",
    ],
    [
      "anulación record chained after it",
      anulacionHashInput({
        ...EXAMPLE,
        numSerie: "12345679/G34",
        previousHash: "F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97",
        generatedAtText: "2024-01-01T19:20:40+01:00",
      }),
      "177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68",
    ],
  ])("%s", (_example, input, hash) => {
    expect(fingerprint(input)).toBe(hash);
  });

  it("values are trimmed, never escaped", () => {
    const input = altaHashInput({
      issuerTaxId: " B12345674 ",
      numSerie: "F2026-000001",
      issueDateText: "27-11-2026",
      invoiceType: "F2",
      taxTotalText: "1.74",
      totalText: "10.00",
      previousHash: "",
      generatedAtText: "2026-11-27T10:00:00+01:00",
    });
    expect(input.startsWith("IDEmisorFactura=B12345674&NumSerieFactura=F2026-000001&")).toBe(true);
  });
});

describe("record dates", () => {
  it("the generation time is Madrid wall time with its offset, winter and summer", () => {
    expect(madridTimestampText(new Date("2026-11-27T09:05:07.890Z"))).toBe(
      "2026-11-27T10:05:07+01:00",
    );
    expect(madridTimestampText(new Date("2026-07-01T22:30:00Z"))).toBe("2026-07-02T00:30:00+02:00");
  });

  it("the issue date is dd-mm-yyyy", () => {
    expect(recordDateText("2026-01-09")).toBe("09-01-2026");
  });
});
