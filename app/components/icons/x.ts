import { X as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const X = icon(drawing);
