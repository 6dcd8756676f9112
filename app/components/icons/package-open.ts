import { PackageOpen as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const PackageOpen = icon(drawing);
