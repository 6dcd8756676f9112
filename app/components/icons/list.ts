import { List as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const List = icon(drawing);
