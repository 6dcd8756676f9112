import { useId } from "react";
import { Form, Link, useLocation } from "react-router";
import { nativeValidity } from "~/components/forms/native-validity";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { LIMITS } from "~/lib/constants";
import { EMAIL_MESSAGES } from "~/lib/person-messages";
import { NEWSLETTER_CONSENT_MESSAGE } from "../newsletter-messages";

/**
 * The footer's newsletter sign-up (double opt-in, /newsletter). A plain form that works without
 * JavaScript, so the browser checks its fields first: in Spanish, as the server would answer.
 */
export function NewsletterForm() {
  const location = useLocation();
  const emailId = useId();
  const consentId = useId();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="max-w-lg lg:justify-self-end">
      <h2 id={headingId} className="text-sm font-semibold tracking-wide text-white uppercase">
        Newsletter
      </h2>
      <p className="mt-4 text-sm text-slate-300">
        Novedades, ofertas y productos reacondicionados antes que nadie. Sin spam: puedes darte de
        baja cuando quieras.
      </p>
      <Form method="post" action="/newsletter" preventScrollReset className="mt-4 grid gap-3">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <label htmlFor={emailId} className="text-sm font-medium text-slate-200">
          Tu correo electrónico
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={emailId}
            name="email"
            type="email"
            required
            {...nativeValidity({
              valueMissing: EMAIL_MESSAGES.required,
              typeMismatch: EMAIL_MESSAGES.invalid,
            })}
            autoComplete="email"
            inputMode="email"
            maxLength={LIMITS.maxEmailLength}
            placeholder="nombre@ejemplo.com"
            className="border-slate-600 sm:flex-1"
          />
          <Button type="submit" className="sm:w-auto">
            Suscribir
          </Button>
        </div>
        <div className="flex items-start gap-2.5">
          <Checkbox
            id={consentId}
            name="consent"
            value="on"
            required
            {...nativeValidity({ valueMissing: NEWSLETTER_CONSENT_MESSAGE })}
            className="mt-0.5"
          />
          <label htmlFor={consentId} className="text-xs leading-5 text-slate-300">
            Acepto recibir la newsletter y la{" "}
            <Link
              to="/politica-de-privacidad"
              className="font-medium text-white underline underline-offset-2 hover:text-brand-200"
            >
              política de privacidad
            </Link>
          </label>
        </div>
      </Form>
    </section>
  );
}
