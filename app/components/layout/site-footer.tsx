import type { ReactNode } from "react";
import { useId } from "react";
import { Link } from "react-router";
import { SITE_NAME } from "~/lib/constants";
import { SIDE_MENU_FALLBACK_ID, SIDE_MENU_LINKS } from "./side-menu-links";

const HELP_LINKS = [
  { to: "/necesitas-ayuda#faq", label: "Preguntas frecuentes" },
  { to: "/pedidos/seguimiento", label: "Seguimiento de pedidos" },
  { to: "/politica-de-devoluciones", label: "Política de devoluciones" },
  { to: "/contacto", label: "Contacto" },
] as const;

const COMPANY_LINKS = [
  { to: "/sobre-nosotros", label: "Sobre nosotros" },
  { to: "/empleo", label: "Empleo" },
  { to: "/novedades", label: "Novedades" },
] as const;

const LEGAL_LINKS = [
  { to: "/aviso-legal", label: "Aviso Legal" },
  { to: "/terminos-y-condiciones", label: "Términos y condiciones" },
  { to: "/politica-de-privacidad", label: "Política de privacidad" },
] as const;

/** Brand glyphs (lucide dropped brand icons), drawn in the same 24×24 stroke style. */
function SocialIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const SOCIAL_LINKS: { href: string; label: string; icon: ReactNode }[] = [
  {
    href: "https://www.facebook.com/",
    label: "Facebook",
    icon: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
  },
  {
    href: "https://www.instagram.com/",
    label: "Instagram",
    icon: (
      <>
        <rect width="20" height="20" x="2" y="2" rx="5" ry="5" />
        <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
        <path d="M17.5 6.5h.01" />
      </>
    ),
  },
  {
    href: "https://x.com/",
    label: "X",
    icon: (
      <>
        <path d="M4 4l11.733 16h4.267l-11.733 -16z" />
        <path d="M4 20l6.768 -6.768m2.46 -2.46l6.772 -6.772" />
      </>
    ),
  },
  {
    href: "https://www.youtube.com/",
    label: "YouTube",
    icon: (
      <>
        <path d="M2.5 17a24.12 24.12 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.56 49.56 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24.12 24.12 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.55 49.55 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
        <path d="m10 15 5-3-5-3z" />
      </>
    ),
  },
  {
    href: "https://www.tiktok.com/",
    label: "TikTok",
    icon: (
      <path d="M21 7.917v4.034a9.948 9.948 0 0 1 -5 -1.951v4.5a6.5 6.5 0 1 1 -8 -6.326v4.326a2.5 2.5 0 1 0 4 2v-11.5h4.083a6.005 6.005 0 0 0 4.917 4.917z" />
    ),
  },
];

const linkClassName =
  "rounded-sm text-sm text-slate-300 transition-colors hover:text-white hover:underline underline-offset-4 focus-visible:outline-white";

function FooterNav({
  id,
  title,
  links,
}: {
  id?: string;
  title: string;
  links: readonly { to: string; label: string }[];
}) {
  const headingId = useId();
  return (
    <nav id={id} aria-labelledby={headingId}>
      <h2 id={headingId} className="text-sm font-semibold tracking-wide text-white uppercase">
        {title}
      </h2>
      <ul className="mt-4 grid gap-2.5">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClassName}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * `siteName`: the shop's name set in /admin/configuracion. `newsletter`: the sign-up form, which
 * the promotions module owns, beside the shop's description.
 */
export function SiteFooter({
  siteName = SITE_NAME,
  newsletter,
}: {
  siteName?: string;
  newsletter?: ReactNode;
}) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto max-w-7xl px-4 pt-12 pb-8 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
          <div>
            <Link
              to="/"
              className="inline-flex items-center gap-2 rounded-md text-2xl font-bold tracking-tight text-white focus-visible:outline-white"
            >
              <span aria-hidden="true" className="inline-block size-3 rounded-full bg-brand-500" />
              {siteName}
            </Link>
            <p className="mt-4 max-w-sm text-sm leading-6 text-slate-300">
              Productos nuevos, de segunda mano y reacondicionados, marketplace y servicios
              técnicos. Tienda online con sede en España.
            </p>
            <ul className="mt-6 flex flex-wrap gap-2" aria-label="Redes sociales">
              {SOCIAL_LINKS.map((social) => (
                <li key={social.label}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${social.label} (se abre en una pestaña nueva)`}
                    className="inline-flex size-10 items-center justify-center rounded-full bg-slate-800 text-slate-200 transition-colors hover:bg-brand-700 hover:text-white focus-visible:outline-white"
                  >
                    <SocialIcon>{social.icon}</SocialIcon>
                  </a>
                </li>
              ))}
            </ul>
          </div>
          {newsletter}
        </div>

        <div className="mt-10 grid grid-cols-2 gap-x-6 gap-y-10 border-t border-slate-800 pt-10 sm:grid-cols-4">
          <FooterNav id={SIDE_MENU_FALLBACK_ID} title="Tienda" links={SIDE_MENU_LINKS} />
          <FooterNav title="Ayuda" links={HELP_LINKS} />
          <FooterNav title="Empresa" links={COMPANY_LINKS} />
          <FooterNav title="Legal" links={LEGAL_LINKS} />
        </div>

        <div className="mt-10 flex flex-col gap-2 border-t border-slate-800 pt-6 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {siteName}. Todos los derechos reservados.
          </p>
          <p>Precios con IVA incluido</p>
        </div>
      </div>
    </footer>
  );
}
