import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorPage } from "~/components/layout/error-page";
import { pageTitle } from "~/lib/page-title";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Página no encontrada") },
  { name: "robots", content: "noindex" },
];

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
