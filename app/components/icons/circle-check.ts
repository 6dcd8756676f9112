import { CircleCheck as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const CircleCheck = icon(drawing);
