import { FALLBACK_AIRPORT_IMAGE } from "~/domain/airports";

/**
 * An airport picture. Should it fail to load, the price pages' script (public/js/price-pages.js)
 * shows the generic Paris airports image named by `data-fallback-src`.
 */
export function AirportImage({ src, alt, lazy = false }: { src: string; alt: string; lazy?: boolean }) {
  return (
    <img
      className="airport-image"
      src={src}
      data-fallback-src={FALLBACK_AIRPORT_IMAGE}
      alt={alt}
      width={800}
      height={450}
      loading={lazy ? "lazy" : "eager"}
      // Above the fold it is the page's largest paint: fetched first and shown in the first frame
      // that can show it, not decoded aside for a later one.
      fetchPriority={lazy ? undefined : "high"}
      decoding={lazy ? "async" : undefined}
    />
  );
}
