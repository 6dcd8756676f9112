import { Package as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Package = icon(drawing);
