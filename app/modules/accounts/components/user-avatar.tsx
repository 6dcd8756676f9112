import { useEffect, useRef, useState } from "react";
import { cn, initialsOf } from "~/lib/utils";
import { avatarImageSrc } from "~/modules/reviews";

/**
 * The user's picture when it is a same-site image, else (and when the picture cannot be
 * loaded) their initials (spec §2: from the full name, else the e-mail, else EM).
 */
export function UserAvatar({
  name,
  email,
  image,
  size = 36,
  className,
}: {
  name: string;
  email: string;
  image: string | null;
  /** Width and height in CSS pixels. */
  size?: number;
  className?: string;
}) {
  const src = avatarImageSrc(image);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // A picture that failed before hydration fired its error event before React listened.
    const img = imgRef.current;
    if (img && img.complete && img.naturalWidth === 0) setFailedSrc(img.getAttribute("src"));
  }, [src]);

  const base = cn("shrink-0 rounded-full", className);
  const style = { width: size, height: size };
  if (src && failedSrc !== src) {
    return (
      <img
        ref={imgRef}
        src={src}
        alt=""
        width={size}
        height={size}
        style={style}
        onError={() => setFailedSrc(src)}
        className={cn(base, "object-cover")}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: Math.max(12, Math.round(size / 3)) }}
      className={cn(
        base,
        "inline-flex items-center justify-center bg-brand-100 font-semibold text-brand-800",
      )}
    >
      {initialsOf(name, email)}
    </span>
  );
}
