import { Inbox as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const Inbox = icon(drawing);
