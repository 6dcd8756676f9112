import { ArrowRight as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const ArrowRight = icon(drawing);
