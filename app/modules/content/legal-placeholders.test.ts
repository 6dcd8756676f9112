import { describe, expect, it } from "vitest";
import { fillBlocks, fillPlainText, newFillReport, placeholderField } from "./legal-placeholders";
import { parseRichText } from "./rich-text";

const FULL = {
  companyName: "Ejemplo S.L.",
  nif: "B12345674",
  address: "Calle Mayor 1, 28013 Madrid",
  registry: "",
  phone: "910 123 456",
  contactEmail: "hola@ejemplo.es",
};
const EMPTY = {
  companyName: "",
  nif: "",
  address: "",
  registry: "",
  phone: "",
  contactEmail: null,
};

/** `text`'s blocks filled in with `values`, and what the filling reported. */
function fill(text: string, values: Parameters<typeof fillBlocks>[1]) {
  const report = newFillReport();
  return { blocks: fillBlocks(parseRichText(text), values, report), report };
}

describe("legal placeholders", () => {
  it("know the names the texts use, with or without accents and capitals", () => {
    expect(placeholderField("Razón social")).toBe("companyName");
    expect(placeholderField("razon  SOCIAL")).toBe("companyName");
    expect(placeholderField("correo electrónico de privacidad")).toBe("contactEmail");
    expect(placeholderField("Dirección completa, código postal, localidad y provincia")).toBe(
      "address",
    );
    expect(placeholderField("Teléfono")).toBe("phone");
    expect(placeholderField("teléfono de contacto")).toBe("phone");
    expect(placeholderField("fax")).toBeNull();
  });

  it("fill a paragraph, the e-mail as a link, next to a real link", () => {
    const { blocks, report } = fill(
      "[Razón social], NIF [NIF], en [Dirección]. Escribe a [Correo electrónico] o desde la [página de contacto](/contacto).",
      FULL,
    );
    expect(blocks).toEqual([
      {
        t: "p",
        c: [
          {
            t: "text",
            v: "Ejemplo S.L., NIF B12345674, en Calle Mayor 1, 28013 Madrid. Escribe a ",
          },
          { t: "a", href: "mailto:hola@ejemplo.es", c: [{ t: "text", v: "hola@ejemplo.es" }] },
          { t: "text", v: " o desde la " },
          { t: "a", href: "/contacto", c: [{ t: "text", v: "página de contacto" }] },
          { t: "text", v: "." },
        ],
      },
    ]);
    expect(report).toEqual({ incomplete: false, unresolved: [] });
  });

  it("leave out what they cannot fill, and say so (an empty registry only drops its line)", () => {
    const { blocks, report } = fill(
      "Titular: [Razón social].\n\nDatos registrales: [Datos registrales].\n\nSin datos.",
      EMPTY,
    );
    expect(blocks).toEqual([{ t: "p", c: [{ t: "text", v: "Sin datos." }] }]);
    expect(report.incomplete).toBe(true);
    expect(report.unresolved).toEqual(["[Razón social]", "[Datos registrales]"]);

    expect(fill("Datos registrales: [Datos registrales].", FULL).report.incomplete).toBe(false);

    const unknown = newFillReport();
    expect(fillPlainText("Envíanos un fax al [fax].", FULL, unknown)).toBeNull();
    expect(unknown).toEqual({ incomplete: true, unresolved: ["[fax]"] });
  });

  it("fill the phone as a tel: link (a Spanish number gets +34), and drop its line until it is saved", () => {
    const { blocks, report } = fill("Llámanos al [Teléfono].", FULL);
    expect(blocks).toEqual([
      {
        t: "p",
        c: [
          { t: "text", v: "Llámanos al " },
          { t: "a", href: "tel:+34910123456", c: [{ t: "text", v: "910 123 456" }] },
          { t: "text", v: "." },
        ],
      },
    ]);
    expect(report).toEqual({ incomplete: false, unresolved: [] });
    expect(fillPlainText("Teléfono: [teléfono de contacto].", FULL, newFillReport())).toBe(
      "Teléfono: 910 123 456.",
    );

    const missing = fill("Correo: [Correo electrónico].\n\nTeléfono: [Teléfono].", {
      ...FULL,
      phone: "",
    });
    expect(missing.blocks).toHaveLength(1);
    // The phone is required (TRLGDCU art. 97.1.c): the page says it is being completed.
    expect(missing.report).toEqual({ incomplete: true, unresolved: ["[Teléfono]"] });
  });
});
