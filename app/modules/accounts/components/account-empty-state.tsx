import { type IconComponent } from "~/components/ui/icons";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/** An empty list on a /perfil page: what is missing, how to fill it, and a way to the catalogue. */
export function AccountEmptyState({
  icon: Icon,
  title,
  hint,
}: {
  icon: IconComponent;
  title: string;
  hint: string;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <Icon aria-hidden="true" className="size-10 text-slate-500" />
      <p className="mt-3 font-medium text-slate-900">{title}</p>
      <p className="mt-1 text-sm text-slate-700">{hint}</p>
      <Link to="/productos" className={buttonVariants({ className: "mt-4" })}>
        Explorar productos
      </Link>
    </div>
  );
}
