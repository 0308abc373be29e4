import { useState } from 'react';
import { usePicturesShown } from '../../../../lib/data-saver';

interface NewsImageProps {
  src: string | null;
  fallback: string;
  className: string;
  /** Above the fold: fetched at once with high priority (the page's largest picture), not when scrolled to. */
  eager?: boolean;
}

/** A decorative card picture (the title next to it names the card) that falls back when missing or broken. */
export function NewsImage({ src, fallback, className, eager = false }: NewsImageProps) {
  const [broken, setBroken] = useState<string | null>(null);
  // Saving data (#25): the fallback (drawn in the page, nothing fetched) until the visitor asks for pictures.
  const shown = usePicturesShown();
  const url = shown && src && broken !== src ? src : fallback;
  return (
    <img
      className={className}
      src={url}
      alt=""
      width={320}
      height={180}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      onError={() => src && setBroken(src)}
    />
  );
}
