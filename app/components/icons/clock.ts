import { Clock as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Clock = icon(drawing);
