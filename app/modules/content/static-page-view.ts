/** A static page as the public sees it (built by static-page.server.ts). Browser-safe. */
import type { RichBlock } from "./rich-text";

export interface StaticPageView {
  key: string;
  title: string;
  description: string;
  /** null: none, or it needs data that is not there yet. */
  intro: string | null;
  sections: {
    id: string;
    heading: string;
    blocks: RichBlock[];
    /** Some of its text was left out until the company data is saved. */
    incomplete: boolean;
  }[];
  links: { label: string; to: string }[];
  /** Something was left out: the page says the information is being completed. */
  incomplete: boolean;
}
