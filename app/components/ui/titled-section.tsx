import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

export interface TitledSectionProps {
  /** The heading's id, which names the section for screen readers. */
  id: string;
  title: string;
  children: ReactNode;
}

/** A section named by its own `<h2>` (a card, a block of a page); `className` frames it. */
export function TitledSection({
  id,
  title,
  children,
  className,
  titleClassName,
}: TitledSectionProps & { className?: string; titleClassName?: string }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={cn("text-lg font-semibold text-slate-900", titleClassName)}>
        {title}
      </h2>
      {children}
    </section>
  );
}
