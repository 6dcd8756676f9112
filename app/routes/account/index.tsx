import { data } from "react-router";
import type { Route } from "./+types/index";
import { userContext } from "~/lib/context";
import { AccountSummary } from "~/modules/accounts/components/account-summary";
import { getProfile } from "~/modules/accounts/profile.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = context.get(userContext)!; // the layout's middleware guarantees a user
  const profile = await getProfile(user.id);
  if (!profile) throw data(null, { status: 404 });
  const title = new URL(request.url).pathname.endsWith("/configuracion")
    ? "Configuración"
    : "Mi Perfil";
  return { profile, title };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.title ?? "Mi Perfil"} · Tienda` },
];

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{loaderData.title}</h1>
      <AccountSummary profile={loaderData.profile} />
    </>
  );
}
