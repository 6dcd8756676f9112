import { ImageOff } from "~/components/icons/image-off";
import { imageSrcSet, imageUrl } from "~/lib/image-url";

const MAIN_SIZES = "(min-width: 1152px) 536px, (min-width: 768px) 50vw, 100vw";
const THUMB_SIZES = "(min-width: 768px) 100px, 20vw";
const mainImageClass = "aspect-[4/3] w-full rounded-xl bg-slate-100 object-contain";

/**
 * The product's pictures: one large image and, when there are several, a row of thumbnails
 * that choose which one is shown. The thumbnails are the labels of a radio group and CSS
 * shows the image whose radio is checked, so it works without JavaScript and with the
 * keyboard (Tab to the group, arrow keys to move).
 */
export function ProductGallery({
  productId,
  name,
  imageKeys,
}: {
  productId: number;
  name: string;
  imageKeys: string[];
}) {
  const count = imageKeys.length;
  if (count === 0) {
    return (
      <div
        className={`${mainImageClass} flex flex-col items-center justify-center gap-2 text-slate-500`}
      >
        <ImageOff aria-hidden="true" className="size-10" />
        <p className="text-sm">Sin imagen</p>
      </div>
    );
  }
  const mainImage = (key: string, index: number, className: string) => (
    <img
      src={imageUrl(key, 1200)}
      srcSet={imageSrcSet(key)}
      sizes={MAIN_SIZES}
      alt={index === 0 ? name : `${name} (imagen ${index + 1} de ${count})`}
      width={1200}
      height={900}
      loading={index === 0 ? "eager" : "lazy"}
      fetchPriority={index === 0 ? "high" : "auto"}
      decoding="async"
      className={className}
    />
  );
  if (count === 1) return mainImage(imageKeys[0]!, 0, mainImageClass);

  return (
    <fieldset className="grid grid-cols-5 content-start gap-2 sm:gap-3">
      <legend className="sr-only">Imágenes del producto</legend>
      {imageKeys.map((key, index) => {
        const id = `imagen-${productId}-${index + 1}`;
        return (
          // `contents`: the radio, its large image and its thumbnail are siblings (for the
          // `peer-checked` selectors) while being laid out by the gallery's grid.
          <div key={key} className="contents">
            <input
              type="radio"
              id={id}
              name={`galeria-${productId}`}
              defaultChecked={index === 0}
              className="peer sr-only"
            />
            {mainImage(
              key,
              index,
              `${mainImageClass} invisible col-span-full col-start-1 row-start-1 peer-checked:visible`,
            )}
            <label
              htmlFor={id}
              className="cursor-pointer overflow-hidden rounded-lg opacity-80 ring-1 ring-slate-200 transition hover:opacity-100 peer-checked:opacity-100 peer-checked:ring-2 peer-checked:ring-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
            >
              <img
                src={imageUrl(key, 320)}
                srcSet={imageSrcSet(key)}
                sizes={THUMB_SIZES}
                alt={`Ver imagen ${index + 1} de ${count}`}
                width={320}
                height={240}
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] w-full bg-slate-100 object-contain"
              />
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
