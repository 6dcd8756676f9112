import { LIMITS } from "~/lib/constants";
import { WITHDRAWAL_FORM_PATH } from "~/lib/withdrawal";
import { missingLegalFields } from "../legal-completeness";
import { PhoneLink, type LegalData } from "./legal-data";

const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

/** A link to a legal page in a new tab, so what the buyer typed stays where it is. */
function LegalLink({ to, children }: { to: string; children: string }) {
  return (
    <a href={to} target="_blank" rel="noopener" className={linkClass}>
      {children}
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
    </a>
  );
}

/**
 * What the buyer must see before «Pagar» (LSSI art. 27, TRLGDCU arts. 97 and 98.2): who sells,
 * the 14-day right of withdrawal, and the terms, returns and privacy texts. Short, for a phone.
 */
export function CheckoutLegalInfo({ seller, siteName }: { seller: LegalData; siteName: string }) {
  const complete = missingLegalFields(seller).length === 0;
  return (
    <div
      aria-label="Información legal de la compra"
      role="group"
      className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm leading-relaxed text-slate-700"
    >
      <p>
        <strong className="text-slate-900">Vendedor: </strong>
        {/* What is known is always shown; a gap is said, never filled with a placeholder. */}
        {seller.companyName || siteName}
        {seller.nif ? ` · NIF ${seller.nif}` : null}
        {seller.address ? ` · ${seller.address}` : null}
        {seller.phone ? (
          <>
            {" "}
            · Tel. <PhoneLink phone={seller.phone} className={`${linkClass} whitespace-nowrap`} />
          </>
        ) : null}
        {seller.contactEmail ? (
          <>
            {" "}
            ·{" "}
            <a href={`mailto:${seller.contactEmail}`} className={`${linkClass} break-all`}>
              {seller.contactEmail}
            </a>
          </>
        ) : null}
        {complete ? null : (
          <>
            . Estamos completando sus datos de empresa; los encontrarás en el{" "}
            <LegalLink to="/aviso-legal">aviso legal</LegalLink>.
          </>
        )}
      </p>
      <p>
        <strong className="text-slate-900">Derecho de desistimiento: </strong>
        tienes {LIMITS.withdrawalDays} días naturales desde que recibes el pedido para devolverlo
        sin dar explicaciones, y puedes desistir también antes de recibirlo (
        <LegalLink to="/politica-de-devoluciones">política de devoluciones</LegalLink>). Podrás
        hacerlo con el botón «Desistir del contrato aquí» de la página de tu pedido o con el{" "}
        <LegalLink to={WITHDRAWAL_FORM_PATH}>modelo de formulario de desistimiento (PDF)</LegalLink>
        .
      </p>
      <p>
        Al pulsar «Pagar» haces un pedido con obligación de pago y aceptas los{" "}
        <LegalLink to="/terminos-y-condiciones">términos y condiciones</LegalLink>. Tratamos tus
        datos según la <LegalLink to="/politica-de-privacidad">política de privacidad</LegalLink>.
      </p>
    </div>
  );
}
