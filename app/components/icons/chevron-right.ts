import { ChevronRight as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const ChevronRight = icon(drawing);
