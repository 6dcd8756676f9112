import { Wrench as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Wrench = icon(drawing);
