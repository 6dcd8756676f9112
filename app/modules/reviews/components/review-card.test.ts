import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { formatDate } from "~/lib/dates";
import type { ReviewView } from "../display";
import { HomeReviews } from "./home-reviews";
import { ReviewCard } from "./review-card";

const review: ReviewView = {
  id: 7,
  rating: 4,
  comment: "Llegó rápido y bien embalado.",
  userName: "Lucía Martín García",
  avatarText: null,
  createdAt: new Date("2026-03-01T23:30:00Z"),
  dateLabel: formatDate(new Date("2026-03-01T23:30:00Z")),
};

const card = (override: Partial<ReviewView>) =>
  renderToStaticMarkup(createElement(ReviewCard, { review: { ...review, ...override } }));

describe("ReviewCard", () => {
  it("shows the name, initials, accessible stars, comment and the Madrid date", () => {
    const html = card({});
    expect(html).toContain("Lucía Martín García");
    expect(html).toContain(">LG<");
    expect(html).toContain('aria-label="Valoración: 4 de 5"');
    expect(html).toContain("Llegó rápido y bien embalado.");
    // 23:30 UTC on 1 March is already 2 March in Madrid.
    expect(html).toContain("2 de marzo de 2026");
    expect(html).toContain('dateTime="2026-03-01T23:30:00.000Z"');
  });

  it.each([null, "", "   "])(
    "calls a reviewer without a name (%o) 'Usuario Anónimo'",
    (userName) => {
      const html = card({ userName });
      expect(html).toContain("Usuario Anónimo");
      expect(html).not.toContain(">UA<");
    },
  );

  it("shows a same-site avatar image, but never a foreign or script address", () => {
    expect(card({ avatarText: "/uploads/avatar-320.webp" })).toContain(
      'src="/uploads/avatar-320.webp"',
    );
    for (const avatarText of [
      "https://example.com/a.png",
      "//example.com/a.png",
      "javascript:alert(1)",
      "LM",
    ]) {
      const html = card({ avatarText });
      expect(html).not.toContain("<img");
      expect(html).toContain(">LG<");
    }
  });
});

describe("HomeReviews", () => {
  function render(reviews: readonly ReviewView[]) {
    const Stub = createRoutesStub([
      { path: "/", Component: () => createElement(HomeReviews, { reviews }) },
    ]);
    return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"] }));
  }

  it("shows at most two reviews with stars, comment and name, and links to /reseñas", () => {
    const four = [1, 2, 3, 4].map((id) => ({ ...review, id, comment: `Comentario ${id}` }));
    const html = render(four);
    expect(html).toContain("Comentario 1");
    expect(html).toContain("Comentario 2");
    expect(html).not.toContain("Comentario 3");
    expect(html.match(/aria-label="Valoración: 4 de 5"/g)).toHaveLength(2);
    expect(html).toContain("Lucía Martín García");
    expect(html).toMatch(/<a [^>]*href="\/rese(ñ|%C3%B1)as"[^>]*>Ver todas las reseñas/);
  });

  it("says «Aún no hay reseñas...» when there are none, with the link and without the note", () => {
    const html = render([]);
    expect(html).toContain("Aún no hay reseñas...");
    expect(html).toMatch(/<a [^>]*href="\/rese(ñ|%C3%B1)as"[^>]*>Ver todas las reseñas/);
    expect(html).not.toContain("Cómo tratamos las reseñas");
  });
});
