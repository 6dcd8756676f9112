import { SlidersHorizontal as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const SlidersHorizontal = icon(drawing);
