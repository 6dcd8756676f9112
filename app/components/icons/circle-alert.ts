import { CircleAlert as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const CircleAlert = icon(drawing);
