import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RichText } from "./components/rich-text";
import { parseRichText, type RichBlock } from "./rich-text";

const render = (source: string, options: { placeholders?: boolean; questions?: boolean } = {}) =>
  renderToStaticMarkup(createElement(RichText, { blocks: parseRichText(source), ...options }));

describe("formatted text", () => {
  it("renders paragraphs, headings, bold, italic, lists and links", () => {
    const html = render(
      [
        "## Envíos",
        "Llega en **24 horas** y *sin coste* desde _50 €_.",
        "",
        "- Uno",
        "- Dos con [enlace](/contacto)",
        "",
        "3. Tercero",
        "4. Cuarto",
        "",
        "Escríbenos a [correo](mailto:hola@tienda.es) o visita [la web](https://example.com/a?b=1).",
      ].join("\n"),
    );
    expect(html).toBe(
      "<div>" +
        '<h3 class="text-lg font-semibold text-slate-900">Envíos</h3>' +
        "<p>Llega en <strong>24 horas</strong> y <em>sin coste</em> desde <em>50 €</em>.</p>" +
        '<ul class="list-disc space-y-1 pl-6"><li>Uno</li><li>Dos con <a href="/contacto" class="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">enlace</a></li></ul>' +
        '<ol start="3" class="list-decimal space-y-1 pl-6"><li>Tercero</li><li>Cuarto</li></ol>' +
        '<p>Escríbenos a <a href="mailto:hola@tienda.es" class="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">correo</a> o visita <a href="https://example.com/a?b=1" rel="nofollow noopener noreferrer" class="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">la web</a>.</p>' +
        "</div>",
    );
  });

  it("keeps a [placeholder] before a link in the same line as text", () => {
    expect(parseRichText("Escribe a [Correo electrónico] o desde la [página](/contacto).")).toEqual(
      [
        {
          t: "p",
          c: [
            { t: "text", v: "Escribe a [Correo electrónico] o desde la " },
            { t: "a", href: "/contacto", c: [{ t: "text", v: "página" }] },
            { t: "text", v: "." },
          ],
        },
      ],
    );
  });

  it("joins the lines of a paragraph and keeps escaped characters literal", () => {
    expect(parseRichText("una\nlínea \\*sin\\* cursiva\n\notro")).toEqual([
      { t: "p", c: [{ t: "text", v: "una línea *sin* cursiva" }] },
      { t: "p", c: [{ t: "text", v: "otro" }] },
    ]);
    // snake_case words and a lone star stay text
    expect(parseRichText("mi_fichero_largo y 5 * 3")).toEqual([
      { t: "p", c: [{ t: "text", v: "mi_fichero_largo y 5 * 3" }] },
    ]);
  });

  it("never lets markup, event handlers or script addresses through", () => {
    const html = render(
      [
        '<script>alert("x")</script>',
        "",
        '<img src=x onerror="alert(1)">',
        "",
        "[pulsa](javascript:alert(1)) [dos](JaVaScRiPt:alert(1)) [tres](java\tscript:alert(1))",
        "",
        "[datos](data:text/html;base64,PHNjcmlwdD4=) [otro sitio](//evil.example) [barra](/\\evil.example)",
        "",
        '**<a href="javascript:alert(1)">x</a>**',
      ].join("\n"),
    );
    // No element but the formatting ones, no attribute but class.
    const tags = [...html.matchAll(/<([a-z0-9]+)([^>]*)>/gi)];
    expect(new Set(tags.map(([, name]) => name))).toEqual(new Set(["div", "p", "strong"]));
    for (const [, , attributes] of tags) expect(attributes).toMatch(/^( class="[^"]*")?$/);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    // The links' texts stay, without links.
    expect(html).toContain("<p>pulsa dos tres</p>");
    expect(html).toContain("<p>datos otro sitio barra</p>");
    expect(html.match(/<a /g) ?? []).toHaveLength(0);
  });

  it("refuses an unsafe link even in a tree built by other code", () => {
    const blocks: RichBlock[] = [
      { t: "p", c: [{ t: "a", href: "javascript:alert(1)", c: [{ t: "text", v: "x" }] }] },
    ];
    expect(renderToStaticMarkup(createElement(RichText, { blocks }))).toBe("<div><p>x</p></div>");
  });

  it("highlights [placeholders] and shows ¿questions? as question and answer", () => {
    const html = render("¿Cuánto tarda? Unas **24 horas** en [Ciudad].", {
      placeholders: true,
      questions: true,
    });
    expect(html).toContain('<h3 class="font-semibold text-slate-900">¿Cuánto tarda?</h3>');
    expect(html).toContain("<strong>24 horas</strong>");
    expect(html).toContain(
      '<mark class="rounded bg-amber-100 px-1 text-slate-900">[Ciudad]</mark>',
    );
  });
});
