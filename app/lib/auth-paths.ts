/** The pages of the e-mailed links, and the page that asks for a reset link (browser-safe). */
export const VERIFY_EMAIL_PATH = "/verificar-correo";
export const FORGOT_PASSWORD_PATH = "/recuperar-contrasena";
export const RESET_PASSWORD_PATH = "/restablecer-contrasena";
