import { useCallback, useState } from 'react';

/**
 * The edit dialog of a back-office table: which row it edits (null = a new one) and whether it is open.
 * `seq` changes on every opening, so keying the dialog with it gives a fresh form each time.
 */
export function useRowEditor<T>() {
  const [editing, setEditing] = useState<{ item: T | null; seq: number } | null>(null);
  const [isOpen, setOpen] = useState(false);
  const open = useCallback((item: T | null) => {
    setEditing((prev) => ({ item, seq: (prev?.seq ?? 0) + 1 }));
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { editing, isOpen, open, close };
}
