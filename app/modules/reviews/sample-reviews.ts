import { withDateLabel, type ReviewView } from "./display";

/**
 * Spec §8: the home page shows these built-in reviews when the shop has none yet or the
 * reviews cannot be read. They are never stored and never shown on /reseñas.
 * Negative ids keep them apart from real rows.
 */
export const SAMPLE_REVIEWS: readonly ReviewView[] = (
  [
    {
      id: -1,
      rating: 5,
      comment:
        "Me asesoraron muy bien antes de comprar y el pedido llegó en dos días, perfectamente embalado.",
      userName: "María García",
      avatarText: null,
      createdAt: new Date("2026-01-15T10:00:00Z"),
    },
    {
      id: -2,
      rating: 4,
      comment:
        "Buenos precios y un producto reacondicionado que parece nuevo. Volveré a comprar seguro.",
      userName: "Carlos Pérez",
      avatarText: null,
      createdAt: new Date("2026-01-10T10:00:00Z"),
    },
  ] satisfies Omit<ReviewView, "dateLabel">[]
).map(withDateLabel);
