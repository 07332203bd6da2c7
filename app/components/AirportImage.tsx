import { useEffect, useRef, useState } from "react";
import { FALLBACK_AIRPORT_IMAGE } from "~/domain/airports";

/** An airport picture that falls back to the generic Paris airports image if it fails to load. */
export function AirportImage({ src, alt, lazy = false }: { src: string; alt: string; lazy?: boolean }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  return (
    <img
      ref={ref}
      className="airport-image"
      src={failed ? FALLBACK_AIRPORT_IMAGE : src}
      alt={alt}
      width={800}
      height={450}
      loading={lazy ? "lazy" : "eager"}
      // Above the fold it is the page's largest paint: fetched first and shown in the first frame
      // that can show it, not decoded aside for a later one.
      fetchPriority={lazy ? undefined : "high"}
      decoding={lazy ? "async" : undefined}
      onError={() => setFailed(true)}
    />
  );
}
