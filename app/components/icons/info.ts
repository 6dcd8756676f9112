import { Info as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Info = icon(drawing);
