import { CircleX as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const CircleX = icon(drawing);
