import { ImagePlus as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const ImagePlus = icon(drawing);
