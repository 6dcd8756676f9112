import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import {
  aeatFixture,
  AEAT_TEST_NIF,
  EXAMPLE_SALE,
  TEST_SYSTEM,
  altaRecord,
  anulacionRecord,
} from "../../../tests/helpers/verifactu";
import { matchResults, systemInfoFromEnv, verifactuEndpoint } from "./sender.server";
import {
  aeatText,
  buildRegFactuEnvelope,
  checkRecord,
  NS,
  parseAeatAnswer,
  RecordBuildError,
  type AltaToSend,
} from "./verifactu-xml.server";

const ISSUER = { name: "Tienda de Pruebas & Hijos SL", taxId: AEAT_TEST_NIF };

const base = {
  issuerTaxId: AEAT_TEST_NIF,
  issuerName: ISSUER.name,
  issueDateText: "27-11-2026",
  sendAttempts: 0,
  operationDateText: null,
  recipient: null,
  replaced: [],
  corrected: [],
};

// A simplified sale with a used-goods line, its replacement by a complete invoice, a refund
// and a cancellation: one chain, as the shop would write it.
const f2 = altaRecord(
  {
    ...base,
    id: 1,
    chainPosition: 1,
    numSerie: "F2026-000001",
    invoiceType: "F2",
    description: "Venta de productos en la tienda en línea (factura simplificada)",
    ...EXAMPLE_SALE,
    generatedAtText: "2026-11-27T10:11:12+01:00",
  },
  null,
);
const f3 = altaRecord(
  {
    ...base,
    id: 2,
    chainPosition: 2,
    numSerie: "C2026-000001",
    invoiceType: "F3",
    description: "Factura completa que sustituye a la factura simplificada F2026-000001",
    recipient: { name: "Ana O'Brien <Ana>", taxId: "12345678Z" },
    replaced: [
      { issuerTaxId: AEAT_TEST_NIF, numSerie: "F2026-000001", issueDateText: "27-11-2026" },
    ],
    ...EXAMPLE_SALE,
    generatedAtText: "2026-11-27T10:20:00+01:00",
  },
  f2,
);
const r1 = altaRecord(
  {
    ...base,
    id: 3,
    chainPosition: 3,
    numSerie: "R2026-000001",
    invoiceType: "R1",
    description: "Rectificación de la factura C2026-000001: devolución",
    recipient: { name: "Ana O'Brien", taxId: "FR40303265045" },
    corrected: [
      { issuerTaxId: AEAT_TEST_NIF, numSerie: "C2026-000001", issueDateText: "27-11-2026" },
    ],
    taxLines: [{ usedGoodsScheme: false, vatRateBp: 2100, baseCents: -1653, taxCents: -347 }],
    taxTotalText: "-3.47",
    totalText: "-20.00",
    generatedAtText: "2026-11-27T11:00:00+01:00",
  },
  f3,
);
const anulacion = anulacionRecord(
  {
    id: 4,
    chainPosition: 4,
    issuerTaxId: AEAT_TEST_NIF,
    issuerName: ISSUER.name,
    numSerie: "F2026-000001",
    issueDateText: "27-11-2026",
    generatedAtText: "2026-11-27T12:00:00+01:00",
    sendAttempts: 0,
  },
  r1,
);

/** The XML as an ordered tree: [{ name: [children…] }, …], so element order can be checked. */
const ordered = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  parseTagValue: false,
});
type Node = Record<string, unknown> & { ":@"?: Record<string, string> };
const nameOf = (node: Node) => Object.keys(node).find((key) => key !== ":@")!;
const childrenOf = (node: Node) => node[nameOf(node)] as Node[];
const names = (node: Node) => childrenOf(node).map(nameOf);
const child = (node: Node, name: string) => childrenOf(node).find((c) => nameOf(c) === name)!;
const all = (node: Node, name: string) => childrenOf(node).filter((c) => nameOf(c) === name);
const text = (node: Node, ...path: string[]) =>
  String((childrenOf(path.reduce(child, node))[0] as { "#text": unknown })["#text"]);

function envelope(records = [f2, f3, r1, anulacion], incident = false) {
  const xml = buildRegFactuEnvelope({ issuer: ISSUER, incident, system: TEST_SYSTEM, records });
  const [declaration, root] = ordered.parse(xml) as Node[];
  return { xml, declaration: declaration!, root: root! };
}

describe("the RegFactuSistemaFacturacion request", () => {
  it("is a SOAP 1.1 envelope with the AEAT's namespaces and the header's ObligadoEmision", () => {
    const { xml, root } = envelope();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(nameOf(root)).toBe("soapenv:Envelope");
    expect(root[":@"]).toEqual({
      "@_xmlns:soapenv": "http://schemas.xmlsoap.org/soap/envelope/",
      "@_xmlns:sum":
        "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd",
      "@_xmlns:sum1":
        "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd",
    });
    expect(NS.sum).toContain("/tike/cont/ws/SuministroLR.xsd");
    expect(names(root)).toEqual(["soapenv:Header", "soapenv:Body"]);
    const request = child(child(root, "soapenv:Body"), "sum:RegFactuSistemaFacturacion");
    expect(names(request)).toEqual([
      "sum:Cabecera",
      "sum:RegistroFactura",
      "sum:RegistroFactura",
      "sum:RegistroFactura",
      "sum:RegistroFactura",
    ]);
    const cabecera = child(request, "sum:Cabecera");
    expect(names(cabecera)).toEqual(["sum1:ObligadoEmision"]);
    expect(text(cabecera, "sum1:ObligadoEmision", "sum1:NIF")).toBe(AEAT_TEST_NIF);
    // Escaped in the XML, the name itself unchanged.
    expect(xml).toContain("<sum1:NombreRazon>Tienda de Pruebas &amp; Hijos SL</sum1:NombreRazon>");
    expect(text(cabecera, "sum1:ObligadoEmision", "sum1:NombreRazon")).toBe(ISSUER.name);
  });

  it("flags records held back by an incident in the header", () => {
    const { root } = envelope([f2], true);
    const cabecera = child(
      child(child(root, "soapenv:Body"), "sum:RegFactuSistemaFacturacion"),
      "sum:Cabecera",
    );
    expect(names(cabecera)).toEqual(["sum1:ObligadoEmision", "sum1:RemisionVoluntaria"]);
    expect(text(cabecera, "sum1:RemisionVoluntaria", "sum1:Incidencia")).toBe("S");
  });

  /** Every record, alta or anulación, ends with its chain, system, time and fingerprint. */
  const RECORD_TAIL = [
    "sum1:Encadenamiento",
    "sum1:SistemaInformatico",
    "sum1:FechaHoraHusoGenRegistro",
    "sum1:TipoHuella",
    "sum1:Huella",
  ];

  function registros(records?: Parameters<typeof envelope>[0]) {
    const { root } = envelope(records);
    const request = child(child(root, "soapenv:Body"), "sum:RegFactuSistemaFacturacion");
    return all(request, "sum:RegistroFactura").map((r) => childrenOf(r)[0]!);
  }

  it("writes a simplified invoice's alta in the schema's order, amounts and fingerprint as stored", () => {
    const [alta] = registros();
    expect(nameOf(alta!)).toBe("sum1:RegistroAlta");
    expect(names(alta!)).toEqual([
      "sum1:IDVersion",
      "sum1:IDFactura",
      "sum1:NombreRazonEmisor",
      "sum1:TipoFactura",
      "sum1:DescripcionOperacion",
      "sum1:Desglose",
      "sum1:CuotaTotal",
      "sum1:ImporteTotal",
      ...RECORD_TAIL,
    ]);
    expect(names(child(alta!, "sum1:IDFactura"))).toEqual([
      "sum1:IDEmisorFactura",
      "sum1:NumSerieFactura",
      "sum1:FechaExpedicionFactura",
    ]);
    expect(text(alta!, "sum1:IDFactura", "sum1:NumSerieFactura")).toBe("F2026-000001");
    expect(text(alta!, "sum1:IDFactura", "sum1:FechaExpedicionFactura")).toBe("27-11-2026");
    expect(text(alta!, "sum1:TipoFactura")).toBe("F2");
    expect(text(alta!, "sum1:CuotaTotal")).toBe("12.53");
    expect(text(alta!, "sum1:ImporteTotal")).toBe("120.00");
    expect(text(alta!, "sum1:Encadenamiento", "sum1:PrimerRegistro")).toBe("S");
    expect(text(alta!, "sum1:FechaHoraHusoGenRegistro")).toBe("2026-11-27T10:11:12+01:00");
    expect(text(alta!, "sum1:TipoHuella")).toBe("01");
    expect(text(alta!, "sum1:Huella")).toBe(f2.hash);

    const rows = all(child(alta!, "sum1:Desglose"), "sum1:DetalleDesglose");
    expect(rows.map(names)[0]).toEqual([
      "sum1:Impuesto",
      "sum1:ClaveRegimen",
      "sum1:CalificacionOperacion",
      "sum1:TipoImpositivo",
      "sum1:BaseImponibleOimporteNoSujeto",
      "sum1:CuotaRepercutida",
    ]);
    expect(
      rows.map((row) => [
        text(row, "sum1:ClaveRegimen"),
        text(row, "sum1:TipoImpositivo"),
        text(row, "sum1:BaseImponibleOimporteNoSujeto"),
        text(row, "sum1:CuotaRepercutida"),
      ]),
    ).toEqual([
      ["01", "21.00", "57.85", "12.15"],
      ["01", "4.00", "9.62", "0.38"],
      // Used goods: the special scheme's key 03.
      ["03", "21.00", "40.00", "0.00"],
    ]);

    const system = child(alta!, "sum1:SistemaInformatico");
    expect(names(system)).toEqual([
      "sum1:NombreRazon",
      "sum1:NIF",
      "sum1:NombreSistemaInformatico",
      "sum1:IdSistemaInformatico",
      "sum1:Version",
      "sum1:NumeroInstalacion",
      "sum1:TipoUsoPosibleSoloVerifactu",
      "sum1:TipoUsoPosibleMultiOT",
      "sum1:IndicadorMultiplesOT",
    ]);
    // No producer set: the shop produced its own software.
    expect(text(system, "sum1:NIF")).toBe(AEAT_TEST_NIF);
  });

  it("declares a sale shipped to Canarias, Ceuta or Melilla as exempt by art. 21: E2 under key 02, the base and no rate or tax", () => {
    const exempt = altaRecord(
      {
        ...base,
        id: 9,
        chainPosition: 1,
        numSerie: "F2026-000009",
        invoiceType: "F2",
        description: "Venta de productos en la tienda en línea (factura simplificada)",
        taxLines: [
          { usedGoodsScheme: false, vatRateBp: 0, baseCents: 7434, taxCents: 0, exemption: "E2" },
        ],
        taxTotalText: "0.00",
        totalText: "74.34",
        generatedAtText: "2026-11-27T10:11:12+01:00",
      },
      null,
    );
    const [alta] = registros([exempt]);
    const [row] = all(child(alta!, "sum1:Desglose"), "sum1:DetalleDesglose");
    expect(names(row!)).toEqual([
      "sum1:Impuesto",
      "sum1:ClaveRegimen",
      "sum1:OperacionExenta",
      "sum1:BaseImponibleOimporteNoSujeto",
    ]);
    expect(text(row!, "sum1:ClaveRegimen")).toBe("02");
    expect(text(row!, "sum1:OperacionExenta")).toBe("E2");
    expect(text(row!, "sum1:BaseImponibleOimporteNoSujeto")).toBe("74.34");
    expect(text(alta!, "sum1:CuotaTotal")).toBe("0.00");
  });

  it("names the replaced simplified invoice and the recipient of an F3, chained to the record before", () => {
    const [, alta] = registros();
    expect(names(alta!)).toEqual([
      "sum1:IDVersion",
      "sum1:IDFactura",
      "sum1:NombreRazonEmisor",
      "sum1:TipoFactura",
      "sum1:FacturasSustituidas",
      "sum1:DescripcionOperacion",
      "sum1:Destinatarios",
      "sum1:Desglose",
      "sum1:CuotaTotal",
      "sum1:ImporteTotal",
      ...RECORD_TAIL,
    ]);
    expect(
      text(alta!, "sum1:FacturasSustituidas", "sum1:IDFacturaSustituida", "sum1:NumSerieFactura"),
    ).toBe("F2026-000001");
    const recipient = child(child(alta!, "sum1:Destinatarios"), "sum1:IDDestinatario");
    expect(names(recipient)).toEqual(["sum1:NombreRazon", "sum1:NIF"]);
    // The AEAT refuses < > " ' = in a field (error 1287).
    expect(text(recipient, "sum1:NombreRazon")).toBe("Ana O\u2019Brien Ana");
    expect(text(recipient, "sum1:NIF")).toBe("12345678Z");
    const previous = child(child(alta!, "sum1:Encadenamiento"), "sum1:RegistroAnterior");
    expect(names(previous)).toEqual([
      "sum1:IDEmisorFactura",
      "sum1:NumSerieFactura",
      "sum1:FechaExpedicionFactura",
      "sum1:Huella",
    ]);
    expect(text(previous, "sum1:NumSerieFactura")).toBe("F2026-000001");
    expect(text(previous, "sum1:Huella")).toBe(f2.hash);
  });

  it("writes a corrective invoice by differences with negative amounts as stored, and a foreign recipient", () => {
    const [, , alta] = registros();
    expect(names(alta!).slice(3, 8)).toEqual([
      "sum1:TipoFactura",
      "sum1:TipoRectificativa",
      "sum1:FacturasRectificadas",
      "sum1:DescripcionOperacion",
      "sum1:Destinatarios",
    ]);
    expect(text(alta!, "sum1:TipoFactura")).toBe("R1");
    expect(text(alta!, "sum1:TipoRectificativa")).toBe("I");
    expect(
      text(alta!, "sum1:FacturasRectificadas", "sum1:IDFacturaRectificada", "sum1:NumSerieFactura"),
    ).toBe("C2026-000001");
    expect(text(alta!, "sum1:CuotaTotal")).toBe("-3.47");
    expect(text(alta!, "sum1:ImporteTotal")).toBe("-20.00");
    const row = child(child(alta!, "sum1:Desglose"), "sum1:DetalleDesglose");
    expect(text(row, "sum1:BaseImponibleOimporteNoSujeto")).toBe("-16.53");
    expect(text(row, "sum1:CuotaRepercutida")).toBe("-3.47");
    const other = child(
      child(child(alta!, "sum1:Destinatarios"), "sum1:IDDestinatario"),
      "sum1:IDOtro",
    );
    expect(names(other)).toEqual(["sum1:CodigoPais", "sum1:IDType", "sum1:ID"]);
    expect(text(other, "sum1:CodigoPais")).toBe("FR");
    expect(text(other, "sum1:IDType")).toBe("02");
  });

  it("writes an anulación with the cancelled invoice's id and the chain", () => {
    const [, , , record] = registros();
    expect(nameOf(record!)).toBe("sum1:RegistroAnulacion");
    expect(names(record!)).toEqual(["sum1:IDVersion", "sum1:IDFactura", ...RECORD_TAIL]);
    expect(names(child(record!, "sum1:IDFactura"))).toEqual([
      "sum1:IDEmisorFacturaAnulada",
      "sum1:NumSerieFacturaAnulada",
      "sum1:FechaExpedicionFacturaAnulada",
    ]);
    expect(text(record!, "sum1:Encadenamiento", "sum1:RegistroAnterior", "sum1:Huella")).toBe(
      r1.hash,
    );
    expect(text(record!, "sum1:Huella")).toBe(anulacion.hash);
  });

  it("refuses records it cannot carry: a broken chain, a complete invoice with no recipient", () => {
    const broken = { ...f3, previous: { ...f2, hash: "A".repeat(64) } };
    expect(() => checkRecord(broken)).toThrow(/cadena rota/);
    const noRecipient: AltaToSend = { ...f3, recipient: null };
    expect(() => checkRecord(noRecipient)).toThrow(RecordBuildError);
    expect(() =>
      buildRegFactuEnvelope({
        issuer: ISSUER,
        incident: false,
        system: TEST_SYSTEM,
        records: [noRecipient],
      }),
    ).toThrow(/necesita destinatario/);
    expect(() =>
      buildRegFactuEnvelope({
        issuer: { name: "Otra SL", taxId: "B00000000" },
        incident: false,
        system: TEST_SYSTEM,
        records: [f2],
      }),
    ).toThrow(/cabecera/);
  });

  it("keeps free text within the AEAT's characters and lengths", () => {
    expect(aeatText(`  "Regalo" <x> = 'sí'\n`, 500)).toBe("\u201dRegalo\u201d x \u2019sí\u2019");
    expect(aeatText("ñ".repeat(130), 120)).toHaveLength(120);
  });
});

describe("the AEAT's answer", () => {
  const batch = [f2, { ...f3, numSerie: "F2026-000002", id: 9 }];

  it("reads an all-correct answer: every record accepted, the wait and the CSV", () => {
    const answer = parseAeatAnswer(aeatFixture("accepted"));
    expect(answer).toMatchObject({
      kind: "answer",
      batchState: "Correcto",
      waitSeconds: 60,
      csv: "A-YDSW8NLFLANWPM",
    });
    if (answer.kind !== "answer") throw new Error("expected an answer");
    expect(matchResults(batch, answer.lines)).toEqual([
      { recordId: 1, status: "accepted", warning: null },
      { recordId: 9, status: "accepted", warning: null },
    ]);
  });

  it("reads an answer with a record accepted with errors: accepted, with the code kept", () => {
    const answer = parseAeatAnswer(aeatFixture("accepted-with-errors"));
    if (answer.kind !== "answer") throw new Error("expected an answer");
    expect(answer.batchState).toBe("ParcialmenteCorrecto");
    expect(matchResults(batch, answer.lines)[1]).toEqual({
      recordId: 9,
      status: "accepted",
      warning: {
        code: "2001",
        description: "El NIF del bloque Destinatarios no está identificado en el censo de la AEAT.",
      },
    });
  });

  it("reads a rejection with its code and description, and the wait the AEAT asks", () => {
    const answer = parseAeatAnswer(aeatFixture("rejected"));
    if (answer.kind !== "answer") throw new Error("expected an answer");
    expect(answer.waitSeconds).toBe(120);
    expect(matchResults(batch, answer.lines)).toEqual([
      { recordId: 1, status: "accepted", warning: null },
      {
        recordId: 9,
        status: "rejected",
        code: "1124",
        description:
          "El valor del campo TipoImpositivo no está incluido en la lista de valores permitidos.",
      },
    ]);
  });

  it("counts a duplicate the AEAT already holds as accepted, and a record it did not name as unanswered", () => {
    const answer = parseAeatAnswer(aeatFixture("duplicate"));
    if (answer.kind !== "answer") throw new Error("expected an answer");
    const [first, second] = matchResults(batch, answer.lines);
    expect(first).toMatchObject({ recordId: 1, status: "accepted", warning: { code: "3000" } });
    expect(second).toEqual({ recordId: 9, status: "unanswered" });
  });

  it("reads a SOAP fault as the whole message refused", () => {
    expect(parseAeatAnswer(aeatFixture("fault"))).toEqual({
      kind: "fault",
      code: "env:Client",
      message:
        "Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: Huella",
    });
  });

  it("refuses what is not the AEAT's answer", () => {
    expect(() => parseAeatAnswer("<html><body>Bad gateway</body></html>")).toThrow(/sobre SOAP/);
    expect(() =>
      parseAeatAnswer(
        aeatFixture("accepted").replace("<tikR:EstadoEnvio>Correcto", "<tikR:EstadoEnvio>Vale"),
      ),
    ).toThrow(/EstadoEnvio desconocido/);
  });
});

describe("where the records go", () => {
  it("picks the AEAT's test or production endpoint by the certificate's kind, or the override", () => {
    const env = { VERIFACTU_ENDPOINT: undefined, VERIFACTU_CERT_KIND: "personal" } as const;
    expect(verifactuEndpoint({ ...env, VERIFACTU_MODE: "off" })).toBeNull();
    expect(verifactuEndpoint({ ...env, VERIFACTU_MODE: "test" })).toBe(
      "https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP",
    );
    expect(verifactuEndpoint({ ...env, VERIFACTU_MODE: "test", VERIFACTU_CERT_KIND: "seal" })).toBe(
      "https://prewww10.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP",
    );
    expect(verifactuEndpoint({ ...env, VERIFACTU_MODE: "production" })).toBe(
      "https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP",
    );
    expect(
      verifactuEndpoint({ ...env, VERIFACTU_MODE: "production", VERIFACTU_CERT_KIND: "seal" }),
    ).toBe(
      "https://www10.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP",
    );
    expect(
      verifactuEndpoint({
        ...env,
        VERIFACTU_MODE: "test",
        VERIFACTU_ENDPOINT: "https://127.0.0.1:9/",
      }),
    ).toBe("https://127.0.0.1:9/");
  });

  it("names the software's producer when set, the shop itself otherwise", () => {
    expect(systemInfoFromEnv({ VERIFACTU_INSTALLATION_NUMBER: "2" })).toMatchObject({
      producer: null,
      installationNumber: "2",
    });
    expect(
      systemInfoFromEnv({
        VERIFACTU_PRODUCER_NAME: "Software SL",
        VERIFACTU_PRODUCER_NIF: "B12345674",
        VERIFACTU_INSTALLATION_NUMBER: "1",
      }).producer,
    ).toEqual({ name: "Software SL", taxId: "B12345674" });
  });
});
