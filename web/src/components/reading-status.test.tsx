import type { StationReading } from '@flood/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-app';
import { readingMark } from './reading-colours';
import { LatestReading, ReadingStatusTag } from './reading-status';

const reading = (over: Partial<StationReading>): StationReading => ({
  stationId: 24,
  stationCode: 'F01024',
  stationName: 'Cầu Ba Chẽ',
  kind: 'water',
  lat: 21.27,
  long: 107.29,
  value: 55,
  observedAt: '2026-11-23T00:30:00.000Z',
  date: '23/11/2026',
  hour: '07',
  status: 'level2',
  statusLabel: 'Cấp II',
  disconnected: false,
  warningLevel1: 30,
  warningLevel2: 50,
  warningLevel3: 70,
  quality: 'good',
  ...over,
});

const view = (r: StationReading) =>
  renderWithProviders(
    <>
      <LatestReading reading={r} />
      <ReadingStatusTag reading={r} />
    </>,
  );

describe('a latest value and its status, marked (#22)', () => {
  it('marks only a value not confirmed yet or doubted', () => {
    expect(readingMark(reading({ quality: 'unconfirmed' }))).toBe('unconfirmed');
    expect(readingMark(reading({ quality: 'suspect' }))).toBe('suspect');
    expect(readingMark(reading({ quality: 'good' }))).toBeNull();
    expect(readingMark(reading({ quality: null }))).toBeNull();
    expect(readingMark(reading({ quality: 'suspect', value: null }))).toBeNull();
  });

  it("an unconfirmed level keeps its colour, dashed, with 'chưa xác nhận' beside it", () => {
    view(reading({ quality: 'unconfirmed' }));
    const status = screen.getByTestId('status-F01024');
    expect(status.textContent).toBe('Cấp II');
    expect(status.style.background).toBe('rgb(251, 140, 0)');
    expect(status.style.borderStyle).toBe('dashed');
    const mark = screen.getByTestId('status-mark-F01024');
    expect(mark.textContent).toBe('chưa xác nhận');
    expect(mark.getAttribute('title')).toContain('chờ lần đo sau xác nhận');
    expect(screen.getByTestId('latest-F01024').textContent).toContain('0,55 m chưa xác nhận');
  });

  it("a suspect value says 'nghi ngờ'", () => {
    view(reading({ quality: 'suspect', value: 900, status: 'level3', statusLabel: 'Cấp III' }));
    expect(screen.getByTestId('status-mark-F01024').textContent).toBe('nghi ngờ');
    expect(screen.getByTestId('latest-F01024').textContent).toContain('9,00 m nghi ngờ');
    expect(screen.getByTestId('latest-F01024').getAttribute('data-mark')).toBe('suspect');
  });

  it('a confirmed value has a plain solid tag and no mark', () => {
    view(reading({ quality: 'good' }));
    expect(screen.getByTestId('status-F01024').style.borderStyle).toBe('');
    expect(screen.queryByTestId('status-mark-F01024')).toBeNull();
    expect(screen.getByTestId('latest-F01024').textContent).not.toMatch(/xác nhận|nghi ngờ/);
  });
});

describe('a status tag beside a value that already says the word', () => {
  it('keeps the dashed outline and says the word on hover, not twice on the row', () => {
    renderWithProviders(<ReadingStatusTag reading={reading({ quality: 'unconfirmed' })} markWord={false} />);
    const tag = screen.getByTestId('status-F01024');
    expect(tag.getAttribute('title')).toBe('chưa xác nhận');
    expect(tag.style.borderStyle).toBe('dashed');
    expect(screen.queryByTestId('status-mark-F01024')).toBeNull();
  });
});
