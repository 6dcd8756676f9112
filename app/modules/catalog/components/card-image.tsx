import { imageSrcSet, imageUrl, type ImageWidth } from "~/lib/image-url";

/**
 * A 4:3 card picture from an image key, with every stored width in srcset. Letterboxed on the
 * card's background (object-contain), never cropped: a photo of any shape keeps its whole
 * subject. Lazily loaded, unless `priority`: the first cards of a list are the page's largest
 * paint on a phone.
 */
export function CardImage({
  imageKey,
  width,
  sizes,
  priority = false,
}: {
  imageKey: string | undefined;
  width: ImageWidth;
  sizes: string;
  priority?: boolean;
}) {
  if (!imageKey) return null;
  return (
    <img
      src={imageUrl(imageKey, width)}
      srcSet={imageSrcSet(imageKey)}
      sizes={sizes}
      alt=""
      width={width}
      height={(width * 3) / 4}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className="h-full w-full object-contain"
    />
  );
}
