import { Menu as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Menu = icon(drawing);
