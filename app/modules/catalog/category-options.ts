/** A main category with its subcategories, for the category/subcategory selects of admin forms. */
export interface CategoryOption {
  id: number;
  name: string;
  subcategories: { id: number; name: string }[];
}
