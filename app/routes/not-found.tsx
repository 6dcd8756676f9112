import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorPage } from "~/components/layout/error-page";
import { noindexMeta } from "~/lib/page-title";

export const meta: Route.MetaFunction = ({ matches }) =>
  noindexMeta(matches, "Página no encontrada");

/** Any unknown path: a real 404 status, rendered by the error boundary below. */
export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}

export function ErrorBoundary() {
  return <ErrorPage status={404} />;
}
