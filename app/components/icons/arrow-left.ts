import { ArrowLeft as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const ArrowLeft = icon(drawing);
