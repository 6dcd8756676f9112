import { Check as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Check = icon(drawing);
