import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testAlert as alert } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import AlertToastHolder from './alert-toast-holder';

const toasts = () => document.querySelectorAll('.map-alert-toast');

describe('the map warning toasts holder (loaded when the first toast is due, #25 point 3)', () => {
  it('shows each alert and level once, the batches that came while it loaded too, most severe on top, at most 3', async () => {
    const onShow = vi.fn();
    // Two batches gathered while the holder's chunk was on its way: the most severe first, 3 at most.
    const due = [alert(1, 1), alert(2, 3), alert(3, 1), alert(4, 2)];
    const view = renderWithProviders(<AlertToastHolder alerts={due} onShowStation={onShow} />);
    await waitFor(() => expect(toasts()).toHaveLength(3));
    const codes = [...toasts()].map((t) => t.getAttribute('data-testid'));
    expect(codes[0]).toBe('map-alert-toast-F01022');
    expect(codes).not.toContain('map-alert-toast-F01023');
    // A later batch: only the new alert; the ones shown or passed over are not shown again.
    view.rerender(<AlertToastHolder alerts={[...due, alert(5, 2)]} onShowStation={onShow} />);
    await waitFor(() => expect(screen.getAllByTestId('map-alert-toast-F01025')).toHaveLength(1));
    expect(document.querySelectorAll('[data-testid="map-alert-toast-F01023"]')).toHaveLength(0);
  });
});
