import { FolderPlus as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const FolderPlus = icon(drawing);
