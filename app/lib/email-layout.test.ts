import { describe, expect, it } from "vitest";
import {
  EMPTY_SENDER,
  escapeHtml,
  greetingFor,
  renderEmail,
  type EmailSender,
} from "./email-layout";
import { formatLifetime } from "./dates";

const SELLER: EmailSender = {
  legalName: "Comercio Ejemplo S.L.",
  nif: "B12345674",
  address: "Calle Mayor 1, 28013 Madrid",
  registry: "Registro Mercantil de Madrid, tomo 1, folio 2, hoja M-3",
  phone: "+34 910 000 000",
  contactEmail: "hola@tienda.example",
};

const base = {
  siteName: "Tienda",
  siteUrl: "https://tienda.example/",
  sender: EMPTY_SENDER,
  audience: "customer" as const,
  subject: "Asunto",
  preview: "Vista previa",
  greeting: "Hola, Ana:",
  paragraphs: ["Primer párrafo."],
};

describe("renderEmail", () => {
  it("writes the same words and link in the HTML and the plain text", () => {
    const email = renderEmail({
      ...base,
      action: { label: "Confirmar", url: "https://tienda.example/verificar?token=a.b&x=1" },
      notes: ["Caduca pronto."],
    });
    expect(email.subject).toBe("Asunto");
    for (const part of ["Hola, Ana:", "Primer párrafo.", "Caduca pronto.", "Tienda"]) {
      expect(email.text).toContain(part);
      expect(email.html).toContain(part);
    }
    expect(email.text).toContain("Confirmar:\nhttps://tienda.example/verificar?token=a.b&x=1");
    expect(email.html).toContain('href="https://tienda.example/verificar?token=a.b&amp;x=1"');
    expect(email.html).toContain('<html lang="es">');
  });

  it("escapes every value put into the HTML, but not the plain text", () => {
    const email = renderEmail({
      ...base,
      siteName: 'Tienda "<script>"',
      greeting: "Hola, <img src=x onerror=alert(1)>:",
      paragraphs: ["a & b"],
    });
    expect(email.html).not.toContain("<img");
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("Hola, &lt;img src=x onerror=alert(1)&gt;:");
    expect(email.html).toContain("a &amp; b");
    expect(email.text).toContain("Hola, <img src=x onerror=alert(1)>:");
  });

  it("refuses links that are not web addresses", () => {
    expect(() =>
      renderEmail({ ...base, action: { label: "x", url: "javascript:alert(1)" } }),
    ).toThrow();
    expect(() => renderEmail({ ...base, action: { label: "x", url: "/relativa" } })).toThrow();
  });

  it("a customer e-mail's footer names the seller and says replies reach the shop; nothing contradicts it", () => {
    const email = renderEmail({ ...base, sender: SELLER });
    for (const part of [
      "Comercio Ejemplo S.L. · NIF B12345674 · Calle Mayor 1, 28013 Madrid",
      "Registro Mercantil de Madrid, tomo 1, folio 2, hoja M-3",
      "¿Tienes alguna duda? Responde a este correo o escríbenos a hola@tienda.example.",
      "Teléfono de atención al cliente: +34 910 000 000.",
    ]) {
      expect(email.text).toContain(part);
      expect(email.html).toContain(part);
    }
    expect(email.text).not.toMatch(/no hace falta que respondas/i);
    expect(email.html).not.toMatch(/no hace falta que respondas/i);
  });

  it("leaves out the legal data not filled in yet: no placeholder, no empty label, no promise of replies", () => {
    const email = renderEmail(base);
    expect(email.text).not.toMatch(/\[|NIF|Teléfono|undefined|null/);
    expect(email.html).not.toMatch(/\[|NIF|undefined|null/);
    expect(email.text).not.toContain("Responde a este correo");
    expect(email.text).toContain(
      "¿Tienes alguna duda? Escríbenos desde https://tienda.example/contacto",
    );
    const partial = renderEmail({ ...base, sender: { ...EMPTY_SENDER, nif: "B12345674" } });
    expect(partial.text).toContain("\nNIF B12345674\n");
  });

  it("a notice for the shop has no customer footer", () => {
    const email = renderEmail({ ...base, sender: SELLER, audience: "shop" });
    expect(email.text).toContain("Aviso automático de la tienda para su administración.");
    expect(email.text).not.toContain("Comercio Ejemplo");
    expect(email.text).not.toContain("Teléfono");
    expect(email.text).not.toContain("Responde a este correo o escríbenos");
  });

  it("writes order lines as a table with headers, and as readable lines in the text", () => {
    const email = renderEmail({
      ...base,
      table: {
        caption: "Pedido P-1",
        rows: [{ item: "Taza <grande>", quantity: 2, amount: "10,00 €" }],
        totals: [{ label: "Total", amount: "14,95 €" }],
      },
    });
    expect(email.html).toContain("<caption");
    expect(email.html).toMatch(/<th scope="col"[^>]*>Producto<\/th>/);
    expect(email.html).toContain(">Taza &lt;grande&gt;</td>");
    expect(email.html).toMatch(/<th scope="row"[^>]*>Total<\/th>/);
    expect(email.text).toContain("Pedido P-1:\n2 × Taza <grande>: 10,00 €\nTotal: 14,95 €");
  });

  it("escapeHtml covers the five characters", () => {
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });
});

describe("formatLifetime", () => {
  it.each([
    [86_400, "24 horas"],
    [3600, "1 hora"],
    [7200, "2 horas"],
    [1800, "30 minutos"],
    [60, "1 minuto"],
  ])("%i s → %s", (seconds, words) => {
    expect(formatLifetime(seconds)).toBe(words);
  });
});

describe("greetingFor", () => {
  it("greets by the trimmed name, or without one when it is unknown", () => {
    expect(greetingFor("  Ana Ruiz ")).toBe("Hola, Ana Ruiz:");
    expect(greetingFor("   ")).toBe("Hola:");
  });
});
