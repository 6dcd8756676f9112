import { LayoutDashboard as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const LayoutDashboard = icon(drawing);
