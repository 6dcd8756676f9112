import { Pencil as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Pencil = icon(drawing);
