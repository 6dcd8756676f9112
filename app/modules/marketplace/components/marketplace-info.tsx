import { MARKETPLACE_CONDITION_LABELS } from "~/lib/constants";
import { MARKETPLACE_GRADE_DESCRIPTIONS, MARKETPLACE_GRADES } from "../marketplace";

/** What each grade means, in plain Spanish. */
export function GradeGuide({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="grados" className="rounded-xl border border-slate-200 bg-white p-5">
      <Heading id="grados" className="text-lg font-semibold text-slate-900">
        Qué significa cada grado
      </Heading>
      <p className="mt-1 text-sm text-slate-700">
        Revisamos cada artículo antes de publicarlo y le damos uno de estos grados. Los dos últimos
        no son artículos en funcionamiento.
      </p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        {MARKETPLACE_GRADES.map((grade) => (
          <div key={grade} className="rounded-lg bg-slate-50 p-3">
            <dt className="font-semibold text-slate-900">{MARKETPLACE_CONDITION_LABELS[grade]}</dt>
            <dd className="mt-1 text-sm text-slate-700">{MARKETPLACE_GRADE_DESCRIPTIONS[grade]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The legal guarantee of second-hand goods sold by a business to a consumer in Spain (texto
 * refundido de la LGDCU, RDL 1/2007, as amended by RDL 7/2021). Kept sober: no figure beyond
 * what the law states.
 */
export function LegalGuarantee({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="garantia" className="rounded-xl border border-slate-200 bg-white p-5">
      <Heading id="garantia" className="text-lg font-semibold text-slate-900">
        Garantía legal de los artículos de segunda mano
      </Heading>
      <div className="mt-2 grid gap-2 text-sm leading-relaxed text-slate-700">
        <p>
          Los artículos del Marketplace los vende la tienda, así que tienen la garantía legal de
          conformidad de la Ley General para la Defensa de los Consumidores y Usuarios (Real Decreto
          Legislativo 1/2007). Para los productos de segunda mano la ley permite acordar un plazo
          más corto que el de los productos nuevos, pero nunca inferior a un año desde la entrega.
        </p>
        <p>
          La garantía cubre que el artículo sea como lo describimos en su ficha. Los defectos y el
          desgaste que indicamos en la ficha y en su grado no son una falta de conformidad: un
          artículo «Necesita Reparación» o «Para Piezas» se vende sin funcionar.
        </p>
        <p>
          Como en cualquier compra por internet, tienes 14 días naturales desde la entrega para
          desistir de la compra.
        </p>
      </div>
    </section>
  );
}

/** Below a second-hand page's content: what the grades mean, and the legal guarantee. */
export function MarketplaceGuides() {
  return (
    <div className="mt-12 grid gap-6 lg:grid-cols-2">
      <GradeGuide />
      <LegalGuarantee />
    </div>
  );
}
