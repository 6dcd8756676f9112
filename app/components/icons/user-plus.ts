import { UserPlus as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const UserPlus = icon(drawing);
