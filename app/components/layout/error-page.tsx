import { House } from "~/components/icons/house";
import { Package } from "~/components/icons/package";
import { SearchX } from "~/components/icons/search-x";
import { TriangleAlert } from "~/components/icons/triangle-alert";
import { createContext, useContext, type ReactNode } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { ErrorReference } from "./error-reference";

/**
 * true inside a layout that already renders a header and the `<main>` landmark (the site
 * layout, the admin shell): the error page then renders only its content, so the page keeps
 * one header, one main and one h1.
 */
const InsideLayoutContext = createContext(false);

export function ErrorPageLayoutProvider({ children }: { children: ReactNode }) {
  return <InsideLayoutContext.Provider value={true}>{children}</InsideLayoutContext.Provider>;
}

interface ErrorPageProps {
  status: number;
  /** A Spanish explanation for the visitor (4xx thrown with `{ message }`). */
  message?: string;
  /** Stack trace; development only. */
  details?: string;
}

/** What an error boundary shows for `error`: never a stack trace outside development. */
export function errorPageProps(error: unknown): ErrorPageProps {
  if (isRouteErrorResponse(error)) {
    const message = (error.data as { message?: unknown } | null)?.message;
    return {
      status: error.status,
      message: error.status < 500 && typeof message === "string" ? message : undefined,
    };
  }
  return {
    status: 500,
    details:
      import.meta.env.DEV && error instanceof Error
        ? `${error.message}\n${error.stack ?? ""}`
        : undefined,
  };
}

function ErrorContent({ status, message, details }: ErrorPageProps) {
  const notFound = status === 404;
  const Icon = notFound ? SearchX : TriangleAlert;
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-8" />
      </span>
      {notFound ? (
        <>
          <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700">Error 404</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Página no encontrada
          </h1>
          <p className="mt-4 text-base text-slate-600">
            La página que buscas no existe o fue movida.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/" className={buttonVariants({ size: "lg" })}>
              <House aria-hidden="true" />
              Volver al inicio
            </Link>
            <Link to="/productos" className={buttonVariants({ variant: "outline", size: "lg" })}>
              <Package aria-hidden="true" />
              Ver productos
            </Link>
          </div>
        </>
      ) : (
        <>
          <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Algo salió mal
          </h1>
          <p className="mt-4 text-base text-slate-600">
            {message ?? "Ha ocurrido un error inesperado. Inténtalo de nuevo en unos minutos."}
          </p>
          <p className="mt-2 text-xs text-slate-600">Código de error: {status}</p>
          {status >= 500 ? <ErrorReference className="mt-1 text-xs text-slate-600" /> : null}
          <div className="mt-8">
            <Link to="/" className={buttonVariants({ size: "lg" })}>
              <House aria-hidden="true" />
              Volver al inicio
            </Link>
          </div>
        </>
      )}
      {details ? (
        <pre className="mt-10 max-h-96 w-full overflow-auto rounded-lg bg-slate-900 p-4 text-left text-xs text-slate-100">
          {details}
        </pre>
      ) : null}
    </div>
  );
}

/** The Spanish error page (DESIGN §6): 404 or a generic error; `details` only in development. */
export function ErrorPage(props: ErrorPageProps) {
  const insideLayout = useContext(InsideLayoutContext);
  if (insideLayout) return <ErrorContent {...props} />;
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6">
          <Link to="/" className="rounded-md">
            <img src="/Logo.jpg" alt="Tienda" width={160} height={48} className="h-10 w-auto" />
          </Link>
        </div>
      </header>
      <main id="contenido" className="flex-1">
        <ErrorContent {...props} />
      </main>
    </div>
  );
}
