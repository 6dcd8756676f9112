import { LogOut as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const LogOut = icon(drawing);
