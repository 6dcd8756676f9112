import { SearchX as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const SearchX = icon(drawing);
