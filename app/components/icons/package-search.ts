import { PackageSearch as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const PackageSearch = icon(drawing);
