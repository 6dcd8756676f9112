import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/field";
import { primaryButtonClass } from "~/components/forms/field";
import { useSubmittingTo } from "~/components/forms/use-submitting";
import { LIMITS } from "~/lib/constants";
import { cn } from "~/lib/utils";
import type { DeliveryStage, ReturnFormLine, ReturnFormView } from "../request-page";
import type { ReturnKind } from "../status";

const selectClass =
  "rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";

/**
 * The withdrawal («Confirmar desistimiento») or conformity-claim form: a units picker per line
 * (excluded lines shown with their explanation, not selectable), the reason (optional for a
 * withdrawal, required for a claim). A plain form: it works without JavaScript; the server
 * checks everything again.
 */
export function ReturnRequestForm({
  action,
  kind,
  lines,
  hidden = {},
  lastResult,
}: {
  action: string;
  kind: ReturnKind;
  lines: ReturnFormLine[];
  /** The guest page's order number and e-mail, sent again with the form. */
  hidden?: Record<string, string>;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const busy = useSubmittingTo(action);
  const errors = busy ? undefined : lastResult?.error;
  const initial = (lastResult?.initialValue ?? {}) as { reason?: unknown };
  const withdrawal = kind === "withdrawal";
  const selectable = lines.filter((line) => !line.excluded && line.available > 0);
  let index = 0;
  return (
    <Form method="post" action={action} noValidate className="mt-6 space-y-6">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormErrors id="return-form-errors" errors={errors?.[""] ?? undefined} />
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">
          {withdrawal ? "Productos de los que desistes" : "Productos con el problema"}
        </legend>
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {lines.map((line) => {
            const open = !line.excluded && line.available > 0;
            const i = open ? index++ : -1;
            const selectId = `return-line-${line.id}`;
            return (
              <li key={line.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">
                    {open ? <label htmlFor={selectId}>{line.name}</label> : line.name}
                  </p>
                  <p className="text-sm text-slate-600">
                    {line.quantity === 1
                      ? "1 unidad comprada"
                      : `${line.quantity} unidades compradas`}
                    {line.available < line.quantity && !line.excluded
                      ? ` · ${line.available === 0 ? "ya en otra devolución" : `quedan ${line.available} por devolver`}`
                      : null}
                  </p>
                  {line.note ? (
                    <p
                      className={cn(
                        "mt-1 text-sm",
                        line.excluded ? "text-slate-700" : "font-medium text-amber-800",
                      )}
                    >
                      {line.note}
                    </p>
                  ) : null}
                </div>
                {open ? (
                  <div className="shrink-0">
                    <input type="hidden" name={`lines[${i}].id`} value={line.id} />
                    <select
                      id={selectId}
                      name={`lines[${i}].units`}
                      defaultValue={selectable.length === 1 && line.available === 1 ? "1" : "0"}
                      aria-label={`Unidades de ${line.name}`}
                      className={selectClass}
                    >
                      {Array.from({ length: line.available + 1 }, (_, units) => (
                        <option key={units} value={units}>
                          {units === 0 ? "Ninguna" : units === 1 ? "1 unidad" : `${units} unidades`}
                        </option>
                      ))}
                    </select>
                  </div>
                ) : (
                  <p className="shrink-0 text-sm font-medium text-slate-600">
                    {line.excluded ? "Sin derecho de desistimiento" : "No disponible"}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <FormErrors id="return-lines-errors" errors={errors?.lines ?? undefined} />
      </fieldset>
      <div>
        <label htmlFor="return-reason" className="mb-1 block text-sm font-medium text-slate-800">
          {withdrawal ? (
            <>
              Motivo{" "}
              <span className="font-normal text-slate-600">
                (opcional: no tienes que explicar por qué desistes)
              </span>
            </>
          ) : (
            "Describe el problema"
          )}
        </label>
        <textarea
          id="return-reason"
          name="reason"
          rows={4}
          maxLength={LIMITS.returnReasonMaxLength}
          required={!withdrawal}
          defaultValue={typeof initial.reason === "string" ? initial.reason : ""}
          aria-invalid={errors?.reason ? true : undefined}
          aria-describedby={errors?.reason ? "return-reason-errors" : undefined}
          className="w-full rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        />
        <FormErrors id="return-reason-errors" errors={errors?.reason ?? undefined} />
      </div>
      <button type="submit" disabled={busy} className={cn(primaryButtonClass, "w-full sm:w-auto")}>
        {withdrawal
          ? busy
            ? "Enviando..."
            : "Confirmar desistimiento"
          : busy
            ? "Enviando..."
            : "Enviar reclamación"}
      </button>
    </Form>
  );
}

/** What withdrawing means at each stage of the order. */
const WITHDRAWAL_INTRO: Record<DeliveryStage, (deadline: string | null) => string> = {
  not_shipped: () =>
    "Aún no ha salido: si desistes de todos los productos, lo cancelamos y te devolvemos todo lo que pagaste; si desistes de una parte, no te enviaremos esas unidades y te devolveremos su importe.",
  shipped: () =>
    `Ya va de camino: cuando lo recibas, nos envías los productos de los que desistes. Puedes desistir ya o hasta ${LIMITS.withdrawalDays} días naturales después de recibirlo.`,
  delivered: (deadline) => `Puedes desistir hasta el ${deadline}.`,
};

/**
 * The body of the withdrawal and claim pages once the order is known: why it may not be sent
 * (the period is over…), or what to do and the form.
 */
export function ReturnRequestPanel({
  view,
  action,
  hidden,
  lastResult,
}: {
  view: ReturnFormView;
  action: string;
  /** The guest page's order number and e-mail, sent again with the form. */
  hidden?: Record<string, string>;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  if (view.closed) return <p className="mt-4 text-slate-700">{view.closed}</p>;
  return (
    <>
      <p className="mt-2 text-slate-700">
        {view.kind === "withdrawal"
          ? `Pedido ${view.orderNumber}. ${WITHDRAWAL_INTRO[view.stage](view.deadline)} Elige los productos y las unidades de los que desistes; te enviaremos por correo el justificante con la fecha y la hora de recepción.`
          : `Pedido ${view.orderNumber}. Elige los productos afectados y describe el problema; te enviaremos por correo el justificante y te diremos cómo seguir.`}
      </p>
      <ReturnRequestForm
        action={action}
        kind={view.kind}
        lines={view.lines}
        hidden={hidden}
        lastResult={lastResult}
      />
    </>
  );
}
