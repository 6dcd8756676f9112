import { Search as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Search = icon(drawing);
