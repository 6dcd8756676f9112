import { TriangleAlert } from "~/components/icons/triangle-alert";
import { Link } from "react-router";
import { errorPageProps } from "~/components/layout/error-page";
import { buttonVariants } from "~/components/ui/button";
import { ErrorReference } from "~/components/layout/error-reference";

/**
 * What a /perfil page shows when its data could not be loaded (spec §8: 'No se pudo cargar tu
 * perfil', 'No se pudieron cargar tus favoritos'), inside the account shell so the side menu
 * stays: the spec's message, the server's Spanish reason for a 4xx, and a way on: to try again
 * after a failure, home after a refusal.
 */
export function AccountPageError({ title, error }: { title: string; error: unknown }) {
  const { message, status } = errorPageProps(error);
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
      <h1 className="flex items-center gap-2 text-xl font-bold">
        <TriangleAlert aria-hidden="true" className="size-5" />
        {title}
      </h1>
      <p className="mt-2">{message ?? "Inténtalo de nuevo en unos minutos."}</p>
      {status >= 500 ? <ErrorReference className="mt-1 text-sm" /> : null}
      {/* A refusal (4xx) is the same on reloading (even /perfil's own): the way on is home. */}
      {status >= 500 ? (
        <Link
          to="."
          reloadDocument
          className={buttonVariants({ variant: "outline", className: "mt-4" })}
        >
          Volver a cargar
        </Link>
      ) : (
        <Link to="/" className={buttonVariants({ variant: "outline", className: "mt-4" })}>
          Volver al inicio
        </Link>
      )}
    </div>
  );
}
