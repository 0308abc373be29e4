import './tool-panels.css';
import type { Map as LeafletMap } from 'leaflet';
import { type ReactNode, useMemo } from 'react';
import { createPortal } from 'react-dom';

/**
 * The corner of the map page where the tools' result panels stack (bottom right; the screen's width at the
 * bottom on phones). Created on first use beside the map; React never renders this element itself.
 */
function dockOf(map: LeafletMap): HTMLElement {
  const container = map.getContainer();
  const page = (container.closest('.map-page') as HTMLElement | null) ?? container.parentElement!;
  let dock = page.querySelector<HTMLElement>(':scope > .map-tool-dock');
  if (!dock) {
    dock = document.createElement('div');
    dock.className = 'map-tool-dock';
    page.appendChild(dock);
  }
  return dock;
}

export interface ToolPanelProps {
  map: LeafletMap;
  title: string;
  testId: string;
  /** Buttons beside the title (collapse, clear). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A result panel of a map tool (stations in a shape, a measure), over the map in the tools' corner. */
export function ToolPanel({ map, title, testId, actions, children }: ToolPanelProps) {
  const dock = useMemo(() => dockOf(map), [map]);
  return createPortal(
    <section className="map-tool-panel" aria-label={title} data-testid={testId}>
      <header className="map-tool-panel-head">
        <h2 className="map-tool-panel-title">{title}</h2>
        {actions}
      </header>
      {children}
    </section>,
    dock,
  );
}
