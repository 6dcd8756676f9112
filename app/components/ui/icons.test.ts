import { Heart as heartIcon, ShoppingCart as shoppingCartIcon } from "lucide";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { icon } from "./icons";

const Heart = icon(heartIcon);
const ShoppingCart = icon(shoppingCartIcon);

describe("icon", () => {
  it("draws Lucide's drawing in a 24×24 stroked svg", () => {
    const html = renderToStaticMarkup(createElement(ShoppingCart, { className: "size-4" }));
    expect(html).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
    expect(html).toContain('stroke="currentColor"');
    expect(html).toContain('stroke-width="2"');
    expect(html).toContain('class="size-4"');
    // Every element of the drawing, in order.
    const drawn = [...html.matchAll(/<(circle|path|line|rect|polyline)\b/g)].map((m) => m[1]);
    expect(drawn).toEqual(shoppingCartIcon.map(([tag]) => tag));
    expect(drawn.length).toBeGreaterThan(1);
  });

  it("is hidden from assistive technology unless the caller names it", () => {
    expect(renderToStaticMarkup(createElement(Heart))).toContain('aria-hidden="true"');
    const named = renderToStaticMarkup(
      createElement(Heart, { "aria-label": "Favorito", role: "img" }),
    );
    expect(named).not.toContain("aria-hidden");
    expect(named).toContain('aria-label="Favorito"');
  });

  it("lets the caller's attributes win over the defaults", () => {
    const html = renderToStaticMarkup(createElement(Heart, { strokeWidth: 3, fill: "red" }));
    expect(html).toContain('stroke-width="3"');
    expect(html).toContain('fill="red"');
    expect(html).not.toContain('fill="none"');
  });

  it("renders the same drawing twice without sharing state between renders", () => {
    const first = renderToStaticMarkup(createElement(Heart, { className: "a" }));
    const second = renderToStaticMarkup(createElement(Heart, { className: "b" }));
    expect(first.replace('class="a"', 'class="b"')).toBe(second);
  });
});
