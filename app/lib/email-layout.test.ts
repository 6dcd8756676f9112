import { describe, expect, it } from "vitest";
import { escapeHtml, renderEmail } from "./email-layout";
import { formatLifetime } from "./dates";

const base = {
  siteName: "Tienda",
  siteUrl: "https://tienda.example/",
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
