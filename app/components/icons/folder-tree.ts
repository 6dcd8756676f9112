import { FolderTree as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const FolderTree = icon(drawing);
