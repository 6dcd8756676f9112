/**
 * Editable page content (spec §3): which pages the admin can edit at
 * /admin/contenido/{pageName}, their sections and each section's named fields, with the texts
 * the public pages show when nothing has been saved. Pure data, browser-safe.
 *
 * Saved values live in page_contents (one row per page and section); a section that was never
 * saved shows these defaults. Adding a field or section here needs no migration.
 */
import { slugify } from "~/lib/slug";
import { getStaticPage, STATIC_PAGE_PATHS, type StaticPagePath } from "./static-pages";

/** The named fields of spec §3. */
export const CONTENT_FIELDS = [
  "title",
  "subtitle",
  "ctaButtonText",
  "sectionTitle",
  "description",
  "brandName",
  "brandLogoText",
  "imageUrl",
  "linkUrl",
  "fullText",
] as const;

export type ContentField = (typeof CONTENT_FIELDS)[number];

export const CONTENT_FIELD_LABELS: Record<ContentField, string> = {
  title: "Título",
  subtitle: "Subtítulo",
  ctaButtonText: "Texto del botón",
  sectionTitle: "Título de la sección",
  description: "Descripción",
  brandName: "Nombre de la marca",
  brandLogoText: "Texto del logotipo",
  imageUrl: "URL de la imagen",
  linkUrl: "URL del enlace",
  fullText: "Texto completo",
};

/** How each field is edited and checked. */
export const CONTENT_FIELD_KINDS: Record<ContentField, "short" | "text" | "url" | "rich"> = {
  title: "short",
  subtitle: "text",
  ctaButtonText: "short",
  sectionTitle: "short",
  description: "text",
  brandName: "short",
  brandLogoText: "short",
  imageUrl: "url",
  linkUrl: "url",
  fullText: "rich",
};

/** A section's field values (only the fields the section has). */
export type SectionFields = Partial<Record<ContentField, string>>;

export interface SectionDefinition {
  /** Stable key (page_contents.section) and the editor's anchor: /admin/contenido/home#hero. */
  id: string;
  /** Spanish name shown in the editor and in the edit buttons. */
  label: string;
  /** The section's fields and what the public page shows when nothing is saved. */
  defaults: SectionFields;
  /** Fields that may not be left empty. */
  required?: ContentField[];
  /** One line for the editor: where the section appears. */
  hint?: string;
}

export interface PageDefinition {
  /** Stable key (page_contents.page) and the editor's URL: /admin/contenido/{key}. */
  key: string;
  label: string;
  /** The public page showing this content. */
  path: string;
  group: "main" | "info";
  sections: SectionDefinition[];
}

const MAIN_PAGES: PageDefinition[] = [
  {
    key: "home",
    label: "Inicio",
    path: "/",
    group: "main",
    sections: [
      {
        id: "hero",
        label: "Portada",
        hint: "La cabecera de la página de inicio. El botón «Novedades» se mantiene siempre.",
        required: ["title"],
        defaults: {
          title: "Tecnología, hogar y mucho más, nuevo o con segunda vida",
          subtitle:
            "Productos nuevos, usados y reacondicionados con garantía, un marketplace de segunda mano y servicios de confianza.",
          ctaButtonText: "Ver productos",
          linkUrl: "/productos",
          imageUrl: "",
        },
      },
      {
        id: "categorias",
        label: "Categorías principales",
        required: ["sectionTitle"],
        defaults: { sectionTitle: "Categorías principales" },
      },
      {
        id: "novedades",
        label: "Novedades",
        required: ["sectionTitle"],
        defaults: { sectionTitle: "Novedades", ctaButtonText: "Ver todas las novedades" },
      },
      {
        id: "resenas",
        label: "Reseñas de clientes",
        required: ["sectionTitle"],
        defaults: {
          sectionTitle: "Lo que dicen nuestros clientes",
          ctaButtonText: "Ver todas las reseñas",
        },
      },
      {
        id: "ofertas",
        label: "Ofertas",
        required: ["title"],
        defaults: {
          title: "Ofertas de la semana",
          description: "Precios rebajados en tecnología, hogar y deporte mientras haya stock.",
          ctaButtonText: "Ver rebajas",
          linkUrl: "/rebajas",
        },
      },
    ],
  },
  {
    key: "products",
    label: "Productos",
    path: "/productos",
    group: "main",
    sections: [
      {
        id: "cabecera",
        label: "Lista de categorías",
        hint: "La cabecera de /productos (Nuestros Productos).",
        required: ["title"],
        defaults: {
          title: "Nuestros Productos",
          subtitle: "Elige una categoría para ver sus productos.",
        },
      },
      {
        id: "todos",
        label: "Todos los productos",
        hint: "La cabecera de /productos/todos (sin búsqueda).",
        required: ["title"],
        defaults: { title: "Todos los productos", description: "Todo el catálogo de la tienda." },
      },
    ],
  },
  {
    key: "productos-electronica",
    label: "Productos · Electrónica",
    path: "/productos/electronica",
    group: "main",
    sections: [
      {
        id: "cabecera",
        label: "Cabecera",
        hint: "Mientras no se guarde, la página muestra el nombre y la descripción de la categoría.",
        required: ["title"],
        // Replaced by the category's own name and description (ELECTRONICS_CATEGORY_SLUG).
        defaults: { title: "Electrónica", description: "" },
      },
    ],
  },
  {
    key: "reviews",
    label: "Reseñas",
    path: "/reseñas",
    group: "main",
    sections: [
      {
        id: "cabecera",
        label: "Cabecera",
        required: ["title"],
        defaults: {
          title: "Opiniones de clientes",
          subtitle: "Lo que opinan de la tienda y de sus productos las personas registradas.",
        },
      },
    ],
  },
];

/** The content page of the electronics category's list, and that category. */
export const ELECTRONICS_PAGE_KEY = "productos-electronica";
export const ELECTRONICS_CATEGORY_SLUG = "electronica";

/** The company data a static page's text can name (content/legal-placeholders.ts). */
const PLACEHOLDER_HINT =
  "[Razón social], [NIF], [Dirección], [Datos registrales] y [Correo electrónico] se rellenan con los datos de Configuración; un párrafo con un dato que falte no se publica hasta que lo completes.";

/** A static page's sections: its header, one per text section, and its first call to action. */
function staticPageDefinition(path: StaticPagePath): PageDefinition {
  const page = getStaticPage(path)!;
  const sections: SectionDefinition[] = [
    {
      id: "cabecera",
      label: "Cabecera",
      hint: "El subtítulo es la entradilla; la descripción es la que ven los buscadores.",
      required: ["title"],
      defaults: { title: page.title, subtitle: page.intro, description: page.description },
    },
    ...page.sections.map((section): SectionDefinition => ({
      id: staticSectionId(section),
      label: section.heading,
      hint: PLACEHOLDER_HINT,
      required: ["sectionTitle"],
      defaults: { sectionTitle: section.heading, fullText: section.paragraphs.join("\n\n") },
    })),
  ];
  const link = page.links?.[0];
  if (link) {
    sections.push({
      id: "enlace",
      label: "Botón final",
      hint: "El botón al final de la página. Sin texto, no se muestra.",
      defaults: { ctaButtonText: link.label, linkUrl: link.to },
    });
  }
  return { key: path, label: page.title, path: `/${path}`, group: "info", sections };
}

/** The anchor of a static page's section (kept: /necesitas-ayuda#faq is linked from the footer). */
export function staticSectionId(section: { id?: string; heading: string }): string {
  return section.id ?? slugify(section.heading);
}

export const CONTENT_PAGES: readonly PageDefinition[] = [
  ...MAIN_PAGES,
  // The aviso legal first among the information pages, as in spec §2's page selector.
  staticPageDefinition("aviso-legal"),
  ...STATIC_PAGE_PATHS.filter((path) => path !== "aviso-legal").map(staticPageDefinition),
];

export function getContentPage(key: string): PageDefinition | undefined {
  return CONTENT_PAGES.find((page) => page.key === key);
}

export function getContentSection(
  page: PageDefinition,
  sectionId: string,
): SectionDefinition | undefined {
  return page.sections.find((section) => section.id === sectionId);
}

/** The fields a section has, in spec §3 order. */
export function sectionFieldNames(section: SectionDefinition): ContentField[] {
  return CONTENT_FIELDS.filter((field) => field in section.defaults);
}
