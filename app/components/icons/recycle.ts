import { Recycle as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Recycle = icon(drawing);
