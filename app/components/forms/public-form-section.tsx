import { CircleCheck } from "~/components/icons/circle-check";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "~/lib/utils";

/**
 * The box of a public page's form (/contacto, 'Solicitar este servicio'): its heading, then the
 * form — or, once sent (post/redirect/get), the thanks and a link back to an empty form.
 */
export function PublicFormSection({
  id,
  title,
  sent,
  className,
  children,
}: {
  /** The section's anchor, where the form's redirect lands. */
  id: string;
  title: string;
  /** The thanks and the link's text («Enviar otro mensaje»), once sent. */
  sent: { message: string; againLabel: string } | false;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-titulo`;
  const { pathname } = useLocation();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        "scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6",
        className,
      )}
    >
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {sent ? (
        <div role="status" className="mt-4 rounded-lg bg-green-50 p-4 text-green-900">
          <p className="flex items-start gap-2 font-medium">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {sent.message}
          </p>
          <Link
            to={`${pathname}#${id}`}
            preventScrollReset
            className="mt-3 inline-block text-sm font-semibold text-green-900 underline underline-offset-2"
          >
            {sent.againLabel}
          </Link>
        </div>
      ) : (
        children
      )}
    </section>
  );
}
