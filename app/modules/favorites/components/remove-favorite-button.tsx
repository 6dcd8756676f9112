import { Trash2 } from "~/components/icons/trash-2";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * The remove button of a card on /perfil/favoritos: a plain POST to that page's action, so it
 * works without JavaScript; the page reloads its list and shows the outcome as a toast.
 */
export function RemoveFavoriteButton({
  productId,
  describedBy,
}: {
  productId: number;
  /** Id of the card's title, naming the product. */
  describedBy: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "remove" &&
    navigation.formData.get("productId") === String(productId);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="productId" value={productId} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={busy}
        aria-describedby={describedBy}
        className="w-full"
      >
        <Trash2 aria-hidden="true" />
        {busy ? "Quitando..." : "Quitar de favoritos"}
      </Button>
    </Form>
  );
}
