import { PenLine as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const PenLine = icon(drawing);
