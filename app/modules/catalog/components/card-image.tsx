import { imageSrcSet, imageUrl, type ImageWidth } from "~/lib/image-url";

/** A lazily loaded 4:3 card picture from an image key, with every stored width in srcset. */
export function CardImage({
  imageKey,
  width,
  sizes,
}: {
  imageKey: string | undefined;
  width: ImageWidth;
  sizes: string;
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
      loading="lazy"
      decoding="async"
      className="h-full w-full object-cover"
    />
  );
}
