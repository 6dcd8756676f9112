import { Tag as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Tag = icon(drawing);
