import { Store as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Store = icon(drawing);
