import { ArrowDown as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const ArrowDown = icon(drawing);
