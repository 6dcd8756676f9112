// Moved to app/lib (the shell header, a component, reads it).
export { toShellUser, type ShellUser } from "~/lib/shell-user";
