import { ArrowUpDown as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const ArrowUpDown = icon(drawing);
