import { FileImageOutlined, FilePdfOutlined, LoadingOutlined } from '@ant-design/icons';
import { DEFAULT_TIME_ZONE, wallClock } from '@flood/domain';
import { App } from 'antd';
import type { Map as LeafletMap } from 'leaflet';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../../../../map-kit/components/tool-button';
import { AnalysisLegend } from './analysis-legend';

type Format = 'png' | 'pdf';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'ban-do-phan-tich-lu-YYYYMMDD-HHmm.pdf' on the district's clock at the moment of the export. */
export function analysisExportFileName(at: Date, format: Format, timeZone: string = DEFAULT_TIME_ZONE): string {
  const w = wallClock(at, timeZone);
  return `ban-do-phan-tich-lu-${w.year}${pad(w.month)}${pad(w.day)}-${pad(w.hour)}${pad(w.minute)}.${format}`;
}

/**
 * The two export buttons of the analysis map (back-office §2.13 "buttons to export the map as image or
 * PDF"): the public map's sheet (map-kit/tools/export: title, data line, legend on the right, credits) with the
 * title 'Bản đồ phân tích lũ' and the chosen layer as its data line. The drawing code loads on first use.
 */
export function AnalysisExport({ map, dataLine }: { map: LeafletMap | null; dataLine: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [job, setJob] = useState<Format | null>(null);
  const legendBox = useRef<HTMLDivElement>(null);

  async function run(format: Format) {
    if (!map || job) return;
    // The legend is drawn always open, from a copy laid out off screen while the export runs.
    flushSync(() => setJob(format));
    try {
      const { exportAndSave } = await import('../../../../map-kit/tools/export/export-actions');
      const { skippedTiles } = await exportAndSave(
        map,
        format,
        {
          title: t('floodAnalysisMap.exportTitle'),
          legendElement: legendBox.current?.querySelector<HTMLElement>('.map-legend'),
          dataTime: dataLine,
          skippedNote: t('map.exportMap.tilesSkippedNote'),
        },
        analysisExportFileName(new Date(), format),
      );
      if (skippedTiles > 0) void message.warning(t('map.exportMap.tilesSkipped'));
    } catch {
      void message.error(t('map.exportMap.failed'));
    } finally {
      setJob(null);
    }
  }

  return (
    <>
      <ToolButton
        label={t('floodAnalysisMap.exportPng')}
        icon={job === 'png' ? <LoadingOutlined /> : <FileImageOutlined />}
        onClick={() => void run('png')}
        testId="analysis-export-png"
        disabled={!map || job !== null}
      />
      <ToolButton
        label={t('floodAnalysisMap.exportPdf')}
        icon={job === 'pdf' ? <LoadingOutlined /> : <FilePdfOutlined />}
        onClick={() => void run('pdf')}
        testId="analysis-export-pdf"
        disabled={!map || job !== null}
      />
      <div className="visually-hidden" role="status" data-testid="analysis-export-status">
        {job ? t('map.exportMap.exporting') : ''}
      </div>
      {job && (
        <div className="analysis-export-legend" ref={legendBox} inert aria-hidden>
          <AnalysisLegend sheet />
        </div>
      )}
    </>
  );
}
