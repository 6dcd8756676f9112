const euro = new Intl.NumberFormat("es-ES", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // es-ES omits the separator in four-digit numbers; DESIGN §4 asks for "1.234,56 €".
  useGrouping: "always",
});

/** 123456 → "1.234,56 €". */
export function formatCents(cents: number): string {
  return euro.format(cents / 100);
}
