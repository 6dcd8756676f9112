import { ArrowUp as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const ArrowUp = icon(drawing);
