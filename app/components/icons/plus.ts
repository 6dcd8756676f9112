import { Plus as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Plus = icon(drawing);
