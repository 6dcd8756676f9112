/**
 * The model withdrawal form of TRLGDCU Annex B (as added by Ley 3/2014), in its own words, with
 * the trader's details filled in where the annex asks for them. The PDF
 * (withdrawal-form-pdf.server.ts) prints these lines; the customer fills in the rest.
 */

export { WITHDRAWAL_FORM_PATH } from "~/lib/withdrawal";

export const WITHDRAWAL_FORM_TITLE = "Modelo de formulario de desistimiento";

export interface WithdrawalFormTrader {
  /** The legal name, or the shop's name until it is set. */
  name: string;
  address: string;
  email: string | null;
  /** Its website, so the form says which shop it is for. */
  siteUrl: string;
}

/** «A la atención de …»: name, full address and e-mail, whatever of them is known. */
export function withdrawalFormAddressee(trader: WithdrawalFormTrader): string {
  return [trader.name, trader.address, trader.email]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ");
}

/** The annex's lines, in order; the ones the customer fills in end with a colon. */
export function withdrawalFormLines(trader: WithdrawalFormTrader) {
  return {
    instruction:
      "(sólo debe cumplimentar y enviar el presente formulario si desea desistir del contrato)",
    addressee: `– A la atención de ${withdrawalFormAddressee(trader)}:`,
    fields: [
      "– Por la presente le comunico/comunicamos (*) que desisto de mi/desistimos de nuestro (*) contrato de venta del siguiente bien/prestación del siguiente servicio (*)",
      "– Pedido el/recibido el (*)",
      "– Nombre del consumidor y usuario o de los consumidores y usuarios",
      "– Domicilio del consumidor y usuario o de los consumidores y usuarios",
      "– Firma del consumidor y usuario o de los consumidores y usuarios (solo si el presente formulario se presenta en papel)",
      "– Fecha",
    ],
    footnote: "(*) Táchese lo que no proceda.",
  };
}
