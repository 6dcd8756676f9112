import { Save as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Save = icon(drawing);
