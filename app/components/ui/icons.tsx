/**
 * Icons: Lucide's drawings (the `lucide` package's icon data) drawn by one small component.
 * lucide-react's own component rebuilds each icon's attributes on every render (class merging,
 * attribute renaming, a context read): on a signed-in product list, with ~50 icons, that was
 * ~6 % of the server's CPU per page, and its share of hydration (ADR 0019).
 *
 * Each icon is made once, in its own module under `~/components/icons/` (ADR 0034): a page's
 * bundle carries only the drawings it imports.
 */
import type { IconNode } from "lucide";
import { createElement, type ReactElement, type SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement>;
export type IconComponent = (props: IconProps) => ReactElement;

function isNamed(props: IconProps): boolean {
  for (const key in props)
    if (key.startsWith("aria-") || key === "role" || key === "title") return true;
  return false;
}

export function icon(node: IconNode): IconComponent {
  // The drawing never changes: its elements are made once and reused by every render.
  const drawing = node.map(([tag, attributes], index) =>
    createElement(tag, { key: index, ...attributes }),
  );
  return function Icon(props: IconProps) {
    return (
      <svg
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        // Decorative unless the caller names it (as lucide-react does).
        aria-hidden={isNamed(props) ? undefined : true}
        {...props}
      >
        {drawing}
      </svg>
    );
  };
}
