import { Construction } from "~/components/icons/construction";
import { Mail } from "~/components/icons/mail";
import { SITE_NAME } from "~/lib/constants";
import { brandLogoSrc } from "~/lib/logo";
import type { MaintenanceInfo } from "../maintenance";

/**
 * What visitors and customers see while the shop is in maintenance (status 503). A whole page
 * of its own: no header, no search, no links into the closed shop — only the way to sign in.
 */
export function MaintenancePage({ info }: { info: MaintenanceInfo }) {
  const brand = brandLogoSrc(info.siteName, info.logoSrc, SITE_NAME);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <main
        id="contenido"
        className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center"
      >
        {brand ? (
          <img
            src={brand}
            alt={info.siteName}
            width={160}
            height={48}
            // Multiply: a logo on a white background (the default JPEG) takes the page's
            // colour instead of showing a white box on it; coloured marks barely change.
            className="h-12 w-auto object-contain mix-blend-multiply"
          />
        ) : (
          <p className="text-2xl font-bold tracking-tight text-slate-900">{info.siteName}</p>
        )}
        <span className="mt-10 inline-flex size-16 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          <Construction aria-hidden="true" className="size-8" />
        </span>
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Estamos en mantenimiento
        </h1>
        <p className="mt-4 text-base text-slate-700">
          {info.siteName} está haciendo mejoras y volverá a estar disponible en breve. Gracias por
          tu paciencia.
        </p>
        {info.contactEmail ? (
          <p className="mt-4 inline-flex items-center gap-2 text-base text-slate-700">
            <Mail aria-hidden="true" className="size-4" />
            <span>
              ¿Es urgente? Escríbenos a{" "}
              <a
                href={`mailto:${info.contactEmail}`}
                className="font-medium text-brand-700 underline"
              >
                {info.contactEmail}
              </a>
            </span>
          </p>
        ) : null}
        <p className="mt-10 text-sm text-slate-600">
          ¿Administras la tienda?{" "}
          <a href="/login" className="font-medium text-brand-700 underline">
            Inicia sesión
          </a>
        </p>
      </main>
    </div>
  );
}
