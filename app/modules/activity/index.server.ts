// Public, server-only surface of the module: what other modules may import on the server.
export {
  recordActivity,
  recordOrderActivity,
  type ActivityEntity,
  type ActivityEntry,
  type Actor,
} from "./activity.server";
