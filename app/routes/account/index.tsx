import { data } from "react-router";
import type { Route } from "./+types/index";
import { userContext } from "~/lib/context";
import { AccountSummary } from "~/modules/accounts/components/account-summary";
import { getProfile } from "~/modules/accounts/profile.server";

export const meta: Route.MetaFunction = () => [{ title: "Mi Perfil · Tienda" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext)!; // the layout's middleware guarantees a user
  const profile = await getProfile(user.id);
  if (!profile) throw data(null, { status: 404 });
  return { profile };
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Mi Perfil</h1>
      <AccountSummary profile={loaderData.profile} />
    </>
  );
}
