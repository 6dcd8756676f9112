import { RotateCcw as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const RotateCcw = icon(drawing);
