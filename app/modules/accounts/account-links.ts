// Moved to app/components/layout (the header's account menu shows them).
export { ACCOUNT_LINKS, accountMeta } from "~/components/layout/account-links";
