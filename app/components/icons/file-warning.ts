import { FileWarning as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const FileWarning = icon(drawing);
