import { FileText as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const FileText = icon(drawing);
