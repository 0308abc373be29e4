import { act, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useMapTurn } from './use-map-turn';

/**
 * Stands for a layer: logs when it is added (its effect, as react-leaflet adds a layer in its effect) and which
 * layers were in the page then.
 */
function Layer({ name, log }: { name: string; log: string[] }) {
  useEffect(() => {
    const shown = [...document.querySelectorAll('[data-layer]')].map((e) => e.getAttribute('data-layer'));
    log.push(`${name} added (${shown.join(' ')})`);
  }, [name, log]);
  return <span data-layer={name} />;
}

function Gated({ name, log, wanted = true }: { name: string; log: string[]; wanted?: boolean }) {
  const turn = useMapTurn(wanted);
  return turn ? <Layer name={name} log={log} /> : null;
}

describe('a layer drawn in its turn of the map (#25, point 3)', () => {
  it('draws nothing until its turn, and each layer in a commit of its own, in order', async () => {
    const log: string[] = [];
    const { container } = render(
      <>
        <Gated name="regions" log={log} />
        <Gated name="offices" log={log} />
        <Gated name="labels" log={log} />
      </>,
    );
    // The first commit draws none of them.
    expect(container.querySelector('[data-layer]')).toBeNull();
    await waitFor(() => expect(log).toHaveLength(3));
    // When a layer was added, the next was not yet in the page: one layer per commit (map-turns.ts puts each
    // granted turn in a task of its own: map-turns.isolated.test.ts).
    expect(log).toEqual([
      'regions added (regions)',
      'offices added (regions offices)',
      'labels added (regions offices labels)',
    ]);
  });

  it('asks for its turn only once wanted (its data is there)', async () => {
    const log: string[] = [];
    const { rerender } = render(<Gated name="roads" log={log} wanted={false} />);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 30));
    });
    expect(log).toEqual([]);
    rerender(<Gated name="roads" log={log} wanted />);
    await waitFor(() => expect(log).toEqual(['roads added (roads)']));
  });

  it('a layer removed while waiting or holding its turn does not hold the others', async () => {
    const log: string[] = [];
    const { rerender } = render(
      <>
        <Gated key="a" name="a" log={log} />
        <Gated key="b" name="b" log={log} />
      </>,
    );
    rerender(<Gated key="b" name="b" log={log} />);
    await waitFor(() => expect(log).toEqual(['b added (b)']));
  });
});
