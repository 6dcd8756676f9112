import { Minus as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Minus = icon(drawing);
