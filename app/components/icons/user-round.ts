import { UserRound as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const UserRound = icon(drawing);
