import { Form, Link, NavLink } from "react-router";
import { LogOut } from "~/components/icons/log-out";
import { type IconComponent } from "~/components/ui/icons";
import { cn } from "~/lib/utils";

const itemClass =
  "flex w-full items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-left text-sm font-medium";

/** A section's side navigation (profile, admin): its links, optional extra links, and sign out. */
export function SideNav({
  label,
  links,
  extraLinks = [],
  vertical = false,
}: {
  label: string;
  links: { to: string; label: string; icon: IconComponent }[];
  extraLinks?: { to: string; label: string; icon: IconComponent }[];
  /** A column at every width (otherwise rows that wrap on phones, a column from md up). */
  vertical?: boolean;
}) {
  return (
    <nav aria-label={label}>
      <ul
        className={cn("flex gap-1", vertical ? "flex-col" : "flex-wrap md:flex-col md:flex-nowrap")}
      >
        {links.map(({ to, label: text, icon: Icon }, index) => (
          <li key={to}>
            <NavLink
              to={to}
              // The first link is the section's index page: active only on its own URL.
              end={index === 0}
              className={({ isActive }) =>
                cn(
                  itemClass,
                  isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100",
                )
              }
            >
              <Icon className="size-4" aria-hidden /> {text}
            </NavLink>
          </li>
        ))}
        {extraLinks.map(({ to, label: text, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className={cn(itemClass, "text-slate-700 hover:bg-slate-100")}>
              <Icon className="size-4" aria-hidden /> {text}
            </Link>
          </li>
        ))}
        <li>
          <Form method="post" action="/logout" replace>
            <button type="submit" className={cn(itemClass, "text-slate-700 hover:bg-slate-100")}>
              <LogOut className="size-4" aria-hidden /> Cerrar sesión
            </button>
          </Form>
        </li>
      </ul>
    </nav>
  );
}
