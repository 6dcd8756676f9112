import { LogIn as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const LogIn = icon(drawing);
