import { Mail as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Mail = icon(drawing);
