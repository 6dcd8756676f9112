// Moved to app/lib (the shell header, a component, reads it).
export { brandLogoSrc, DEFAULT_LOGO_SRC, isUploadedLogo, logoSrc } from "~/lib/logo";
