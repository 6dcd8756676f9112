import { RefreshCw as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const RefreshCw = icon(drawing);
