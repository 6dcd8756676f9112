import { ShoppingCart as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const ShoppingCart = icon(drawing);
