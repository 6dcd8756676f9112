import { TriangleAlert as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const TriangleAlert = icon(drawing);
