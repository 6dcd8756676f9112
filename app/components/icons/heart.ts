import { Heart as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Heart = icon(drawing);
