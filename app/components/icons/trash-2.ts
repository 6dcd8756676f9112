import { Trash2 as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Trash2 = icon(drawing);
