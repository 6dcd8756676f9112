import { FileWarning } from "~/components/icons/file-warning";
import { FlaskConical } from "~/components/icons/flask-conical";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { dashboardLinkClass as linkClass } from "./dashboard-activity";

const warning =
  "mt-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950";
/** No Stripe: the built-in test payment takes the orders (ADR 0023); the admin must know. */
export function TestPaymentsNotice() {
  return (
    <div className={warning}>
      <FlaskConical aria-hidden className="mt-0.5 size-5 shrink-0" />
      <p>
        <strong>Pagos de prueba activos: los pedidos no se cobran.</strong> Al pagar, el cliente
        llega a una página de pago de prueba y el pedido queda pagado sin cobrar nada. Para cobrar
        de verdad, configura <code>STRIPE_SECRET_KEY</code> y <code>STRIPE_WEBHOOK_SECRET</code> en
        el servidor y reinícialo (
        <Link to="/admin/configuracion#pagos" className={linkClass}>
          Configuración · Pagos
        </Link>
        ).
      </p>
    </div>
  );
}

function LinkList({ children }: { children: ReactNode }) {
  return <ul className="mt-2 list-disc space-y-0.5 pl-5">{children}</ul>;
}

/**
 * The seller's data the legal pages and the checkout need (LSSI art. 10, TRLGDCU art. 97), and
 * the texts with a [placeholder] no setting fills (the public page omits them).
 */
export function LegalGapsNotice({
  missing,
  placeholderGaps,
}: {
  missing: { label: string; href: string }[];
  placeholderGaps: { page: string; title: string; placeholders: string[] }[];
}) {
  if (missing.length === 0 && placeholderGaps.length === 0) return null;
  return (
    <section aria-labelledby="datos-pendientes" className={warning}>
      <FileWarning aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <h2 id="datos-pendientes" className="font-semibold">
          Faltan datos en los textos legales de la tienda
        </h2>
        {missing.length ? (
          <>
            <p className="mt-1">
              Mientras no los completes, el aviso legal, las condiciones, la política de privacidad,
              la de devoluciones, la página de contacto y la compra dicen que la información se está
              completando:
            </p>
            <LinkList>
              {missing.map((field) => (
                <li key={field.href}>
                  <Link to={field.href} className={linkClass}>
                    {field.label}
                  </Link>
                </li>
              ))}
            </LinkList>
            <p className="mt-2">
              Complétalos en{" "}
              <Link to="/admin/configuracion" className={linkClass}>
                Configuración
              </Link>
              .
            </p>
          </>
        ) : null}
        {placeholderGaps.length ? (
          <>
            <p className="mt-2">
              Estos textos tienen datos entre corchetes que ningún ajuste rellena, y la página
              pública los omite:
            </p>
            <LinkList>
              {placeholderGaps.map((gap) => (
                <li key={gap.page} className="break-words">
                  <Link to={`/admin/contenido/${gap.page}`} className={linkClass}>
                    {gap.title}
                  </Link>
                  : {gap.placeholders.join(", ")}
                </li>
              ))}
            </LinkList>
          </>
        ) : null}
      </div>
    </section>
  );
}
