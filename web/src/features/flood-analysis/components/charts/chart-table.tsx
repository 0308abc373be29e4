import { useTranslation } from 'react-i18next';

export interface ChartTableProps {
  /** What the table says (the chart's name): the table's caption. */
  caption: string;
  head: readonly string[];
  /** Each row: its heading cell first, then the values. */
  rows: readonly (readonly string[])[];
  'data-testid'?: string;
}

/** The text alternative of a chart: a small table behind 'Xem dạng bảng' (the canvas itself says nothing). */
export function ChartTable({ caption, head, rows, 'data-testid': testId }: ChartTableProps) {
  const { t } = useTranslation();
  return (
    <details className="flood-chart-table" data-testid={testId}>
      <summary>{t('floodAnalysis.chartTable')}</summary>
      <div className="flood-chart-table-scroll">
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([first, ...rest], i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional (days, measures)
              <tr key={i}>
                <th scope="row">{first}</th>
                {rest.map((cell, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  <td key={j}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
