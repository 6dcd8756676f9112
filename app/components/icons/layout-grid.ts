import { LayoutGrid as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const LayoutGrid = icon(drawing);
