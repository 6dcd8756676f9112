import { Package } from "lucide-react";
import type { Route } from "./+types/orders";
import { accountMeta } from "~/modules/accounts/account-links";
import { AccountEmptyState } from "~/modules/accounts/components/account-empty-state";

export const meta: Route.MetaFunction = () => accountMeta("Mis Pedidos");

/**
 * Spec §2: 'Mis Pedidos'. The shop takes no orders yet (the cart and checkout come in a later
 * issue), so every customer's list is empty; this page becomes the order list then.
 */
export default function OrdersPage() {
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Mis Pedidos</h1>
      <AccountEmptyState
        icon={Package}
        title="Aún no has realizado ningún pedido."
        hint="Cuando compres algo, aquí verás tus pedidos y su estado."
      />
    </>
  );
}
