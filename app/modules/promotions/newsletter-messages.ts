/** The newsletter's texts (no zod here: the footer's form ships them on every public page). */
export const NEWSLETTER_CONSENT_MESSAGE = "Debes aceptar recibir la newsletter.";

/** The newsletter's answers (the footer form, the unsubscribe page). */
export const NEWSLETTER_MESSAGES = {
  signUpFailedTitle: "No se pudo completar la suscripción",
  thanksTitle: "¡Gracias por suscribirte!",
  thanksDescription:
    "Te hemos enviado un correo para confirmar la suscripción. No recibirás nada hasta que la confirmes.",
  unsubscribeInvalidTitle: "Enlace no válido",
  unsubscribeInvalid:
    "Este enlace para darse de baja no es válido. Comprueba que lo has copiado entero, o desmarca las comunicaciones en «Mi perfil» si tienes cuenta.",
} as const;
