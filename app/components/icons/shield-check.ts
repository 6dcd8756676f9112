import { ShieldCheck as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const ShieldCheck = icon(drawing);
