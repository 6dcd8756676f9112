import { Lock as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Lock = icon(drawing);
