/**
 * Admin URLs that several modules link to (the activity log, the dashboard, e-mails), so no
 * module has to import another's internals for a link.
 */

/** The admin's list of service requests. */
export const ADMIN_SERVICE_REQUESTS_PATH = "/admin/servicios/solicitudes";
