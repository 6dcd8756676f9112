import { MailCheck as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const MailCheck = icon(drawing);
