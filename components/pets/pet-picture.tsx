import type { PetPhoto } from "@/lib/pets/schemas";

/**
 * A stored photo as a <picture>: AVIF, then WebP, then JPEG, each with every stored width,
 * so the browser takes the smallest copy that fills `sizes`. Width and height are set from
 * the photo, so its box is reserved before a byte arrives (no layout shift); photos below
 * the fold wait to be scrolled near (`lazy`), the first one is asked for at once.
 */
export function PetPicture({
  photo,
  sizes,
  lazy,
  className,
}: {
  photo: PetPhoto;
  /** The rendered width, as the `sizes` attribute says it: "96px", "(min-width: 768px) 42rem, 100vw". */
  sizes: string;
  lazy: boolean;
  className?: string;
}) {
  return (
    <picture>
      <source type="image/avif" srcSet={photo.srcset.avif} sizes={sizes} />
      <source type="image/webp" srcSet={photo.srcset.webp} sizes={sizes} />
      <img
        src={photo.medium}
        srcSet={photo.srcset.jpeg}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={photo.alt}
        loading={lazy ? "lazy" : "eager"}
        decoding="async"
        fetchPriority={lazy ? "auto" : "high"}
        className={className}
      />
    </picture>
  );
}
