/** Small line icons of the drawing, measuring and locate buttons: inline SVG, lighter than three icon modules. */
function LineIcon({ d, dot }: { d: string; dot?: boolean }) {
  return (
    <span className="anticon">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="1em"
        height="1em"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={d} />
        {dot && <circle cx="12" cy="12" r="2.5" fill="currentColor" />}
      </svg>
    </span>
  );
}

/** A crosshair: 'Vị trí của tôi'. */
export const LOCATE_ICON = <LineIcon d="M12 1v4M12 19v4M1 12h4M19 12h4M5 12a7 7 0 1 0 14 0 7 7 0 1 0-14 0" dot />;
/** A square and a circle: the shapes that query stations. */
export const DRAW_ICON = <LineIcon d="M3 10h10v11H3zM22 8a5 5 0 1 1-10 0 5 5 0 1 1 10 0" />;
/** A ruler. */
export const MEASURE_ICON = <LineIcon d="M2 17 17 2l5 5L7 22zM6.5 12.5l2 2M9.5 9.5l2 2M12.5 6.5l2 2" />;
