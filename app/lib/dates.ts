const dateFormat = new Intl.DateTimeFormat("es-ES", {
  timeZone: "Europe/Madrid",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "22 de noviembre de 2026", in Europe/Madrid. */
export const formatDate = (value: Date | string) => dateFormat.format(new Date(value));

const dateTimeFormat = new Intl.DateTimeFormat("es-ES", {
  timeZone: "Europe/Madrid",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "23 nov 2026, 14:05", in Europe/Madrid. */
export const formatDateTime = (value: Date | string) => dateTimeFormat.format(new Date(value));

const shortDateFormat = new Intl.DateTimeFormat("es-ES", {
  timeZone: "Europe/Madrid",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});

/** "22/11/2026", in Europe/Madrid (tables). */
export const formatShortDate = (value: Date | string) => shortDateFormat.format(new Date(value));

/** A link's lifetime in words: "24 horas", "1 hora", "30 minutos". */
export function formatLifetime(seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) {
    const hours = seconds / 3600;
    return hours === 1 ? "1 hora" : `${hours} horas`;
  }
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? "1 minuto" : `${minutes} minutos`;
}
