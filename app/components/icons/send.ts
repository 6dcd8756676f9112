import { Send as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Send = icon(drawing);
