import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../lib/i18n';
import { DataSaverNotice, savingData, usePicturesShown } from './data-saver';

const nav = (connection: unknown) => ({ connection }) as unknown as Navigator;

describe('saving data (#25)', () => {
  afterEach(() => {
    sessionStorage.clear();
    Reflect.deleteProperty(navigator, 'connection');
  });

  it('is on with Save-Data or a 2G/3G connection, off on 4G or when the browser says nothing', () => {
    expect(savingData(nav({ saveData: true, effectiveType: '4g' }))).toBe(true);
    expect(savingData(nav({ saveData: false, effectiveType: '2g' }))).toBe(true);
    expect(savingData(nav({ effectiveType: 'slow-2g' }))).toBe(true);
    expect(savingData(nav({ effectiveType: '3g' }))).toBe(true);
    expect(savingData(nav({ saveData: false, effectiveType: '4g' }))).toBe(false);
    expect(savingData(nav(undefined))).toBe(false);
    expect(savingData(undefined)).toBe(false);
  });

  it('holds pictures back until the visitor asks, then shows them for the rest of the visit', async () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    function Probe() {
      return <span data-testid="shown">{String(usePicturesShown())}</span>;
    }
    render(
      <>
        <DataSaverNotice />
        <Probe />
      </>,
    );
    expect(screen.getByTestId('shown').textContent).toBe('false');
    expect(screen.getByTestId('data-saver-notice').textContent).toContain('Đang tiết kiệm dữ liệu');
    await act(async () => screen.getByTestId('show-pictures').click());
    expect(screen.getByTestId('shown').textContent).toBe('true');
    expect(screen.queryByTestId('data-saver-notice')).toBeNull();
    expect(sessionStorage.getItem('flood.pictures')).toBe('on');
  });
});
