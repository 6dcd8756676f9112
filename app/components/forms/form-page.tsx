import type { ReactNode } from "react";
import { Form, Link, type FormProps } from "react-router";
import { FormErrors } from "./form-errors";
import { SubmitButton } from "./form-parts";

/*
 * The narrow pages of one form or one message: signing in, registration, the second step, the
 * pages of the e-mailed links (password reset, confirming an address or a subscription). Their
 * frame, title, form, submit button and the links under it are these, once.
 */

export const textLinkClass = "font-semibold text-brand-700 underline-offset-2 hover:underline";

/** The page: its title, maybe a line under it, then the form or the message. */
export function FormPage({
  title,
  lead,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {lead ? <p className="mt-1 text-slate-600">{lead}</p> : null}
      {children}
    </div>
  );
}

/** A page that only says something (a link that cannot be used, a confirmation), and a way on. */
export function MessagePage({
  title,
  message,
  children,
}: {
  title: ReactNode;
  message: ReactNode;
  children?: ReactNode;
}) {
  return (
    <FormPage title={title}>
      <p className="mt-3 text-slate-700">{message}</p>
      {children}
    </FormPage>
  );
}

/** "Volver a la tienda" under a message. */
export function BackToShopLink() {
  return (
    <Link to="/" className={`mt-6 ${textLinkClass}`}>
      Volver a la tienda
    </Link>
  );
}

/** The centred line under a form: "¿No tienes cuenta? Regístrate". */
export function LinkUnderForm({
  prompt,
  to,
  children,
}: {
  prompt?: ReactNode;
  to: string;
  children: ReactNode;
}) {
  return (
    <p className="mt-6 text-center text-sm text-slate-700">
      {prompt ? <>{prompt} </> : null}
      <Link to={to} className={textLinkClass}>
        {children}
      </Link>
    </p>
  );
}

/**
 * The page's one form: posts to the page, its form-level errors first, then the fields
 * (`children`) and the submit button. `form` is what `useLightForm` gives.
 */
export function PageForm({
  form,
  busy,
  submit,
  busyLabel,
  action,
  replace,
  children,
}: {
  form: {
    errorId: string;
    errors?: string[];
    props: Omit<FormProps, "method" | "action">;
  };
  busy: boolean;
  submit: string;
  busyLabel: string;
  action?: string;
  /** Replaces the history entry (a refused password is not a page to go back to). */
  replace?: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      action={action}
      replace={replace}
      {...form.props}
      className="mt-6 space-y-4"
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      {children}
      <SubmitButton busy={busy} busyLabel={busyLabel}>
        {submit}
      </SubmitButton>
    </Form>
  );
}
