export type { CategoryOption } from "~/components/admin/category-fields";
