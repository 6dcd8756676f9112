const dateFormat = new Intl.DateTimeFormat("es-ES", {
  timeZone: "Europe/Madrid",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const dateTimeFormat = new Intl.DateTimeFormat("es-ES", {
  timeZone: "Europe/Madrid",
  dateStyle: "medium",
  timeStyle: "short",
});

/** "22 de noviembre de 2026", in Europe/Madrid. */
export const formatDate = (value: Date | string) => dateFormat.format(new Date(value));
/** "22 nov 2026, 4:05", in Europe/Madrid. */
export const formatDateTime = (value: Date | string) => dateTimeFormat.format(new Date(value));
