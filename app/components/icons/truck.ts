import { Truck as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Truck = icon(drawing);
