import { ExternalLink as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const ExternalLink = icon(drawing);
