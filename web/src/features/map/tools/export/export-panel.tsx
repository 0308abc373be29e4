import './export-tool.css';
import { DEFAULT_TIME_ZONE, formatDateTimeVi } from '@flood/domain';
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { MapToolProps } from '../../../../map-kit/tools/map-tool';
import { exportFileName } from './export-file-name';

/** On <html> while the map is laid out as a landscape page (print preview, then the browser's print). */
const PRINT_CLASS = 'map-printing';
/** Only on the map page: a landscape page with small margins (an @page rule cannot be scoped by a selector). */
const PAGE_RULE = '@page { size: A4 landscape; margin: 8mm; }';

type Job = 'print' | 'png' | 'pdf';

export interface ExportPanelProps extends MapToolProps {
  /** The map's legend, always open (drawn into the image, printed beside the map). */
  legend: ReactNode;
  /** The time of the data the map shows now (public-portal §2), null when unknown. */
  dataTime: () => Date | null;
  open: boolean;
  setOpen: (open: boolean | ((o: boolean) => boolean)) => void;
  /** Tells the button that a print or an export is under way (it shows a spinner and waits). */
  setBusy: (busy: boolean) => void;
  /** Toasts (antd's App, from the page: this chunk imports no antd code). */
  notify: { error: (text: string) => void; warning: (text: string) => void };
  /** The element around the tool's button: the menu belongs to it (outside clicks, focus). */
  anchor: RefObject<HTMLDivElement | null>;
}

/**
 * The print and export menu and what it does, loaded when the button is first pressed: print the map on a
 * landscape page, or save it as a PNG image or an A4 landscape PDF, each with the title 'Cảnh báo lũ', the
 * legend and the time of the data shown.
 */
export default function ExportPanel(props: ExportPanelProps) {
  const { map, active, resetSignal, legend, open, setOpen, setBusy, anchor, notify } = props;
  const dataTimeOf = useRef(props.dataTime);
  dataTimeOf.current = props.dataTime;
  const dataTime = useCallback(() => dataTimeOf.current(), []);
  const { t } = useTranslation();
  const [job, setJob] = useState<Job | null>(null);
  /** The title, time line and legend: laid out on the page while printing, kept off screen while exporting. */
  const [sheet, setSheet] = useState<{ mode: 'print' | 'export'; timeLine: string } | null>(null);
  const legendBox = useRef<HTMLDivElement>(null);
  const printing = useRef(false);
  const menuId = useId();

  const timeLineOf = useCallback(
    (at: Date | null) =>
      at
        ? t('map.exportMap.dataTime', { time: formatDateTimeVi(at, DEFAULT_TIME_ZONE) })
        : t('map.exportMap.noDataTime'),
    [t],
  );

  const enterPrint = useCallback(() => {
    printing.current = true;
    const timeLine = timeLineOf(dataTime());
    flushSync(() => setSheet({ mode: 'print', timeLine }));
    document.documentElement.classList.add(PRINT_CLASS);
    map?.invalidateSize();
  }, [map, dataTime, timeLineOf]);

  const leavePrint = useCallback(() => {
    if (!printing.current) return;
    printing.current = false;
    document.documentElement.classList.remove(PRINT_CLASS);
    setSheet(null);
    map?.invalidateSize();
  }, [map]);

  // The browser's own print (Ctrl+P) gets the same page; the page comes back after printing.
  useEffect(() => {
    const before = () => {
      if (!printing.current) enterPrint();
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', leavePrint);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', leavePrint);
    };
  }, [enterPrint, leavePrint]);
  useEffect(() => () => document.documentElement.classList.remove(PRINT_CLASS), []);

  // 'Làm mới bản đồ' closes the menu and the print layout; another tool's mode closes the menu.
  const lastReset = useRef(resetSignal);
  useEffect(() => {
    if (lastReset.current === resetSignal) return;
    lastReset.current = resetSignal;
    setOpen(false);
    leavePrint();
  }, [resetSignal, setOpen, leavePrint]);
  useEffect(() => {
    if (active !== null) setOpen(false);
  }, [active, setOpen]);
  useEffect(() => setBusy(job !== null), [job, setBusy]);

  // The button opens a menu: say so (ToolButton renders a plain antd Button).
  useEffect(() => {
    const button = anchor.current?.querySelector('button');
    button?.setAttribute('aria-haspopup', 'menu');
    button?.setAttribute('aria-expanded', String(open));
    if (open) button?.setAttribute('aria-controls', menuId);
    else button?.removeAttribute('aria-controls');
    if (open) anchor.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open, menuId, anchor]);

  // A click or tap outside closes the menu.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!anchor.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, setOpen, anchor]);

  const closeMenu = () => {
    setOpen(false);
    anchor.current?.querySelector('button')?.focus();
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const move: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 };
    if (e.key === 'Escape') {
      e.preventDefault();
      closeMenu();
    } else if (e.key === 'Tab') {
      setOpen(false);
    } else if (e.key in move) {
      e.preventDefault();
      items[(move[e.key]! + items.length) % items.length]?.focus();
    }
  };

  async function print() {
    if (!map || job) return;
    closeMenu();
    setJob('print');
    try {
      enterPrint();
      const { whenTilesLoaded } = await import('../../../../map-kit/tools/export/export-actions');
      await whenTilesLoaded(map);
      window.print();
    } catch {
      leavePrint();
      notify.error(t('map.exportMap.failed'));
    } finally {
      setJob(null);
    }
  }

  async function exportAs(format: 'png' | 'pdf') {
    if (!map || job) return;
    closeMenu();
    setJob(format);
    const at = dataTime();
    const timeLine = timeLineOf(at);
    flushSync(() => setSheet({ mode: 'export', timeLine }));
    try {
      const { exportAndSave } = await import('../../../../map-kit/tools/export/export-actions');
      const { skippedTiles } = await exportAndSave(
        map,
        format,
        {
          title: t('map.exportMap.title'),
          legendElement: legendBox.current?.querySelector<HTMLElement>('.map-legend'),
          dataTime: timeLine,
          skippedNote: t('map.exportMap.tilesSkippedNote'),
        },
        exportFileName(at ?? new Date(), DEFAULT_TIME_ZONE, format),
      );
      if (skippedTiles > 0) notify.warning(t('map.exportMap.tilesSkipped'));
    } catch {
      notify.error(t('map.exportMap.failed'));
    } finally {
      setSheet(null);
      setJob(null);
    }
  }

  const page = map?.getContainer().closest('.map-page');
  return (
    <>
      <style>{PAGE_RULE}</style>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={t('map.exportMap.button')}
          className="map-export-menu"
          onKeyDown={onMenuKey}
          data-testid="map-export-menu"
        >
          <button type="button" role="menuitem" onClick={print} data-testid="map-export-print" disabled={job !== null}>
            {t('map.exportMap.print')}
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={() => exportAs('png')}
            data-testid="map-export-png"
            disabled={job !== null}
          >
            {t('map.exportMap.png')}
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={() => exportAs('pdf')}
            data-testid="map-export-pdf"
            disabled={job !== null}
          >
            {t('map.exportMap.pdf')}
          </button>
        </div>
      )}
      <div className="map-export-status" role="status" data-testid="map-export-status">
        {job && job !== 'print' ? t('map.exportMap.exporting') : ''}
      </div>
      {sheet &&
        page &&
        createPortal(
          <div className={`map-export-sheet map-export-sheet-${sheet.mode}`} inert={sheet.mode === 'export'}>
            <header className="map-print-header" data-testid="map-print-header">
              <p className="map-print-title">{t('map.exportMap.title')}</p>
              <p className="map-print-time">{sheet.timeLine}</p>
              <button type="button" className="map-print-close" onClick={leavePrint} data-testid="map-print-close">
                {t('map.exportMap.closePrint')}
              </button>
            </header>
            <div className="map-print-legend" ref={legendBox}>
              {legend}
            </div>
          </div>,
          page,
        )}
    </>
  );
}
