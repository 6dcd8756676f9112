import { ChevronDown as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const ChevronDown = icon(drawing);
