import { CreditCard as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const CreditCard = icon(drawing);
