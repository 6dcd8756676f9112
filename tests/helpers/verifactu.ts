/**
 * VERI*FACTU test material: recorded AEAT answers (tests/fixtures/aeat, built from the AEAT's
 * response schema, not captured), chained records with real fingerprints, and a certificate
 * authority made with the system's openssl for a local HTTPS server that demands a client
 * certificate.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  altaHashInput,
  anulacionHashInput,
  fingerprint,
} from "~/modules/invoicing/fingerprint.server";
import type {
  AltaToSend,
  AnulacionToSend,
  SystemInfo,
} from "~/modules/invoicing/verifactu-xml.server";

export const AEAT_TEST_NIF = "89890001K";

/** The invoicing system the tests' records name (SistemaInformatico). */
export const TEST_SYSTEM: SystemInfo = {
  producer: null,
  name: "Tienda",
  id: "TI",
  version: "1.0",
  installationNumber: "1",
};

/**
 * The tests' simplified sale of 120 €: a 21 % line, a 4 % line and a used-goods line (special
 * scheme, no tax), in the order records hold and send them.
 */
export const EXAMPLE_SALE = {
  taxLines: [
    { usedGoodsScheme: false, vatRateBp: 2100, baseCents: 5785, taxCents: 1215 },
    { usedGoodsScheme: false, vatRateBp: 400, baseCents: 962, taxCents: 38 },
    { usedGoodsScheme: true, vatRateBp: 2100, baseCents: 4000, taxCents: 0 },
  ],
  taxTotalText: "12.53",
  totalText: "120.00",
};

export function aeatFixture(name: string): string {
  return fs.readFileSync(path.resolve("tests/fixtures/aeat", `${name}.xml`), "utf8");
}

type AltaInput = Omit<AltaToSend, "hash" | "previous" | "previousHash" | "recordType"> &
  Partial<Pick<AltaToSend, "previous">>;

/** An alta record chained after `previous` (or the first), with its real fingerprint. */
export function altaRecord(
  input: AltaInput,
  previous: { issuerTaxId: string; numSerie: string; issueDateText: string; hash: string } | null,
): AltaToSend {
  const previousHash = previous?.hash ?? "";
  return {
    ...input,
    recordType: "alta",
    previous,
    previousHash,
    hash: fingerprint(
      altaHashInput({
        issuerTaxId: input.issuerTaxId,
        numSerie: input.numSerie,
        issueDateText: input.issueDateText,
        invoiceType: input.invoiceType,
        taxTotalText: input.taxTotalText,
        totalText: input.totalText,
        previousHash,
        generatedAtText: input.generatedAtText,
      }),
    ),
  };
}

export function anulacionRecord(
  input: Omit<AnulacionToSend, "hash" | "previous" | "previousHash" | "recordType">,
  previous: { issuerTaxId: string; numSerie: string; issueDateText: string; hash: string },
): AnulacionToSend {
  return {
    ...input,
    recordType: "anulacion",
    previous,
    previousHash: previous.hash,
    hash: fingerprint(
      anulacionHashInput({
        issuerTaxId: input.issuerTaxId,
        numSerie: input.numSerie,
        issueDateText: input.issueDateText,
        previousHash: previous.hash,
        generatedAtText: input.generatedAtText,
      }),
    ),
  };
}

export interface TestPki {
  dir: string;
  ca: Buffer;
  serverKey: Buffer;
  serverCert: Buffer;
  /** A client certificate signed by the CA, as PKCS#12 with `clientPassword`. */
  clientP12: Buffer;
  clientPassword: string;
  /** A client certificate the server does not trust (self-signed). */
  strangerP12: Buffer;
  cleanup(): void;
}

/** A throw-away CA, a server certificate for 127.0.0.1/localhost and two client certificates. */
export function makeTestPki(): TestPki {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-aeat-pki-"));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
  openssl(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "2",
    "-subj",
    "/CN=Tienda test CA",
    "-keyout",
    file("ca.key"),
    "-out",
    file("ca.pem"),
  );
  fs.writeFileSync(file("server.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
  openssl(
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-subj",
    "/CN=localhost",
    "-keyout",
    file("server.key"),
    "-out",
    file("server.csr"),
  );
  openssl(
    "x509",
    "-req",
    "-in",
    file("server.csr"),
    "-CA",
    file("ca.pem"),
    "-CAkey",
    file("ca.key"),
    "-CAcreateserial",
    "-days",
    "2",
    "-extfile",
    file("server.ext"),
    "-out",
    file("server.pem"),
  );
  openssl(
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-subj",
    `/CN=TIENDA DE PRUEBAS SL/serialNumber=${AEAT_TEST_NIF}`,
    "-keyout",
    file("client.key"),
    "-out",
    file("client.csr"),
  );
  openssl(
    "x509",
    "-req",
    "-in",
    file("client.csr"),
    "-CA",
    file("ca.pem"),
    "-CAkey",
    file("ca.key"),
    "-CAcreateserial",
    "-days",
    "2",
    "-out",
    file("client.pem"),
  );
  const clientPassword = "contraseña de prueba";
  openssl(
    "pkcs12",
    "-export",
    "-inkey",
    file("client.key"),
    "-in",
    file("client.pem"),
    "-out",
    file("client.p12"),
    "-passout",
    `pass:${clientPassword}`,
  );
  openssl(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "2",
    "-subj",
    "/CN=stranger",
    "-keyout",
    file("stranger.key"),
    "-out",
    file("stranger.pem"),
  );
  openssl(
    "pkcs12",
    "-export",
    "-inkey",
    file("stranger.key"),
    "-in",
    file("stranger.pem"),
    "-out",
    file("stranger.p12"),
    "-passout",
    `pass:${clientPassword}`,
  );
  return {
    dir,
    ca: fs.readFileSync(file("ca.pem")),
    serverKey: fs.readFileSync(file("server.key")),
    serverCert: fs.readFileSync(file("server.pem")),
    clientP12: fs.readFileSync(file("client.p12")),
    clientPassword,
    strangerP12: fs.readFileSync(file("stranger.p12")),
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
