import { Upload as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Upload = icon(drawing);
