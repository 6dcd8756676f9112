import { Construction as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Construction = icon(drawing);
