import { Download as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Download = icon(drawing);
