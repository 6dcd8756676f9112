import { Eye as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Eye = icon(drawing);
