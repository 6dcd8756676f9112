import { ImageOff as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const ImageOff = icon(drawing);
