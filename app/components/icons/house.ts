import { House as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const House = icon(drawing);
