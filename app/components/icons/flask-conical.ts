import { FlaskConical as drawing } from "lucide";
import { icon } from "~/components/ui/icons";

export const FlaskConical = icon(drawing);
