import { VIEW_COUNT_DELAY_MS } from '@flood/domain';
import { useEffect, useRef, useState } from 'react';
import { fetchViewCount, registerView } from '../../api/news-api';

/**
 * Counts this reading (`POST /api/view`) and reads the count `VIEW_COUNT_DELAY_MS` later (`GET /api/view`),
 * as public-portal §7 says. One POST per item even when React runs the effect twice (development).
 */
export function useViewCount(newsId: number): number | null {
  const [count, setCount] = useState<number | null>(null);
  const registered = useRef<{ id: number; done: Promise<void> } | null>(null);

  useEffect(() => {
    setCount(null);
    if (registered.current?.id !== newsId) {
      registered.current = { id: newsId, done: registerView(newsId).catch(() => undefined) };
    }
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void registered.current.done.then(() => {
      if (cancelled) return;
      timer = setTimeout(() => {
        fetchViewCount(newsId)
          .then((v) => !cancelled && setCount(v.count))
          .catch(() => undefined);
      }, VIEW_COUNT_DELAY_MS);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [newsId]);

  return count;
}
