import { EyeOff as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const EyeOff = icon(drawing);
