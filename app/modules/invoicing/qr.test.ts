import { describe, expect, it } from "vitest";
import { recordAmount } from "./amounts";
import { cotejoUrl, isVerifactu, printedMode, qrDate } from "./qr";

const record = {
  issuerTaxId: "B12345674",
  numSerie: "F2026-000001",
  issueDateText: "27-11-2026",
  totalText: recordAmount(24140),
};

describe("the AEAT cotejo URL of an invoice's QR", () => {
  it("sending off: the production host's NoVerifactu service, the four values in order", () => {
    expect(cotejoUrl(record, "off")).toBe(
      "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQRNoVerifactu" +
        "?nif=B12345674&numserie=F2026-000001&fecha=27-11-2026&importe=241.40",
    );
  });

  it("sending to the AEAT's test environment: ValidarQR on prewww2", () => {
    expect(cotejoUrl(record, "test")).toBe(
      "https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR" +
        "?nif=B12345674&numserie=F2026-000001&fecha=27-11-2026&importe=241.40",
    );
  });

  it("sending in production: ValidarQR on www2.agenciatributaria.gob.es", () => {
    expect(cotejoUrl(record, "production")).toBe(
      "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR" +
        "?nif=B12345674&numserie=F2026-000001&fecha=27-11-2026&importe=241.40",
    );
  });

  it("encodes the values (the AEAT example's `&` in a series number) and keeps a refund's sign", () => {
    const url = cotejoUrl(
      { ...record, numSerie: "12345678&G33", totalText: recordAmount(-2100) },
      "test",
    );
    expect(url).toContain("numserie=12345678%26G33&");
    expect(url.endsWith("&importe=-21.00")).toBe(true);
  });

  it("the amount uses a dot and no thousands separator", () => {
    expect(cotejoUrl({ ...record, totalText: recordAmount(123456789) }, "off")).toMatch(
      /&importe=1234567\.89$/,
    );
  });

  it("prints the legend only when records are sent", () => {
    expect(isVerifactu("off")).toBe(false);
    expect(isVerifactu("test")).toBe(true);
    expect(isVerifactu("production")).toBe(true);
  });

  it("writes a Madrid day as dd-mm-yyyy", () => {
    expect(qrDate("2026-01-05")).toBe("05-01-2026");
  });
});

describe("the mode an invoice is printed in", () => {
  it("follows its record, not today's setting", () => {
    expect(printedMode("not_sent", "production")).toBe("off");
    expect(printedMode(undefined, "test")).toBe("off");
    expect(printedMode("pending", "test")).toBe("test");
    expect(printedMode("accepted", "production")).toBe("production");
    expect(printedMode("accepted", "off")).toBe("production");
  });
});
