import { Undo2 as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Undo2 = icon(drawing);
