import type { Route } from "./+types/content";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { ContentPageList } from "~/modules/content/components/content-page-list";
import { listContentPageRows } from "~/modules/content/page-content.server";

export const meta: Route.MetaFunction = adminMeta("Contenido");

/** The page selector (spec §2): every editable page, and when it was last edited. */
export async function loader() {
  return { pages: await listContentPageRows() };
}

export default function AdminContentPage({ loaderData }: Route.ComponentProps) {
  const { pages } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Contenido"
        description="Elige una página para editar los textos de sus secciones. Los cambios se publican al guardar."
      />
      <ContentPageList
        id="paginas-principales"
        title="Páginas principales"
        pages={pages.filter((page) => page.group === "main")}
      />
      <ContentPageList
        id="paginas-informativas"
        title="Páginas informativas"
        pages={pages.filter((page) => page.group === "info")}
      />
    </>
  );
}
