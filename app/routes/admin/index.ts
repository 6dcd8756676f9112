import { redirect } from "react-router";

/** /admin is the dashboard (spec §2). */
export function loader() {
  return redirect("/admin/dashboard");
}
