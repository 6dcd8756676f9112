/**
 * A Madrid date format, made on first use: a browser's first `Intl` format loads its locale
 * data (tens of milliseconds), which a page that shows no date should not pay (ADR 0021).
 */
function madridFormat(options: Intl.DateTimeFormatOptions) {
  let format: Intl.DateTimeFormat | undefined;
  return (value: Date | string) =>
    (format ??= new Intl.DateTimeFormat("es-ES", { timeZone: "Europe/Madrid", ...options })).format(
      new Date(value),
    );
}

/** "22 de noviembre de 2026", in Europe/Madrid. */
export const formatDate = madridFormat({ day: "numeric", month: "long", year: "numeric" });

/** "23 nov 2026, 14:05", in Europe/Madrid. */
export const formatDateTime = madridFormat({
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "22/11/2026", in Europe/Madrid (tables). */
export const formatShortDate = madridFormat({ day: "2-digit", month: "2-digit", year: "numeric" });

/** A link's lifetime in words: "24 horas", "1 hora", "30 minutos". */
export function formatLifetime(seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) {
    const hours = seconds / 3600;
    return hours === 1 ? "1 hora" : `${hours} horas`;
  }
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? "1 minuto" : `${minutes} minutos`;
}
