import type { ReactNode } from 'react';

export interface ToolButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
  /** A mode the button switches on and off (drawing, measuring, route planning): shown pressed. */
  pressed?: boolean;
  disabled?: boolean;
}

/**
 * A square 40 px button of the map's toolbars. Its label is the accessible name and shows on hover or
 * keyboard focus from CSS (data-tip). A plain button: the dashboard's map uses the toolbar without antd.
 */
export function ToolButton({ label, icon, onClick, testId, pressed, disabled }: ToolButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      data-tip={label}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      className={pressed ? 'map-tool map-tool-pressed' : 'map-tool'}
    >
      {icon}
    </button>
  );
}
