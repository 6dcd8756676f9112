import { History as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const History = icon(drawing);
