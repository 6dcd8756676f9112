const dateFormat = new Intl.DateTimeFormat("es-ES", {
  timeZone: "Europe/Madrid",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "22 de noviembre de 2026", in Europe/Madrid. */
export const formatDate = (value: Date | string) => dateFormat.format(new Date(value));
