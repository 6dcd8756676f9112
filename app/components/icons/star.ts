import { Star as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Star = icon(drawing);
